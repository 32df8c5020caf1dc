/**
 * The right office for a verified deceased's estate (issue 40 item 7; ADR 0271), at /kematian/:id/pejabat, opened
 * from a verified report of /kematian/senarai. `GET /api/death-report/{id}/estate-route` → the route (the
 * small-estate unit, Amanah Raya's summary administration, or the High Court), the office and why (the server's
 * reason in the page's language, citing the section), the values it came from (sen, shown as ringgit), and the
 * checklist of documents: each item ticked (`POST …/estate-checklist { item, done }`) and a document uploaded for it
 * (`POST …/estate-checklist/upload { item, file }`, PNG, JPEG, WebP or PDF of at most 5 MB), opened through
 * `GET /api/attachment/{id}/file`. Staff (`can_edit_values`) enter the values over the will's
 * (`PUT …/estate-values`, ringgit typed, sent in sen). The application data sheet and the sijil faraid sheet are
 * downloaded as PDFs. A report out of the caller's scope is the server's 404, shown as a message.
 */
import {
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit, parseRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { fetchAttachmentBlob } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { dataUrlOf as toDataUrl } from '@/lib/files.ts';
import { successToast } from '@/lib/notify.tsx';
import { DEATHS_KEY } from './api.ts';
import { ConsentStatus } from './ConsentStatus.tsx';
import { EstateNotices } from './EstateNotices.tsx';

/** One text in both languages (the server's reason, office and checklist labels). */
interface Bi {
  ms: string;
  en: string;
}

/** The estate as `GET /api/death-report/{id}/estate-route` returns it. */
export interface Estate {
  death_report_id: string;
  deceased: { name: string | null; ic_number: string; date_of_death: string; certificate_no: string };
  will: { id: string; wasiat_no: string | null; type: 'islamic' | 'conventional'; executor: string | null } | null;
  values: {
    movable_sen: number;
    immovable_sen: number;
    will: string;
    executor_named: boolean;
    source: 'staff' | 'will' | 'none';
  };
  route: 'small_estate' | 'arb_summary' | 'high_court_probate' | 'high_court_administration';
  office: Bi;
  reason: Bi;
  total_sen: number;
  checklist: (Bi & { code: string; source: string; done: boolean; attachment_id: string | null })[];
  can_edit_values: boolean;
}

/** Open a Blob in a new tab, or save it as `filename` where a tab cannot be opened. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Staff's values form: ringgit typed, sent in sen. */
function ValuesForm({ estate, onSaved }: { estate: Estate; onSaved: (e: Estate) => void }) {
  const { t } = useTranslation();
  const ringgit = (sen: number) => (sen / 100).toFixed(2);
  const [mov, setMov] = useState(ringgit(estate.values.movable_sen));
  const [imm, setImm] = useState(ringgit(estate.values.immovable_sen));
  const [executor, setExecutor] = useState(estate.values.executor_named);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save() {
    const movable_sen = parseRinggit(mov);
    const immovable_sen = parseRinggit(imm);
    const bad: Record<string, string> = {};
    if (movable_sen == null || movable_sen < 0) bad.movable_sen = t('estate_route.value_invalid');
    if (immovable_sen == null || immovable_sen < 0) bad.immovable_sen = t('estate_route.value_invalid');
    setErrors(bad);
    if (Object.keys(bad).length) return;
    try {
      const out = await api.put<{ message: string; estate: Estate }>(
        `death-report/${estate.death_report_id}/estate-values`,
        {
          movable_sen,
          immovable_sen,
          executor_named: estate.will ? executor : null,
        },
      );
      successToast(out.message);
      onSaved(out.estate);
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0] ?? ''])));
        e.shownInline = true;
      }
    }
  }
  return (
    <Stack gap="xs" maw={520} data-testid="estate-values-form">
      <Title order={2} size="h4">
        {t('estate_route.values_title')}
      </Title>
      <TextInput
        label={t('estate_route.movable')}
        value={mov}
        onChange={(e) => setMov(e.currentTarget.value)}
        error={errors.movable_sen}
        inputMode="decimal"
      />
      <TextInput
        label={t('estate_route.immovable')}
        value={imm}
        onChange={(e) => setImm(e.currentTarget.value)}
        error={errors.immovable_sen}
        inputMode="decimal"
      />
      {estate.will && (
        <Switch
          label={t('estate_route.executor_acts')}
          checked={executor}
          onChange={(e) => setExecutor(e.currentTarget.checked)}
        />
      )}
      <Group>
        <Button onClick={() => void save()}>{t('estate_route.save_values')}</Button>
      </Group>
    </Stack>
  );
}

/** The page; see the file comment. */
export function EstateRoutePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const key = [...DEATHS_KEY, 'estate', id];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<{ estate: Estate }>(`death-report/${id}/estate-route`) });
  const [error, setError] = useState<string | null>(null);
  const lang: 'ms' | 'en' = i18n.language === 'en' ? 'en' : 'ms';
  const estate = q.data?.estate;
  const set = (e: Estate) => qc.setQueryData(key, { estate: e });

  async function tick(item: string, done: boolean) {
    setError(null);
    try {
      const out = await api.post<{ estate: Estate }>(
        `death-report/${id}/estate-checklist`,
        { item, done },
        { silent: true },
      );
      set(out.estate);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  }
  async function upload(item: string, file: File | null) {
    if (!file) return;
    setError(null);
    try {
      const out = await api.post<{ message: string; estate: Estate }>(
        `death-report/${id}/estate-checklist/upload`,
        { item, file: await toDataUrl(file), filename: file.name },
        { silent: true },
      );
      successToast(out.message);
      set(out.estate);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  }
  async function sheet(path: 'estate-sheet' | 'faraid-sheet') {
    saveBlob(await api.downloadPdf(`death-report/${id}/${path}`), `${path}.pdf`);
  }
  async function openFile(attachmentId: string) {
    const blob = await fetchAttachmentBlob(attachmentId);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  }

  if (q.isPending) return <Text>{t('estate_route.loading')}</Text>;
  if (q.isError || !estate) {
    return (
      <Stack maw={560} data-testid="estate-route-page">
        <Title order={1}>{t('estate_route.title')}</Title>
        <FormError message={q.error instanceof ApiError ? q.error.firstMessage : t('estate_route.failed')} />
        <Anchor component={Link} to="/kematian/senarai">
          {t('estate_route.back')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="estate-route-page">
      <Anchor component={Link} to="/kematian/senarai">
        {t('estate_route.back')}
      </Anchor>
      <Title order={1}>{t('estate_route.title')}</Title>
      <Text>
        {t('estate_route.deceased', {
          name: estate.deceased.name ?? estate.deceased.ic_number,
          ic: estate.deceased.ic_number,
          certificate: estate.deceased.certificate_no,
        })}
      </Text>
      <Stack gap={4} data-testid="estate-route-answer">
        <Title order={2} size="h3">
          {t(`estate_route.route.${estate.route}`)}
        </Title>
        <Text fw={600}>{estate.office[lang]}</Text>
        <Text>{estate.reason[lang]}</Text>
        <Text size="sm" c="dimmed">
          {t('estate_route.values_line', {
            movable: formatRinggit(estate.values.movable_sen),
            immovable: formatRinggit(estate.values.immovable_sen),
            total: formatRinggit(estate.total_sen),
          })}{' '}
          · {t(`estate_route.source.${estate.values.source}`)}
        </Text>
      </Stack>
      <Group>
        <Button variant="default" onClick={() => void sheet('estate-sheet')}>
          {t('estate_route.application_sheet')}
        </Button>
        <Button variant="default" onClick={() => void sheet('faraid-sheet')}>
          {t('estate_route.faraid_sheet')}
        </Button>
        <Button component={Link} to={`/kematian/${id}/fail`} variant="light">
          {t('estate_file.open_link')}
        </Button>
      </Group>
      <FormError message={error} />
      <Title order={2} size="h4">
        {t('estate_route.checklist')}
      </Title>
      <ListTable minWidth={560}>
        <Table.Caption>{t('estate_route.checklist')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('estate_route.col.have')}</Table.Th>
            <Table.Th scope="col">{t('estate_route.col.document')}</Table.Th>
            <Table.Th scope="col">{t('estate_route.col.upload')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {estate.checklist.map((c) => (
            <Table.Tr key={c.code} data-testid={`estate-item-${c.code}`}>
              <Table.Td>
                <Checkbox
                  aria-label={c[lang]}
                  checked={c.done}
                  onChange={(e) => void tick(c.code, e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c[lang]}</Text>
                <Text size="xs" c="dimmed">
                  {c.source}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <FileButton
                    onChange={(f) => void upload(c.code, f)}
                    accept="image/png,image/jpeg,image/webp,application/pdf"
                  >
                    {(props) => (
                      <Button size="compact-xs" variant="subtle" {...props}>
                        {t(c.attachment_id ? 'estate_route.replace' : 'estate_route.upload')}
                      </Button>
                    )}
                  </FileButton>
                  {c.attachment_id && (
                    <Button size="compact-xs" variant="subtle" onClick={() => void openFile(c.attachment_id as string)}>
                      {t('estate_route.open')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      {estate.can_edit_values && <ValuesForm key={`${estate.total_sen}`} estate={estate} onSaved={set} />}
      <EstateNotices deathReportId={id} />
      {/* The heirs' consent per bequest, read-only, and the sealed record (issue 40 item 5; ADR 0275). */}
      <ConsentStatus deathReportId={id} />
    </Stack>
  );
}
