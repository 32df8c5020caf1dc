/**
 * /dashboard/graph-report: registrations over time (line: wills, approved wills, hibahs and trusts), wills
 * by branch, sales by product — will plans and hibah products — (bars) and the payment-mode split (donut),
 * with the report filters. Every chart is followed by its data as a
 * table (visually hidden, for screen readers); the drawn charts are `aria-hidden` and `inert` (the chart
 * library makes its drawing focusable, which a hidden element must not be). Data: `GET /api/reports/graph` (amounts in sen).
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatRinggit, HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeriod } from '@/lib/format.ts';
import { fetchReport, type ReportFilters, type SummaryReport } from './api.ts';
import { REPORT_SCREENS } from './config.ts';
import { Filters } from './Filters.tsx';
import { ExportButtons, initialFilters } from './ReportPage.tsx';

const screen = REPORT_SCREENS.find((s) => s.kind === 'graph') ?? REPORT_SCREENS[REPORT_SCREENS.length - 1];
const COLORS = ['teal.7', 'blue.7', 'orange.7', 'grape.7', 'red.7', 'gray.7'];

/**
 * Bars lying down, one row per name, every name written beside its bar (issue 38 item 11: standing bars of long
 * product names had their labels dropped by the chart for want of room, leaving a bar with no name). The height
 * grows with the number of bars (px).
 */
const namedBars = (n: number) =>
  ({
    orientation: 'vertical',
    h: Math.max(160, 56 + n * 34),
    yAxisProps: { width: 150, interval: 0 },
  }) as const;

/** A chart's data as a table for screen readers. */
function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={String(r[0])}>
              {head.map((h, i) => (
                <Table.Td key={h}>{r[i]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

export function GraphReportPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [filters, setFilters] = useState<ReportFilters>(() => initialFilters(screen));
  const q = useQuery({
    queryKey: ['report', 'graph', filters],
    queryFn: () => fetchReport<SummaryReport>('graph', filters),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const d = q.data;
  const label = (key: string) => (d ? formatPeriod(key, d.unit, lang) : key);
  const hibahLabel = t('reports.hibah.title');
  const hibahRows = d?.hibah?.rows ?? [];
  const line = (d?.rows ?? []).map((r, i) => ({
    period: label(r.key),
    [t('reports.col.total')]: r.total,
    [t('reports.col.approved')]: r.approved,
    [hibahLabel]: hibahRows[i]?.total ?? 0,
  }));
  const branches = (d?.by_branch ?? []).slice(0, 15).map((b) => ({
    branch: b.branch_name ?? t('reports.none'),
    [t('reports.col.total')]: b.total,
  }));
  // Products: the will plans, then the hibah and trust products (ADR 0063).
  const products = [
    ...(d?.by_plan ?? []).map((p) => ({
      product: p.plan ? t(`reports.plan.${p.plan}`) : t('reports.none'),
      total: p.total,
      amount_sen: p.amount_sen,
    })),
    ...(d?.hibah?.by_type ?? []).map((p) => ({
      product: labelOf(HIBAH_TYPES, p.hibah_type, lang) || t('reports.none'),
      total: p.total,
      amount_sen: p.amount_sen,
    })),
  ];
  const plans = products.map((p) => ({ plan: p.product, [t('reports.col.total')]: p.total }));
  const modes = (d?.by_payment_option ?? []).map((p, i) => ({
    name: p.payment_options_id ? t(`reports.payment.${p.payment_options_id}`) : t('reports.none'),
    value: p.total,
    color: COLORS[i % COLORS.length],
  }));
  const total = t('reports.col.total');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('reports.graph.title')}</Title>
        <ExportButtons screen={screen} filters={filters} />
      </Group>
      <Filters period={screen.period} value={filters} onApply={setFilters} />
      {d && (
        <>
          <Text data-testid="graph-totals">
            {t('reports.col.total')}: <b>{d.totals.total}</b> · {t('reports.col.amount')}:{' '}
            <b>{formatRinggit(d.totals.amount_sen)}</b>
          </Text>
          {d.hibah ? (
            <Text data-testid="graph-hibah-totals">
              {hibahLabel}: <b>{d.hibah.totals.total}</b> · {t('reports.col.amount')}:{' '}
              <b>{formatRinggit(d.hibah.totals.amount_sen)}</b>
            </Text>
          ) : null}
          <Card withBorder>
            <Title order={3} size="h4" id="chart-line">
              {t('reports.graph.registrations')}
            </Title>
            <div aria-hidden="true" inert>
              <LineChart
                h={280}
                data={line}
                dataKey="period"
                withLegend
                xAxisLabel={t('reports.col.period')}
                yAxisLabel={total}
                series={[
                  { name: total, color: 'teal.7' },
                  { name: t('reports.col.approved'), color: 'blue.7' },
                  { name: hibahLabel, color: 'grape.7' },
                ]}
              />
            </div>
            <DataTable
              caption={t('reports.graph.registrations')}
              head={[t('reports.col.period'), total, t('reports.col.approved'), hibahLabel]}
              rows={d.rows.map((r, i) => [label(r.key), r.total, r.approved, hibahRows[i]?.total ?? 0])}
            />
          </Card>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card withBorder>
              <Title order={3} size="h4">
                {t('reports.graph.by_branch')}
              </Title>
              <div aria-hidden="true" inert>
                <BarChart
                  {...namedBars(branches.length)}
                  data={branches}
                  dataKey="branch"
                  withLegend
                  xAxisLabel={total}
                  series={[{ name: total, color: 'teal.7' }]}
                />
              </div>
              <DataTable
                caption={t('reports.graph.by_branch')}
                head={[t('reports.col.branch_name'), total, t('reports.col.amount')]}
                rows={d.by_branch.map((b) => [b.branch_name ?? '—', b.total, formatRinggit(b.amount_sen)])}
              />
            </Card>
            <Card withBorder>
              <Title order={3} size="h4">
                {t('reports.graph.by_product')}
              </Title>
              <div aria-hidden="true" inert>
                <BarChart
                  {...namedBars(plans.length)}
                  data={plans}
                  dataKey="plan"
                  withLegend
                  xAxisLabel={total}
                  series={[{ name: total, color: 'blue.7' }]}
                />
              </div>
              <DataTable
                caption={t('reports.graph.by_product')}
                head={[t('reports.filter.product'), total, t('reports.col.amount')]}
                rows={products.map((p) => [p.product, p.total, formatRinggit(p.amount_sen)])}
              />
            </Card>
            <Card withBorder>
              <Title order={3} size="h4">
                {t('reports.graph.by_payment')}
              </Title>
              <div aria-hidden="true" inert>
                <DonutChart data={modes} withLabels withLabelsLine={false} withLegend labelsType="percent" mx="auto" />
              </div>
              <DataTable
                caption={t('reports.graph.by_payment')}
                head={[t('reports.col.payment_options_id'), total, t('reports.col.amount')]}
                rows={d.by_payment_option.map((p) => [
                  p.payment_options_id ? t(`reports.payment.${p.payment_options_id}`) : '—',
                  p.total,
                  formatRinggit(p.amount_sen),
                ])}
              />
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
