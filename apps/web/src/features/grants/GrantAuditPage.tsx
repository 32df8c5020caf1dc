/**
 * /client-grants (provider staff, `grant:audit`; issue 16 item 1 "provider staff see and audit them"; ADR 0101;
 * not a spec §2 route): every grant — client, organisation, agent, how it was made, status and dates — filtered
 * by status, with withdrawal for a recorded reason (`POST /api/client-grant/{id}/withdraw { reason }`; the
 * server refuses a staff withdrawal without one). Each change is in the audit trail (`grant.*` events).
 */
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { GRANTS_KEY, type Grant } from './api.ts';

const STATUSES = ['pending', 'active', 'refused', 'withdrawn'] as const;

/** The staff page; see the file comment. */
export function GrantAuditPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [status, setStatus] = useState<string | null>('active');
  const [withdrawing, setWithdrawing] = useState<Grant | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({
    queryKey: [...GRANTS_KEY, 'audit', status ?? 'all'],
    queryFn: () =>
      api.get<{ grants: { data: Grant[] } }>('client-grant', { limit: 100, ...(status ? { status } : {}) }),
  });
  const rows = q.data?.grants?.data ?? [];
  async function withdraw() {
    if (!withdrawing) return;
    setError(null);
    if (!reason.trim()) return setError(t('validation.required'));
    try {
      await api.post(`client-grant/${withdrawing.id}/withdraw`, { reason: reason.trim() }, { silent: true });
      successToast(t('grants.withdrawn'));
      setWithdrawing(null);
      setReason('');
      await qc.invalidateQueries({ queryKey: GRANTS_KEY });
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  }
  return (
    <Stack>
      <Title order={1}>{t('grants.audit.title')}</Title>
      <Text size="sm">{t('grants.audit.intro')}</Text>
      <Select
        label={t('grants.col.status')}
        data={STATUSES.map((s) => ({ value: s, label: t(`grants.status.${s}`) }))}
        value={status}
        onChange={setStatus}
        clearable
        maw={260}
      />
      {rows.length === 0 ? (
        <Text>{t('grants.none')}</Text>
      ) : (
        <ListTable minWidth={720} data-testid="grant-audit">
          <Table.Caption>{t('grants.audit.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('grants.audit.client')}</Table.Th>
              <Table.Th scope="col">{t('grants.col.organisation')}</Table.Th>
              <Table.Th scope="col">{t('grants.col.agent')}</Table.Th>
              <Table.Th scope="col">{t('grants.audit.source')}</Table.Th>
              <Table.Th scope="col">{t('grants.col.status')}</Table.Th>
              <Table.Th scope="col">{t('grants.col.since')}</Table.Th>
              <Table.Th scope="col">{t('grants.audit.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.client_name}</Table.Td>
                <Table.Td>{g.organization_name}</Table.Td>
                <Table.Td>{g.agent_name ?? t('grants.whole_organisation')}</Table.Td>
                <Table.Td>{t(`grants.audit.source_${g.source}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`grants.status.${g.status}`)}</Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(g.approved_at ?? g.created_at, i18n.language)}</Table.Td>
                <Table.Td>
                  {g.status === 'active' || g.status === 'pending' ? (
                    <Button size="xs" variant="default" color="red" onClick={() => setWithdrawing(g)}>
                      {t('grants.withdraw')}
                    </Button>
                  ) : (
                    (g.reason ?? '')
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {withdrawing && (
        <Stack gap="xs" maw={520} data-testid="grant-withdraw-form">
          <Text>
            {t('grants.withdraw_confirm', { organisation: withdrawing.organization_name })} ({withdrawing.client_name})
          </Text>
          <TextInput
            label={t('grants.audit.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            required
          />
          <Group>
            <Button color="red" onClick={withdraw}>
              {t('grants.withdraw')}
            </Button>
            <Button variant="default" onClick={() => setWithdrawing(null)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
