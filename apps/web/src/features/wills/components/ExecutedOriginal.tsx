/**
 * The executed original of a registered will (issue 41 item 1; ADR 0266), on the will's details page: whether the
 * version in force has one (held since when, who keeps it and where), the SHA-256 the signed paper must carry at the
 * foot of its pages, every scan uploaded with its status, the upload form (the testator, the will's agent or
 * staff: `can_upload`) and, for staff who verify wills (`can_verify`), the check — type the hash read off the scan:
 * it matches (recorded as the executed original) or the server answers 422 on `printed_sha256`; or refuse with a
 * reason. When the will declares harta sepencarian the check also asks whether the scan's declaration page carries
 * the spouse's signed acknowledgement (`sepencarian_acknowledged`, ADR 0290), and the held original says so.
 *
 * Calls: `GET /api/wasiat/{id}/executed-original`, `POST /api/wasiat/{id}/executed-original { scan (data URL),
 * scan_filename, custody, custody_place }`, `POST /api/executed-original/{oid}/verify { printed_sha256,
 * sepencarian_acknowledged? }` and
 * `/refuse { reason }` (apps/api/src/modules/documents/executed-original-routes.ts). 422s show at their field.
 */
import {
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTODIES, type Custody, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { SignatureLawNotice } from '@/components/SignatureLaw.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { dataUrlOf as toDataUrl } from '@/lib/files.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { fetchAttachmentBlob } from '../../../lib/attachments.ts';

/** One scan as the API answers it. */
interface ExecutedOriginalScan {
  id: string;
  version_no: number;
  status: 'pending' | 'verified' | 'refused';
  custody: Custody;
  custody_place: string;
  scan: { id: string; url: string };
  uploaded_by: string;
  uploaded_at: string;
  printed_sha256: string | null;
  reviewed_at: string | null;
  refusal_reason: string | null;
  /** ADR 0290: the spouse's acknowledgement signed on the scan (true / false); null when not asked. */
  sepencarian_acknowledged?: boolean | null;
}

/** `GET /api/wasiat/{id}/executed-original` → `executed_original`. */
export interface ExecutedOriginalView {
  held: boolean;
  executed_original_at: string | null;
  custody: Custody | null;
  custody_place: string | null;
  /** The will declares harta sepencarian: the check asks about the spouse's acknowledgement (ADR 0290). */
  sepencarian_declared?: boolean;
  /** What staff recorded of it on the executed original held; null when not asked. */
  sepencarian_acknowledged?: boolean | null;
  version_no: number;
  expected_sha256: string | null;
  scans: ExecutedOriginalScan[];
  can_upload: boolean;
  can_verify: boolean;
}

/** The first message of each field of a 422 (the server's, already translated). */
const fieldErrors = (e: unknown): Record<string, string> =>
  e instanceof ApiError ? Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])) : {};

/** A scan's status as a badge (the words carry the meaning; the colour repeats it). */
function ScanStatus({ status }: { status: ExecutedOriginalScan['status'] }) {
  const { t } = useTranslation();
  const color = status === 'verified' ? 'teal.9' : status === 'refused' ? 'red.9' : 'yellow.9';
  return (
    <Badge color={color} variant="filled">
      {t(`executed_original.status.${status}`)}
    </Badge>
  );
}

/** The executed-original badge of a will (list and details): held, or not held. */
export function ExecutedOriginalBadge({ at }: { at: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Badge color={at ? 'teal.9' : 'gray.7'} variant={at ? 'filled' : 'outline'} data-testid="executed-original-badge">
      {t(at ? 'executed_original.held' : 'executed_original.not_held')}
    </Badge>
  );
}

/** The panel; see the file comment. Only for a registered will (status 2). */
export function ExecutedOriginalPanel({ willId }: { willId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const key = ['executed-original', willId];
  const q = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.get<{ executed_original: ExecutedOriginalView }>(`wasiat/${willId}/executed-original`))
        .executed_original,
  });
  const [file, setFile] = useState<File | null>(null);
  const [custody, setCustody] = useState<Custody>('provider');
  const [place, setPlace] = useState('');
  const [hash, setHash] = useState('');
  const [reason, setReason] = useState('');
  const [ack, setAck] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const eo = q.data;
  if (!eo) return null;
  const pending = eo.scans.find((s) => s.status === 'pending');

  /** Run a call; on success refresh the panel and the will, on a 422 show its fields. */
  async function run(call: () => Promise<unknown>) {
    setErrors({});
    setBusy(true);
    try {
      await call();
      setFile(null);
      setHash('');
      setReason('');
      await qc.invalidateQueries({ queryKey: key });
      await qc.invalidateQueries({ queryKey: ['wasiat', willId] });
    } catch (e) {
      if (e instanceof ApiError) e.shownInline = true;
      const f = fieldErrors(e);
      setErrors(Object.keys(f).length ? f : { _: e instanceof ApiError ? e.firstMessage : String(e) });
    } finally {
      setBusy(false);
    }
  }

  const upload = () => {
    if (!file) return setErrors({ scan: t('executed_original.panel.file_required') });
    return run(async () =>
      api.post(`wasiat/${willId}/executed-original`, {
        scan: await toDataUrl(file),
        scan_filename: file.name,
        custody,
        custody_place: place,
      }),
    );
  };

  return (
    <Paper withBorder p="md" data-testid="executed-original">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('executed_original.panel.title')}
          </Title>
          <ExecutedOriginalBadge at={eo.held ? eo.executed_original_at : null} />
        </Group>
        {eo.held && (
          <Text size="sm" data-testid="executed-original-held">
            {t('executed_original.panel.held_at', { date: formatDateTime(eo.executed_original_at, lang) })} ·{' '}
            {labelOf(CUSTODIES, eo.custody, lang)} · {eo.custody_place}
          </Text>
        )}
        {eo.held && eo.sepencarian_acknowledged != null && (
          <Text size="sm" data-testid="executed-original-sepencarian">
            {t(`executed_original.panel.sepencarian_held_${eo.sepencarian_acknowledged ? 'yes' : 'no'}`)}
          </Text>
        )}
        <Text size="sm">
          {t('executed_original.panel.expected')} ({t('executed_original.panel.version', { n: eo.version_no })}):{' '}
          {eo.expected_sha256 ? (
            <Code data-testid="expected-sha256">{eo.expected_sha256}</Code>
          ) : (
            t('executed_original.panel.expected_none')
          )}
        </Text>
        {!eo.held && <SignatureLawNotice />}
        {eo.scans.length > 0 && (
          <Table>
            <Table.Caption>{t('executed_original.panel.scans')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('executed_original.panel.uploaded_at')}</Table.Th>
                <Table.Th>{t('executed_original.panel.status')}</Table.Th>
                <Table.Th>{t('executed_original.panel.custody')}</Table.Th>
                <Table.Th>{t('executed_original.panel.custody_place')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {eo.scans.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{formatDateTime(s.uploaded_at, lang)}</Table.Td>
                  <Table.Td>
                    <ScanStatus status={s.status} />
                    {s.refusal_reason && (
                      <Text size="xs">{t('executed_original.panel.refusal_reason', { reason: s.refusal_reason })}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{labelOf(CUSTODIES, s.custody, lang)}</Table.Td>
                  <Table.Td>{s.custody_place}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={async () =>
                        window.open(URL.createObjectURL(await fetchAttachmentBlob(s.scan.id)), '_blank', 'noopener')
                      }
                    >
                      {t('executed_original.panel.view_scan')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {eo.can_verify && pending && (
          <Stack gap="xs" data-testid="executed-original-check">
            <Title order={3} size="h5">
              {t('executed_original.panel.check_title')}
            </Title>
            <TextInput
              label={t('executed_original.panel.printed_sha256')}
              description={t('executed_original.panel.printed_sha256_hint')}
              value={hash}
              onChange={(e) => setHash(e.currentTarget.value)}
              error={errors.printed_sha256}
              autoComplete="off"
              spellCheck={false}
            />
            {eo.sepencarian_declared && (
              <Radio.Group
                label={t('executed_original.panel.sepencarian_ack')}
                description={t('executed_original.panel.sepencarian_ack_hint')}
                required
                value={ack}
                onChange={setAck}
                error={errors.sepencarian_acknowledged}
              >
                <Group mt="xs">
                  <Radio value="yes" label={t('executed_original.panel.sepencarian_ack_yes')} />
                  <Radio value="no" label={t('executed_original.panel.sepencarian_ack_no')} />
                </Group>
              </Radio.Group>
            )}
            <Group>
              <Button
                loading={busy}
                onClick={() =>
                  run(() =>
                    api.post(
                      `executed-original/${pending.id}/verify`,
                      {
                        printed_sha256: hash,
                        ...(eo.sepencarian_declared && ack ? { sepencarian_acknowledged: ack === 'yes' } : {}),
                      },
                      { silent: true },
                    ),
                  )
                }
              >
                {t('executed_original.panel.verify')}
              </Button>
            </Group>
            <TextInput
              label={t('executed_original.panel.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={errors.reason}
            />
            <Group>
              <Button
                color="red"
                variant="light"
                loading={busy}
                onClick={() =>
                  run(() => api.post(`executed-original/${pending.id}/refuse`, { reason }, { silent: true }))
                }
              >
                {t('executed_original.panel.refuse')}
              </Button>
            </Group>
          </Stack>
        )}
        {eo.can_upload && !pending && (
          <Stack gap="xs" data-testid="executed-original-upload">
            <Title order={3} size="h5">
              {t('executed_original.panel.upload_title')}
            </Title>
            <FileInput
              label={t('executed_original.panel.scan')}
              accept="image/png,image/jpeg,image/webp,application/pdf"
              required
              clearable
              clearButtonProps={{ 'aria-label': t('executed_original.panel.clear_file') }}
              value={file}
              onChange={setFile}
              error={errors.scan}
              data-testid="executed-original-file"
            />
            <Select
              label={t('executed_original.panel.custody')}
              required
              allowDeselect={false}
              data={CUSTODIES.map((c) => ({ value: c.code, label: labelOf(CUSTODIES, c.code, lang) }))}
              value={custody}
              onChange={(v) => setCustody((v as Custody) ?? 'provider')}
              error={errors.custody}
            />
            <TextInput
              label={t('executed_original.panel.custody_place')}
              required
              value={place}
              onChange={(e) => setPlace(e.currentTarget.value)}
              error={errors.custody_place}
            />
            <Group>
              <Button loading={busy} onClick={upload}>
                {t('executed_original.panel.upload')}
              </Button>
            </Group>
          </Stack>
        )}
        <FormError message={errors._ ?? errors.wasiat_id ?? errors.id ?? null} />
      </Stack>
    </Paper>
  );
}
