/**
 * TEKUN uploads (spec §2 /tekun/upload/list; issue 10): the list of uploads (filter: with accepted /
 * refused rows), one upload's per-row result, and the upload page — a spreadsheet (XLSX or CSV: member
 * name, MyKad, certificate number, issue date) with the certificate PDFs (matched by the certificate
 * number in the file name), or one certificate at a time. The server checks every row (spec §5 MyKad
 * rules, duplicates, missing PDF) and answers per row; refused rows never block accepted ones.
 */
import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { MykadInput } from '@/components/MykadInput.tsx';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { fetchUpload, fetchUploads, postCertificate, postUpload, type Upload, type UploadRow } from './api.ts';

/** Accepted / refused badge. */
export function RowStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  // dark shades: white text keeps a 4.5:1 contrast (colour only repeats the text)
  const color = status === 'accepted' || status === 'verified' ? 'teal.9' : status === 'pending' ? 'gray.7' : 'red.9';
  return (
    <Badge color={color} variant="filled">
      {t(`programmes.status.${status}`)}
    </Badge>
  );
}

/** The per-row result table of an upload. */
export function RowsTable({ rows }: { rows: UploadRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ListTable data-testid="upload-rows">
      <Table.Caption>{t('tekun.rows_caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('tekun.f.row_no')}</Table.Th>
          <Table.Th scope="col">{t('tekun.f.member_name')}</Table.Th>
          <Table.Th scope="col">{t('tekun.f.ic_number')}</Table.Th>
          <Table.Th scope="col">{t('tekun.f.certificate_no')}</Table.Th>
          <Table.Th scope="col">{t('tekun.f.issue_date')}</Table.Th>
          <Table.Th scope="col">{t('tekun.f.status')}</Table.Th>
          <Table.Th scope="col">{t('tekun.f.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-status={r.status}>
            <Table.Td>{r.row_no}</Table.Td>
            <Table.Td>{r.member_name ?? '—'}</Table.Td>
            <Table.Td>{r.ic_number ?? '—'}</Table.Td>
            <Table.Td>{r.certificate_no ?? '—'}</Table.Td>
            <Table.Td>{formatDate(r.issue_date, i18n.language) || r.issue_date || '—'}</Table.Td>
            <Table.Td>
              <RowStatus status={r.status} />
            </Table.Td>
            <Table.Td>{r.reasons.map((x) => x.message).join(' ') || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}

function UploadSummary({ upload }: { upload: Upload }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="upload-summary">
      <Text fw={600}>{upload.file_name ?? t('tekun.single')}</Text>
      <Text size="sm">{formatDateTime(upload.created_at, i18n.language)}</Text>
      <Text>
        {t('tekun.summary', {
          total: upload.total_rows,
          accepted: upload.accepted_count,
          refused: upload.refused_count,
        })}
      </Text>
      {upload.repeated && <Text c="orange">{t('tekun.repeated')}</Text>}
    </Paper>
  );
}

/** /tekun/upload/list — uploads, newest first, with a status filter. */
export function UploadListPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['tekun-uploads', status, page],
    queryFn: async () => (await fetchUploads({ status: status ?? undefined, page })).uploads,
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('tekun.uploads_title')}</Title>
        <Button component={Link} to="/tekun/upload">
          {t('tekun.new_upload')}
        </Button>
      </Group>
      <Select
        label={t('tekun.filter_status')}
        data={[
          { value: 'accepted', label: t('tekun.with_accepted') },
          { value: 'refused', label: t('tekun.with_refused') },
        ]}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        clearable
        maw={280}
      />
      {q.data && q.data.data.length === 0 ? (
        <Text>{t('tekun.no_uploads')}</Text>
      ) : (
        <ListTable data-testid="uploads">
          <Table.Caption>{t('tekun.uploads_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tekun.f.file')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.uploaded_at')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.uploaded_by')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.total')}</Table.Th>
              <Table.Th scope="col">{t('programmes.status.accepted')}</Table.Th>
              <Table.Th scope="col">{t('programmes.status.refused')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.data ?? []).map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/tekun/upload/${u.id}`}>
                    {u.file_name ?? t('tekun.single')}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDateTime(u.created_at, i18n.language)}</Table.Td>
                <Table.Td>{u.uploaded_by_name ?? '—'}</Table.Td>
                <Table.Td>{u.total_rows}</Table.Td>
                <Table.Td>{u.accepted_count}</Table.Td>
                <Table.Td>{u.refused_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.last_page > 1 && (
        <Pagination total={q.data.last_page} value={page} onChange={setPage} aria-label={t('tekun.pages')} />
      )}
    </Stack>
  );
}

/** /tekun/upload/{id} — one upload's rows, filterable by status. */
export function UploadDetailPage() {
  const { t } = useTranslation();
  const { upload_id } = useParams();
  const [status, setStatus] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['tekun-upload', upload_id, status],
    queryFn: () => fetchUpload(upload_id as string, status ?? undefined),
  });
  return (
    <Stack>
      <Title order={1}>{t('tekun.upload_title')}</Title>
      {q.data && <UploadSummary upload={q.data.upload} />}
      <Select
        label={t('tekun.filter_status')}
        data={[
          { value: 'accepted', label: t('programmes.status.accepted') },
          { value: 'refused', label: t('programmes.status.refused') },
        ]}
        value={status}
        onChange={setStatus}
        clearable
        maw={240}
      />
      {q.data && <RowsTable rows={q.data.rows} />}
      <Anchor component={Link} to="/tekun/upload/list">
        {t('tekun.back_to_list')}
      </Anchor>
    </Stack>
  );
}

/** /tekun/upload — the bulk upload form and, below, one certificate at a time. */
export function UploadPage() {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<File | null>(null);
  const [pdfs, setPdfs] = useState<File[]>([]);
  const [result, setResult] = useState<{ upload: Upload; rows: UploadRow[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sheetError, setSheetError] = useState<string | undefined>();

  const submit = async () => {
    if (!sheet) {
      setSheetError(t('programmes.spreadsheet_required'));
      return;
    }
    setSheetError(undefined);
    const form = new FormData();
    form.append('document', sheet, sheet.name);
    for (const p of pdfs) form.append('certificates[]', p, p.name);
    setBusy(true);
    try {
      const r = await postUpload(form);
      setResult(r);
      successToast(t('tekun.uploaded'));
    } catch {
      /* the client shows the error */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={1}>{t('tekun.upload_page_title')}</Title>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            {t('tekun.bulk_title')}
          </Title>
          <Text size="sm">{t('tekun.bulk_help')}</Text>
          <FileInput
            label={t('tekun.spreadsheet')}
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            value={sheet}
            onChange={setSheet}
            error={sheetError}
            required
            clearable
            clearButtonProps={{ 'aria-label': t('tekun.clear_file') }}
            data-testid="spreadsheet-input"
          />
          <FileInput
            label={t('tekun.pdfs')}
            accept="application/pdf,.pdf"
            multiple
            value={pdfs}
            onChange={setPdfs}
            clearable
            clearButtonProps={{ 'aria-label': t('tekun.clear_file') }}
            data-testid="pdf-input"
          />
          <Group>
            <Button onClick={submit} loading={busy}>
              {t('tekun.upload_button')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {result && (
        <Stack data-testid="upload-result">
          <UploadSummary upload={result.upload} />
          <RowsTable rows={result.rows} />
        </Stack>
      )}
      <SingleCertificateForm />
    </Stack>
  );
}

/** One certificate: member name, MyKad, certificate number, issue date and the PDF; errors by field. */
function SingleCertificateForm() {
  const { t } = useTranslation();
  const [v, setV] = useState({ member_name: '', ic_number: '', certificate_no: '', issue_date: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setV({ ...v, [k]: e.currentTarget.value });
  const submit = async () => {
    const form = new FormData();
    for (const [k, val] of Object.entries(v)) form.append(k, val);
    if (file) form.append('document', file, file.name);
    try {
      const r = await postCertificate(form);
      setErrors({});
      setDone(r.certificate?.certificate_no ?? null);
      successToast(t('tekun.uploaded'));
    } catch (e) {
      const errs = (e as { errors?: Record<string, string[]> }).errors ?? {};
      setErrors(Object.fromEntries(Object.entries(errs).map(([k, m]) => [k, m[0]])));
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          {t('tekun.single_title')}
        </Title>
        <TextInput
          label={t('tekun.f.member_name')}
          value={v.member_name}
          onChange={set('member_name')}
          error={errors.member_name}
          required
        />
        <MykadInput
          label={t('tekun.f.ic_number')}
          value={v.ic_number}
          onChange={set('ic_number')}
          error={errors.ic_number}
          required
        />
        <TextInput
          label={t('tekun.f.certificate_no')}
          value={v.certificate_no}
          onChange={set('certificate_no')}
          error={errors.certificate_no}
          required
        />
        <TextInput
          label={t('tekun.f.issue_date')}
          placeholder="YYYY-MM-DD"
          value={v.issue_date}
          onChange={set('issue_date')}
          error={errors.issue_date}
          required
        />
        <FileInput
          label={t('tekun.pdf')}
          accept="application/pdf,.pdf"
          value={file}
          onChange={setFile}
          error={errors.document}
          required
        />
        <Group>
          <Button onClick={submit}>{t('tekun.upload_one')}</Button>
        </Group>
        {done && <Text c="green">{t('tekun.single_done', { no: done })}</Text>}
      </Stack>
    </Paper>
  );
}
