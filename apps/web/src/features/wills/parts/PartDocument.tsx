/**
 * Part Document — MyKad front and back images (docs/api/wills.md `POST /wasiat/{id}/document`; spec §5
 * "MyKad front and back attachments are required and must be separate files"): two labelled file
 * inputs with previews; the same file twice is refused here (and by the server, 422
 * `validation.mykad_same_file`). Multipart upload with `type` mykad-front / mykad-back; an image already
 * there is replaced (`?action=replace`).
 *
 * The server reads the MyKad front by OCR (ADR 0090): a number that differs from the testator's is
 * refused (422 on `document`); what was read is shown for the user to confirm, and "use" copies the
 * name and address into part C (GET then PATCH `wasiat/{id}/user-detail`) before going on.
 */
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import {
  hasReading,
  MYKAD_SIDES,
  type MykadOcr,
  MykadReading,
  MykadSide,
  type MykadSideName,
} from '@/features/ekyc/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { isSameFile } from '../../../lib/attachments.ts';
import { useWizard } from '../components/WizardLayout.tsx';
import { useWillList } from '../hooks/useWill.ts';
import type { Attachment, UserDetail } from '../types.ts';

type Side = MykadSideName;
const SIDES = MYKAD_SIDES;

/** Part Document page; see the file comment. */
export function PartDocument() {
  const { t } = useTranslation();
  const { wasiatId, editable, goNext } = useWizard();
  const qc = useQueryClient();
  const docs = useWillList<Attachment>(wasiatId, 'document', 'attachments');
  const [files, setFiles] = useState<Record<Side, File | null>>({ 'mykad-front': null, 'mykad-back': null });
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState<MykadOcr | null>(null);
  const [readingError, setReadingError] = useState<string | null>(null);
  const existing = (side: Side) => [...(docs.data ?? [])].reverse().find((d) => d.type === side) ?? null;

  async function save() {
    setErrors({});
    setFormError(null);
    const missing = SIDES.filter((s) => !files[s] && !existing(s));
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((s) => [s, t('validation.required')])));
      return;
    }
    if (await isSameFile(files['mykad-front'], files['mykad-back'])) {
      setErrors({ 'mykad-back': t('validation.mykad_same_file') });
      return;
    }
    setBusy(true);
    try {
      let read: MykadOcr | null = null;
      for (const side of SIDES) {
        const file = files[side];
        if (!file) continue;
        const body = new FormData();
        body.append('type', side);
        body.append('document', file, file.name);
        const r = await api.post<{ document_ocr?: MykadOcr | null }>(
          `wasiat/${wasiatId}/document${existing(side) ? '?action=replace' : ''}`,
          body,
        );
        if (side === 'mykad-front') read = r.document_ocr ?? null;
      }
      await qc.invalidateQueries({ queryKey: ['wasiat', wasiatId, 'document'] });
      setFiles({ 'mykad-front': null, 'mykad-back': null });
      if (hasReading(read)) setReading(read);
      else await goNext('document');
    } catch (e) {
      if (e instanceof ApiError) {
        const msg = e.errors.document?.[0] ?? e.errors.type?.[0];
        if (msg) setErrors({ 'mykad-back': msg });
        else setFormError(e.firstMessage);
      } else setFormError(String(e));
      await qc.invalidateQueries({ queryKey: ['wasiat', wasiatId, 'document'] });
    } finally {
      setBusy(false);
    }
  }

  /** Copy the name and address read into part C (only the fields that were read), then go on. */
  async function applyReading() {
    if (!reading) return;
    setBusy(true);
    setReadingError(null);
    try {
      const { user_detail } = await api.get<{ user_detail: UserDetail | null }>(`wasiat/${wasiatId}/user-detail`);
      const next: Record<string, unknown> = { ...(user_detail ?? {}) };
      if (reading.name) next.name = reading.name;
      if (reading.address) next.correspondence_address = reading.address;
      if (reading.postcode) next.correspondence_postcode = reading.postcode;
      if (reading.city) next.correspondence_city = reading.city;
      if (reading.state) next.correspondence_state = reading.state;
      await api.patch(`wasiat/${wasiatId}/user-detail`, next);
      await qc.invalidateQueries({ queryKey: ['wasiat', wasiatId, 'user-detail'] });
      setReading(null);
      await goNext('document');
    } catch (e) {
      setReadingError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  if (reading) {
    return (
      <Stack>
        <Title order={2}>{t('wills.parts.document')}</Title>
        <MykadReading
          reading={reading}
          busy={busy}
          error={readingError}
          onUse={applyReading}
          onSkip={() => {
            setReading(null);
            void goNext('document');
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={2}>{t('wills.parts.document')}</Title>
      <Text>{t('wills.doc.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SIDES.map((side) => (
          <MykadSide
            key={side}
            side={side}
            file={files[side]}
            existing={existing(side)}
            error={errors[side]}
            disabled={!editable}
            onFile={(f) => setFiles((old) => ({ ...old, [side]: f }))}
          />
        ))}
      </SimpleGrid>
      <FormError message={formError} />
      <Group>
        <Button onClick={save} loading={busy} disabled={!editable}>
          {t('common.next')}
        </Button>
      </Group>
    </Stack>
  );
}
