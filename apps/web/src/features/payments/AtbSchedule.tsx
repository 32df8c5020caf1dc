/**
 * The schedule of an ATB (bank standing instruction) mandate (issue 38 item 3; ADR 0264) as the accountant and
 * the payer see it: each debit's number, due date, amount and whether it was received (the day and its receipt
 * number), and a one-line progress "n of N received, next on <date>". Dates through lib/format (DESIGN.md §7).
 */
import { Badge, Table, Text } from '@mantine/core';
import { formatRinggit } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDate } from '@/lib/format.ts';
import type { Instalments } from './api.ts';

/** "2 of 3 instalments received (RM 200.00 of RM 300.00), next on 05 Mac 2027 (RM 100.00)" or "all received". */
export function atbProgressText(i: Instalments, t: (k: string, o?: Record<string, unknown>) => string, lang: string) {
  const counts = {
    received: i.received,
    total: i.total,
    received_amount: formatRinggit(i.received_sen),
    total_amount: formatRinggit(i.received_sen + i.remaining_sen),
  };
  if (!i.next) return t('payments.ui.atb.progress_done', counts);
  const amount = formatRinggit(i.next.amount_sen);
  return i.next.due_date
    ? t('payments.ui.atb.progress_next', { ...counts, date: formatDate(i.next.due_date, lang), amount })
    : t('payments.ui.atb.progress_next_undated', { ...counts, no: i.next.no, amount });
}

/** The schedule table of a mandate's `instalments`. */
export function AtbSchedule({ instalments }: { instalments: Instalments }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  return (
    <ListTable minWidth={420} aria-label={t('payments.ui.atb.schedule')} data-testid="atb-schedule">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('payments.ui.atb.col_no')}</Table.Th>
          <Table.Th scope="col">{t('payments.ui.atb.col_due')}</Table.Th>
          <Table.Th scope="col">{t('payments.ui.atb.col_amount')}</Table.Th>
          <Table.Th scope="col">{t('payments.ui.atb.col_status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {instalments.schedule.map((s) => (
          <Table.Tr key={s.no} data-testid="atb-line">
            <Table.Td>{s.no}</Table.Td>
            <Table.Td>{s.due_date ? formatDate(s.due_date, lang) : t('payments.ui.atb.as_agreed')}</Table.Td>
            <Table.Td>{formatRinggit(s.amount_sen)}</Table.Td>
            <Table.Td>
              {s.received ? (
                <>
                  <Badge color="green" variant="light">
                    {t('payments.ui.atb.received')}
                  </Badge>
                  <Text size="xs">{[formatDate(s.paid_at, lang), s.receipt_no].filter(Boolean).join(' · ')}</Text>
                </>
              ) : (
                <Badge color="gray" variant="light">
                  {t('payments.ui.atb.not_received')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
