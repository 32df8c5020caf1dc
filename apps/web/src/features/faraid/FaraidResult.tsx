/**
 * The faraid result (issue 9): a table of each heir group's share of the whole estate (fraction,
 * percentage and, when `showAmounts`, the amount in ringgit from sen with the amount per head), a bar
 * chart drawn with plain elements (hidden from screen readers, which read the table), and the reasons.
 * Used by the public calculator and by the will wizard's faraid preview (part e).
 */
import { Box, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import type { FaraidView } from './calculate.ts';

export function FaraidResult({ view, showAmounts }: { view: FaraidView; showAmounts: boolean }) {
  const { t } = useTranslation();
  const heirName = (key: string) => t(`faraid.heirs.${key}`);
  return (
    <>
      <ListTable data-testid="faraid-table">
        <Table.Caption>{t('faraid.page.table_caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('faraid.page.col_heir')}</Table.Th>
            <Table.Th scope="col">{t('faraid.page.col_share')}</Table.Th>
            <Table.Th scope="col">{t('faraid.page.col_percent')}</Table.Th>
            {showAmounts ? <Table.Th scope="col">{t('faraid.page.col_amount')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw={400}>
                {heirName(r.key)}
                {r.count > 1 ? ` × ${r.count}` : ''}
              </Table.Th>
              <Table.Td>{r.share}</Table.Td>
              <Table.Td>{r.percent}</Table.Td>
              {showAmounts ? (
                <Table.Td>
                  {formatRinggit(r.amount ?? 0)}
                  {r.perHead !== undefined ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {t('faraid.page.per_head', { amount: formatRinggit(r.perHead) })}
                    </Text>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>

      <Stack gap={6} aria-hidden="true" data-testid="faraid-chart">
        {view.rows
          .filter((r) => r.basisPoints > 0)
          .map((r) => (
            <Group key={r.key} gap="xs" wrap="nowrap">
              <Text size="sm" w={220} truncate>
                {heirName(r.key)}
              </Text>
              <Box style={{ flex: 1 }} bg="gray.1" h={18}>
                <Box bg="teal.8" h={18} style={{ width: `${r.basisPoints / 100}%` }} />
              </Box>
              <Text size="sm" w={70} ta="right">
                {r.percent}
              </Text>
            </Group>
          ))}
      </Stack>

      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('faraid.page.reasons')}
        </Title>
        <List spacing={4} size="sm" data-testid="faraid-reasons">
          {view.steps.map((s) => (
            <List.Item key={`${s.heir ?? 'all'}:${s.rule}:${s.by?.join(',') ?? ''}`}>
              {s.heir ? <strong>{heirName(s.heir)}: </strong> : null}
              {t(`faraid.rules.${s.rule}`, { share: s.share ?? '' })}
              {s.by?.length ? ` (${t('faraid.page.by', { who: s.by.map(heirName).join(', ') })})` : ''}
              {s.share !== undefined && s.rule !== 'awl' ? ` — ${s.share}` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>
    </>
  );
}
