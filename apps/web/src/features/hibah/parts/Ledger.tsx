/**
 * The asset transactions of an estate or cash trust (spec §3: type, amount, current total, balance after;
 * integer sen): `GET|POST /api/hibah/{id}/product-transaction`. Amounts are typed in ringgit ("150.00").
 */
import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { parseRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { rm } from '../products.ts';
import type { Hibah } from '../useHibah.ts';

/** The ledger table and an entry form. */
export function Ledger({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['hibah', hibah.id, 'ledger'],
    queryFn: () =>
      api.get<{ product_transactions: { data: any[] }; current_total_sen: number }>(
        `hibah/${hibah.id}/product-transaction`,
      ),
  });
  const [type, setType] = useState<string | null>('credit');
  const [amount, setAmount] = useState('');
  const [desc, setDesc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rows = q.data?.product_transactions.data ?? [];
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          {t('hibah.ledger.title')}
        </Title>
        <Text data-testid="ledger-total">{t('hibah.ledger.total', { total: rm(q.data?.current_total_sen ?? 0) })}</Text>
        <ListTable>
          <Table.Caption>{t('hibah.ledger.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('hibah.ledger.type')}</Table.Th>
              <Table.Th>{t('hibah.ledger.amount')}</Table.Th>
              <Table.Th>{t('hibah.ledger.balance_after')}</Table.Th>
              <Table.Th>{t('hibah.ledger.description')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{t(`hibah.ledger.${r.type}`)}</Table.Td>
                <Table.Td>{rm(r.amount_sen)}</Table.Td>
                <Table.Td>{rm(r.balance_after_sen)}</Table.Td>
                <Table.Td>{r.description ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
        <Group align="flex-end">
          <Select
            label={t('hibah.ledger.type')}
            data={[
              { value: 'credit', label: t('hibah.ledger.credit') },
              { value: 'debit', label: t('hibah.ledger.debit') },
            ]}
            value={type}
            onChange={setType}
          />
          <TextInput
            label={t('hibah.ledger.amount_rm')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            data-testid="ledger-amount"
          />
          <TextInput
            label={t('hibah.ledger.description')}
            value={desc}
            onChange={(e) => setDesc(e.currentTarget.value)}
          />
          <Button
            data-testid="ledger-add"
            onClick={async () => {
              const sen = parseRinggit(amount);
              if (sen === null || sen <= 0) return setError(t('validation.numeric'));
              setError(null);
              await api.post(`hibah/${hibah.id}/product-transaction`, {
                type,
                amount_sen: sen,
                description: desc || undefined,
              });
              setAmount('');
              setDesc('');
              await qc.invalidateQueries({ queryKey: ['hibah', hibah.id] });
            }}
          >
            {t('hibah.ledger.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
