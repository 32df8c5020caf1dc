/**
 * One report page (config.ts): filters, a sortable table with totals (summary reports sort in the
 * browser; detailed lists and the statement of account sort and page on the server, Laravel-style
 * pagination), and export buttons (XLSX, CSV, PDF downloaded as a Blob). Amounts arrive in sen and
 * are shown as ringgit; times in Asia/Kuala_Lumpur (DESIGN.md §7).
 */
import { Button, Group, Pagination, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { can, formatRinggit, roleOf } from '@wasiat/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '@/app/layout/AppLayout.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDateTime, formatPeriod } from '@/lib/format.ts';
import {
  type DetailReport,
  downloadReport,
  fetchReport,
  type ReportFilters,
  type SoaReport,
  type SummaryReport,
} from './api.ts';
import { klToday, type ReportScreen } from './config.ts';
import { Filters } from './Filters.tsx';
import { HibahSummary } from './HibahSummary.tsx';

const STATUS_KEYS = ['new', 'in_process', 'approved', 'cancelled'] as const;

/** The first filters of a screen: this month / year / today in Kuala Lumpur. */
export function initialFilters(s: ReportScreen): ReportFilters {
  const today = klToday();
  if (s.period === 'range') return { start_date: today, end_date: today };
  if (s.period === 'year') return { period: today.slice(0, 4) };
  if (s.period === 'optional_range') return {};
  return { period: today.slice(0, 7) };
}

/** A sortable column heading (aria-sort for screen readers). */
function SortTh({
  label,
  col,
  sort,
  onSort,
  numeric,
}: {
  label: string;
  col: string;
  sort: { col: string; dir: 'asc' | 'desc' } | null;
  onSort: (col: string) => void;
  numeric?: boolean;
}) {
  const active = sort?.col === col;
  return (
    <Table.Th
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={numeric ? { textAlign: 'right' } : undefined}
    >
      <UnstyledButton onClick={() => onSort(col)} fw={600} fz="sm">
        {label} {active ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

const rm = (sen: number) => formatRinggit(sen);
const right = { textAlign: 'right' as const };

/** The export buttons of a report. */
export function ExportButtons({ screen, filters }: { screen: ReportScreen; filters: ReportFilters }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const go = async (format: 'xlsx' | 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadReport(screen.kind, filters, format);
    } catch {
      /* the client already showed the error */
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {(['xlsx', 'csv', 'pdf'] as const).map((f) => (
        <Button key={f} variant="light" loading={busy === f} onClick={() => go(f)}>
          {t(`reports.export.${f}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Counts-by-status table of a summary report, sorted in the browser. */
export function SummaryTable({ data, caption }: { data: SummaryReport; caption: string }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<{ col: string; dir: 'asc' | 'desc' } | null>(null);
  const rows = useMemo(() => {
    if (!sort) return data.rows;
    const k = sort.col as keyof SummaryReport['rows'][number];
    return [...data.rows].sort((a, b) => (a[k] < b[k] ? -1 : a[k] > b[k] ? 1 : 0) * (sort.dir === 'asc' ? 1 : -1));
  }, [data.rows, sort]);
  const onSort = (col: string) => setSort((s) => ({ col, dir: s?.col === col && s.dir === 'asc' ? 'desc' : 'asc' }));
  const label = (key: string) => formatPeriod(key, data.unit, i18n.language);
  const numCols = ['total', ...STATUS_KEYS, 'paid'] as const;
  return (
    <ListTable minWidth={720}>
      <caption style={{ textAlign: 'left' }}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <SortTh label={t('reports.col.period')} col="key" sort={sort} onSort={onSort} />
          {numCols.map((c) => (
            <SortTh key={c} label={t(`reports.col.${c}`)} col={c} sort={sort} onSort={onSort} numeric />
          ))}
          <SortTh label={t('reports.col.amount')} col="amount_sen" sort={sort} onSort={onSort} numeric />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>{label(r.key)}</Table.Td>
            {numCols.map((c) => (
              <Table.Td key={c} style={right}>
                {r[c]}
              </Table.Td>
            ))}
            <Table.Td style={right}>{rm(r.amount_sen)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Th>{t('reports.col.totals')}</Table.Th>
          {numCols.map((c) => (
            <Table.Th key={c} style={right}>
              {data.totals[c]}
            </Table.Th>
          ))}
          <Table.Th style={right}>{rm(data.totals.amount_sen)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </ListTable>
  );
}

function DetailTable({
  data,
  sort,
  onSort,
  lang,
  approved = false,
  financing = false,
}: {
  data: DetailReport;
  sort: { col: string; dir: 'asc' | 'desc' };
  onSort: (c: string) => void;
  lang: string;
  /** The approved report also shows the approval time. */
  approved?: boolean;
  /** The financing report (/dashboard/loan-bmmb) also shows the bank's decision. */
  financing?: boolean;
}) {
  const { t } = useTranslation();
  const th = (c: string, numeric = false) => (
    <SortTh label={t(`reports.col.${c}`)} col={c} sort={sort} onSort={onSort} numeric={numeric} />
  );
  return (
    <ListTable minWidth={1000}>
      <caption style={{ textAlign: 'left' }}>{t('reports.rows_total', { count: data.rows.total })}</caption>
      <Table.Thead>
        <Table.Tr>
          {th('wasiat_no')}
          {th('created_at')}
          {/* "Tarikh daftar": the will's registration date, on every list (issue 38 item 11.4); sortable where
              every row has one (the approved list). */}
          {approved ? th('registered_at') : <Table.Th scope="col">{t('reports.col.registered_at')}</Table.Th>}
          {th('testator_name')}
          {th('organization_name')}
          {th('branch_name')}
          {th('agent_name')}
          {th('plan')}
          {th('status')}
          {th('payment_options_id')}
          {financing ? <Table.Th scope="col">{t('reports.col.financing_status')}</Table.Th> : null}
          {th('price_sen', true)}
          {th('paid_sen', true)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.rows.data.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>{r.wasiat_no ?? '—'}</Table.Td>
            <Table.Td>{formatDateTime(r.created_at, lang)}</Table.Td>
            <Table.Td>{r.registered_at ? formatDateTime(r.registered_at, lang) : '—'}</Table.Td>
            <Table.Td>{r.testator_name ?? '—'}</Table.Td>
            <Table.Td>{r.organization_name ?? '—'}</Table.Td>
            <Table.Td>{r.branch_name ?? '—'}</Table.Td>
            <Table.Td>{r.agent_name ?? '—'}</Table.Td>
            <Table.Td>{r.plan ? t(`reports.plan.${r.plan}`) : '—'}</Table.Td>
            <Table.Td>{t(`reports.col.${STATUS_KEYS[r.status] ?? 'new'}`)}</Table.Td>
            <Table.Td>{r.payment_options_id ? t(`reports.payment.${r.payment_options_id}`) : '—'}</Table.Td>
            {financing ? (
              <Table.Td data-testid="financing-status">
                {r.financing_status ? t(`reports.financing_status.${r.financing_status}`) : '—'}
                {r.financing_reason ? ` (${r.financing_reason})` : ''}
              </Table.Td>
            ) : null}
            <Table.Td style={right}>{rm(r.price_sen)}</Table.Td>
            <Table.Td style={right}>{rm(r.paid_sen)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={9 + (approved ? 1 : 0) + (financing ? 1 : 0)}>
            {t('reports.col.totals')} ({data.totals.count})
          </Table.Th>
          <Table.Th style={right}>{rm(data.totals.price_sen)}</Table.Th>
          <Table.Th style={right}>{rm(data.totals.paid_sen)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </ListTable>
  );
}

function SoaTable({ data, lang }: { data: SoaReport; lang: string }) {
  const { t } = useTranslation();
  return (
    <ListTable minWidth={800}>
      <caption style={{ textAlign: 'left' }}>{data.organization.name}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reports.col.paid_at')}</Table.Th>
          <Table.Th>{t('reports.col.receipt')}</Table.Th>
          <Table.Th>{t('reports.col.record_no')}</Table.Th>
          <Table.Th>{t('reports.col.payer')}</Table.Th>
          <Table.Th>{t('reports.col.payment_options_id')}</Table.Th>
          <Table.Th style={right}>{t('reports.col.amount')}</Table.Th>
          <Table.Th style={right}>{t('reports.col.balance')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={6}>{t('reports.col.opening')}</Table.Td>
          <Table.Td style={right}>{rm(data.opening_balance_sen)}</Table.Td>
        </Table.Tr>
        {data.transactions.data.map((x) => (
          <Table.Tr key={x.id}>
            <Table.Td>{formatDateTime(x.paid_at, lang)}</Table.Td>
            <Table.Td>{x.receipt_no ?? '—'}</Table.Td>
            <Table.Td>{x.record_no ?? x.wasiat_no ?? x.hibah_number ?? '—'}</Table.Td>
            <Table.Td>{x.testator_name ?? '—'}</Table.Td>
            <Table.Td>{t(`reports.payment.${x.payment_options_id}`)}</Table.Td>
            <Table.Td style={right}>{rm(x.amount_sen)}</Table.Td>
            <Table.Td style={right}>{rm(x.balance_sen)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={5}>{t('reports.col.closing')}</Table.Th>
          <Table.Th style={right}>{rm(data.total_sen)}</Table.Th>
          <Table.Th style={right}>{rm(data.closing_balance_sen)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </ListTable>
  );
}

/** The page of one report screen. */
export function ReportPage({ screen }: { screen: ReportScreen }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [filters, setFilters] = useState<ReportFilters>(() => initialFilters(screen));
  const [page, setPage] = useState(1);
  // approved lists run on the approval time (their period is on it), the others on the registration time
  const approved = screen.kind === 'approved-monthly';
  const [sort, setSort] = useState<{ col: string; dir: 'asc' | 'desc' }>({
    col: approved ? 'registered_at' : 'created_at',
    dir: 'desc',
  });
  const paged = screen.kind === 'detailed' || screen.kind === 'approved-monthly' || screen.kind === 'financing';
  const isSoa = screen.kind === 'soa';
  const query = {
    ...filters,
    ...(paged || isSoa ? { page, limit: 25 } : {}),
    ...(paged ? { sort: sort.col, order: sort.dir } : {}),
  };
  // Staff-side users pick the organisation of a statement first (a Partner's defaults to their own).
  const seesAll = can(roleOf(useSessionUser()), 'will:read:any');
  const waitForOrganisation = isSoa && seesAll && !filters.organization_id;
  const q = useQuery({
    queryKey: ['report', screen.kind, query],
    queryFn: () => fetchReport<SummaryReport & DetailReport & SoaReport>(screen.kind, query),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: !waitForOrganisation,
  });
  const onSort = (col: string) => {
    setSort((s) => ({ col, dir: s.col === col && s.dir === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };
  let body: ReactNode = null;
  const d = q.data;
  if (d && paged)
    body = (
      <DetailTable
        data={d}
        sort={sort}
        onSort={onSort}
        lang={lang}
        approved={approved}
        financing={screen.kind === 'financing'}
      />
    );
  else if (d && isSoa) body = <SoaTable data={d} lang={lang} />;
  else if (d)
    body = (
      <>
        <SummaryTable data={d} caption={t(`reports.${screen.key}.title`)} />
        <HibahSummary data={d} />
      </>
    );
  const lastPage = d ? (paged ? d.rows.last_page : isSoa ? d.transactions.last_page : 1) : 1;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t(`reports.${screen.key}.title`)}</Title>
        <ExportButtons screen={screen} filters={filters} />
      </Group>
      <Text c="dimmed" size="sm">
        {t(`reports.${screen.key}.description`)}
      </Text>
      <Filters
        period={screen.period}
        value={filters}
        onApply={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      {isSoa && (q.error || waitForOrganisation) ? <Text c="red.8">{t('reports.soa.pick_organisation')}</Text> : null}
      {body}
      {lastPage > 1 && <Pagination total={lastPage} value={page} onChange={setPage} aria-label={t('reports.pages')} />}
    </Stack>
  );
}

/** A page component bound to a screen (for the router). */
export const reportPageFor = (screen: ReportScreen) =>
  function BoundReportPage() {
    return <ReportPage screen={screen} />;
  };
