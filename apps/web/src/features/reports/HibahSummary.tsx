/**
 * The hibah and trust figures of a summary report (issue 8 "counts of wills and hibahs by status, sales by
 * product"; ADR 0063): from the `hibah` part of `GET /api/reports/{daily|monthly|yearly|graph}` — hibahs
 * per period (count, paid, collected), by status (-1 … 5) and by product (HIBAH_TYPES). Same period, scope
 * and filters as the wills above it. Amounts arrive in sen and are shown in ringgit.
 */
import { Card, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { formatRinggit, HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatPeriod } from '@/lib/format.ts';
import { HIBAH_STATUS_KEYS, type SummaryReport } from './api.ts';

const right = { textAlign: 'right' as const };

/** The three hibah tables of a summary report. */
export function HibahSummary({ data }: { data: SummaryReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const h = data.hibah;
  if (!h) return null;
  const label = (key: string) => formatPeriod(key, data.unit, lang);
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="hibah-figures" data-testid="hibah-figures">
      <Stack gap="sm">
        <Title order={3} id="hibah-figures">
          {t('reports.hibah.title')}
        </Title>
        <ListTable minWidth={480}>
          <caption style={{ textAlign: 'left' }}>{t('reports.hibah.by_period')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('reports.col.period')}</Table.Th>
              <Table.Th scope="col" style={right}>
                {t('reports.hibah.count')}
              </Table.Th>
              <Table.Th scope="col" style={right}>
                {t('reports.col.paid')}
              </Table.Th>
              <Table.Th scope="col" style={right}>
                {t('reports.col.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {h.rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{label(r.key)}</Table.Td>
                <Table.Td style={right}>{r.total}</Table.Td>
                <Table.Td style={right}>{r.paid}</Table.Td>
                <Table.Td style={right}>{formatRinggit(r.amount_sen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('reports.col.totals')}</Table.Th>
              <Table.Th style={right} data-testid="hibah-total">
                {h.totals.total}
              </Table.Th>
              <Table.Th style={right}>{h.totals.paid}</Table.Th>
              <Table.Th style={right} data-testid="hibah-amount">
                {formatRinggit(h.totals.amount_sen)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </ListTable>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ListTable>
            <caption style={{ textAlign: 'left' }}>{t('reports.hibah.by_status')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('reports.col.status')}</Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('reports.hibah.count')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {HIBAH_STATUS_KEYS.map((k, i) => (
                <Table.Tr key={k}>
                  <Table.Td>{t(`reports.hibah.status.${i - 1}`)}</Table.Td>
                  <Table.Td style={right} data-testid={`hibah-status-${i - 1}`}>
                    {h.totals[k]}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
          <ListTable>
            <caption style={{ textAlign: 'left' }}>{t('reports.hibah.by_product')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('reports.filter.product')}</Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('reports.hibah.count')}
                </Table.Th>
                <Table.Th scope="col" style={right}>
                  {t('reports.col.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {h.by_type.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>{t('reports.none')}</Table.Td>
                </Table.Tr>
              ) : (
                h.by_type.map((x) => (
                  <Table.Tr key={String(x.hibah_type)}>
                    <Table.Td>{labelOf(HIBAH_TYPES, x.hibah_type, lang) || t('reports.none')}</Table.Td>
                    <Table.Td style={right}>{x.total}</Table.Td>
                    <Table.Td style={right}>{formatRinggit(x.amount_sen)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </ListTable>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
