/**
 * /tekun/report/monthly (spec §2; issue 10): per calendar month (Asia/Kuala_Lumpur) of a year — rows
 * uploaded, accepted, refused, certificates verified and rejected, wills registered under the programme
 * and the amount paid for them — with XLSX and CSV exports (`GET /api/tekun/report/monthly`). Each month is
 * written as the exports write it ("Dis 2026", `formatPeriod`), never the API's 'YYYY-MM' key (issue 38).
 */
import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatPeriod } from '@/lib/format.ts';
import { downloadFile, klYear, YearSelect } from '../programmes/index.ts';
import { fetchTekunReport } from './api.ts';

const COLS = ['rows', 'accepted', 'refused', 'verified', 'rejected', 'wills'] as const;

export function TekunReportPage() {
  const { t, i18n } = useTranslation();
  const [year, setYear] = useState(klYear());
  const q = useQuery({ queryKey: ['tekun-report', year], queryFn: async () => (await fetchTekunReport(year)).report });
  const dl = (format: 'xlsx' | 'csv') =>
    downloadFile(`tekun/report/monthly?year=${year}&format=${format}`, `tekun-${year}.${format}`);
  return (
    <Stack>
      <Title order={1}>{t('programmes.report.tekun_title')}</Title>
      <Group align="end">
        <YearSelect value={year} onChange={setYear} />
        <Button variant="default" onClick={() => dl('xlsx')}>
          {t('programmes.export_xlsx')}
        </Button>
        <Button variant="default" onClick={() => dl('csv')}>
          {t('programmes.export_csv')}
        </Button>
      </Group>
      {q.data && (
        <ListTable data-testid="tekun-report">
          <Table.Caption>{t('programmes.report.tekun_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('programmes.report.month')}</Table.Th>
              {COLS.map((c) => (
                <Table.Th scope="col" key={c}>
                  {t(`programmes.report.${c}`)}
                </Table.Th>
              ))}
              <Table.Th scope="col">{t('programmes.report.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.months.map((m) => (
              <Table.Tr key={m.month} data-month={m.month}>
                <Table.Td>{formatPeriod(m.month, 'month', i18n.language)}</Table.Td>
                {COLS.map((c) => (
                  <Table.Td key={c}>{m[c]}</Table.Td>
                ))}
                <Table.Td>{formatRinggit(m.amount_sen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}
