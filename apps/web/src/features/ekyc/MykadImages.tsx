/**
 * The MyKad front and back of a hibah or an amendment, before its eKYC step (issue 3; spec §5 "MyKad front
 * and back attachments are required and must be separate files"; reference §2.4, §3.2 part B, §3.5 part B).
 * `path` is the record's document collection (`hibah/{id}/document`, `amendment/{id}/document`):
 * `GET` lists `{ attachments: { data } }`; each chosen image is sent as `POST { is_base64, type, document }`
 * (the server reads the front by OCR and refuses another MyKad number or the same file twice, 422 on
 * `document`). With `copyFrom` (an amendment) the images of the amended record — the will's, or the hibah's
 * (`copySource: "hibah"`; ADR 0097) — can be copied instead:
 * `POST { duplicate_from_id, type: "mykad_front" | "mykad_back" }`.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { isSameFile } from '@/lib/attachments.ts';
import { MYKAD_SIDES, MykadSide, type MykadSideName } from './MykadSide.tsx';
import { dataUrlOf } from './SelfieCapture.tsx';

type Side = MykadSideName;
const SIDES = MYKAD_SIDES;

/** An attachment as the document lists give it. */
export interface DocumentRow {
  id: string;
  type: string;
}

/** The newest image of each side in a document list. */
export const sidesOf = (rows: DocumentRow[] | undefined) =>
  Object.fromEntries(SIDES.map((s) => [s, (rows ?? []).find((d) => d.type === s) ?? null])) as Record<
    Side,
    DocumentRow | null
  >;

/** The MyKad images of one record; see the file comment. `onSaved` runs once both sides exist. */
export function MykadImages({
  path,
  editable,
  onSaved,
  copyFrom,
  copySource = 'will',
  title,
}: {
  path: string;
  editable: boolean;
  onSaved?: () => void;
  /** The images of the amended record (the will's or the hibah's) an amendment may copy. */
  copyFrom?: Record<Side, DocumentRow | null>;
  /** Which record `copyFrom` belongs to (the copy button's words). */
  copySource?: 'will' | 'hibah';
  title: string;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['mykad-images', path];
  const docs = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ attachments: { data: DocumentRow[] } }>(path)).attachments.data,
  });
  const saved = sidesOf(docs.data);
  const [files, setFiles] = useState<Record<Side, File | null>>({ 'mykad-front': null, 'mykad-back': null });
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'copy' | null>(null);
  const both = !!saved['mykad-front'] && !!saved['mykad-back'];

  async function after() {
    await qc.invalidateQueries({ queryKey: key });
    const rows = await qc.fetchQuery({
      queryKey: key,
      queryFn: async () => (await api.get<{ attachments: { data: DocumentRow[] } }>(path)).attachments.data,
    });
    const s = sidesOf(rows);
    if (s['mykad-front'] && s['mykad-back']) onSaved?.();
  }

  async function save() {
    setErrors({});
    setFormError(null);
    const missing = SIDES.filter((s) => !files[s] && !saved[s]);
    if (missing.length) return setErrors(Object.fromEntries(missing.map((s) => [s, t('validation.required')])));
    if (await isSameFile(files['mykad-front'], files['mykad-back'])) {
      return setErrors({ 'mykad-back': t('validation.mykad_same_file') });
    }
    setBusy('save');
    try {
      for (const side of SIDES) {
        const file = files[side];
        if (!file) continue;
        try {
          await api.post(path, { is_base64: true, type: side, document: await dataUrlOf(file) }, { silent: true });
        } catch (e) {
          const msg = e instanceof ApiError ? (e.errors.document?.[0] ?? null) : null;
          if (msg) {
            setErrors({ [side]: msg });
            return;
          }
          throw e;
        }
      }
      setFiles({ 'mykad-front': null, 'mykad-back': null });
      await after();
    } catch (e) {
      setFormError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: key });
    }
  }

  async function copy() {
    if (!copyFrom) return;
    setFormError(null);
    setBusy('copy');
    try {
      for (const side of SIDES) {
        const from = copyFrom[side];
        if (from) {
          await api.post(path, { duplicate_from_id: from.id, type: side.replace('-', '_') }, { silent: true });
        }
      }
      await after();
    } catch (e) {
      setFormError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(null);
    }
  }

  const canCopy = !!copyFrom && !!(copyFrom['mykad-front'] || copyFrom['mykad-back']);
  return (
    <Stack data-testid="mykad-images">
      <Title order={2}>{title}</Title>
      <Text>{t('ekyc.mykad.intro')}</Text>
      {canCopy && editable && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text size="sm">{t(copySource === 'hibah' ? 'ekyc.mykad.copy_intro_hibah' : 'ekyc.mykad.copy_intro')}</Text>
            <Group>
              <Button variant="light" onClick={copy} loading={busy === 'copy'} data-testid="mykad-copy">
                {t(copySource === 'hibah' ? 'ekyc.mykad.copy_hibah' : 'ekyc.mykad.copy')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {SIDES.map((side) => (
          <MykadSide
            key={side}
            side={side}
            file={files[side]}
            existing={saved[side]}
            error={errors[side]}
            disabled={!editable}
            onFile={(f) => setFiles((old) => ({ ...old, [side]: f }))}
          />
        ))}
      </SimpleGrid>
      <FormError message={formError} />
      <Group>
        <Button
          onClick={save}
          loading={busy === 'save'}
          disabled={!editable || (!files['mykad-front'] && !files['mykad-back'])}
          data-testid="mykad-save"
        >
          {t('ekyc.mykad.save')}
        </Button>
        {both && (
          <Text size="sm" data-testid="mykad-done">
            {t('ekyc.mykad.done')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
