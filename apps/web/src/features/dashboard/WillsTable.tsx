/** A compact table of wills: number, testator, plan, status, payment, date; each row links to its details. */
import { Anchor, Table, Text } from '@mantine/core';
import { labelOf, WILL_PLANS } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { PaymentStatusBadge, WillStatusBadge } from './StatusBadge.tsx';
import type { WillSummary } from './types.ts';
import { testatorName } from './will-data.ts';

/**
 * Wills as rows (dashboard "wills in process" and the agent's client list). The link goes to
 * /wasiat/{id}/details (spec §2 Will). `caption` names the table for screen readers.
 */
export function WillsTable({ wills, caption }: { wills: readonly WillSummary[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  if (!wills.length) return <Text c="dimmed">{t('dashboard.no_wills')}</Text>;
  return (
    <ListTable minWidth={640} aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('dashboard.col.will')}</Table.Th>
          <Table.Th>{t('dashboard.col.testator')}</Table.Th>
          <Table.Th>{t('dashboard.col.plan')}</Table.Th>
          <Table.Th>{t('dashboard.col.status')}</Table.Th>
          <Table.Th>{t('dashboard.col.payment')}</Table.Th>
          <Table.Th>{t('dashboard.col.created_at')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {wills.map((w) => (
          <Table.Tr key={w.id}>
            <Table.Td>
              <Anchor component={Link} to={`/wasiat/${w.id}/details`}>
                {w.wasiat_no ?? t('dashboard.will_draft')}
              </Anchor>
            </Table.Td>
            <Table.Td>{testatorName(w) ?? '—'}</Table.Td>
            <Table.Td>{w.plan ? labelOf(WILL_PLANS, w.plan, lang) : '—'}</Table.Td>
            <Table.Td>
              <WillStatusBadge status={w.status} />
            </Table.Td>
            <Table.Td>
              <PaymentStatusBadge status={w.payment_status} />
            </Table.Td>
            <Table.Td>{formatDateTime(w.created_at, lang) || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
