/**
 * /ezqurban/report/monthly (spec §2; issue 10): per calendar month (Asia/Kuala_Lumpur) of a year — paid
 * purchases, shares, amount collected, amount transferred and the balance at the month's end — for all
 * seasons or one, with XLSX and CSV exports (`GET /api/ez-qurban/report/monthly`). Each month is written as the
 * exports write it ("Dis 2026", `formatPeriod`), never the API's 'YYYY-MM' key (issue 38).
 */
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatPeriod } from '@/lib/format.ts';
import { downloadFile, klYear, YearSelect } from '../programmes/index.ts';
import { fetchQurbanReport } from './api.ts';
import { SeasonSelect } from './SeasonSelect.tsx';

export function QurbanReportPage() {
  const { t, i18n } = useTranslation();
  const [year, setYear] = useState(klYear());
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['qurban-report', year, seasonId],
    queryFn: async () => (await fetchQurbanReport(year, seasonId ?? undefined)).report,
  });
  const dl = (format: 'xlsx' | 'csv') =>
    downloadFile(
      `ez-qurban/report/monthly?year=${year}${seasonId ? `&season_id=${encodeURIComponent(seasonId)}` : ''}&format=${format}`,
      `ezqurban-${year}.${format}`,
    );
  return (
    <Stack>
      <Title order={1}>{t('programmes.report.qurban_title')}</Title>
      <Group align="end">
        <YearSelect value={year} onChange={setYear} />
        <SeasonSelect value={seasonId} onChange={setSeasonId} clearable />
        <Button variant="default" onClick={() => dl('xlsx')}>
          {t('programmes.export_xlsx')}
        </Button>
        <Button variant="default" onClick={() => dl('csv')}>
          {t('programmes.export_csv')}
        </Button>
      </Group>
      {q.data && (
        <>
          <ListTable data-testid="qurban-report">
            <Table.Caption>{t('programmes.report.qurban_title')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('programmes.report.month')}</Table.Th>
                <Table.Th scope="col">{t('programmes.report.transactions')}</Table.Th>
                <Table.Th scope="col">{t('programmes.report.shares')}</Table.Th>
                <Table.Th scope="col">{t('programmes.report.collected')}</Table.Th>
                <Table.Th scope="col">{t('programmes.report.transferred')}</Table.Th>
                <Table.Th scope="col">{t('programmes.report.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.months.map((m) => (
                <Table.Tr key={m.month} data-month={m.month}>
                  <Table.Td>{formatPeriod(m.month, 'month', i18n.language)}</Table.Td>
                  <Table.Td>{m.transactions}</Table.Td>
                  <Table.Td>{m.shares}</Table.Td>
                  <Table.Td>{formatRinggit(m.collected_sen)}</Table.Td>
                  <Table.Td>{formatRinggit(m.transferred_sen)}</Table.Td>
                  <Table.Td>{formatRinggit(m.balance_sen)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
          <Text fw={600}>
            {t('programmes.report.balance')}: {formatRinggit(q.data.closing_balance_sen)}
          </Text>
        </>
      )}
    </Stack>
  );
}
