/**
 * The client's side of grants (issue 16; ADR 0101): {@link PendingRequests} on the dashboard (approve or
 * refuse an organisation's request: `POST /api/client-grant/{id}/approve|refuse`) and {@link GrantList} on
 * /profile (every grant with its organisation, agent, status and dates; withdraw an active one:
 * `POST /api/client-grant/{id}/withdraw`). Both read `GET /api/client-grant` (the server scopes it to the
 * caller's own grants for a client). On both the client blocks the person who asked (their requests are then
 * refused; `POST /api/client-grant/{id}/block`), and on /profile unblocks them (`…/unblock`; issue 36 item 3).
 */
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { GRANTS_KEY, type Grant, grantsQuery } from './api.ts';

function useMyGrants(status?: Grant['status']) {
  return useQuery(grantsQuery(status));
}

/** Block (after a confirmation) or unblock the requester of `g`. */
function useBlock() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return async (g: Grant, what: 'block' | 'unblock') => {
    if (what === 'block' && !window.confirm(t('grants.block_confirm', { requester: g.requested_by_name ?? '' })))
      return;
    await api.post(`client-grant/${g.id}/${what}`, {});
    successToast(t(what === 'block' ? 'grants.blocked' : 'grants.unblocked'));
    await qc.invalidateQueries({ queryKey: GRANTS_KEY });
  };
}

/** Dashboard section of a client: requests of organisations waiting for their decision (hidden when none). */
export function PendingRequests() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useMyGrants('pending');
  const block = useBlock();
  const list = (q.data?.grants?.data ?? []).filter((g) => g.mine);
  if (!list.length) return null;
  const decide = async (g: Grant, what: 'approve' | 'refuse') => {
    await api.post(`client-grant/${g.id}/${what}`, {});
    successToast(t(what === 'approve' ? 'grants.approved' : 'grants.refused'));
    await qc.invalidateQueries({ queryKey: GRANTS_KEY });
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="grant-requests-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="grant-requests-heading">
          {t('grants.pending_title')}
        </Title>
        {list.map((g) => (
          <Group key={g.id} justify="space-between" data-testid="grant-request">
            <Text>
              {t('grants.pending_line', {
                requester: g.requested_by_name ?? '',
                organisation: g.organization_name,
              })}
            </Text>
            <Group>
              <Button onClick={() => decide(g, 'approve')} data-testid="grant-approve">
                {t('grants.approve')}
              </Button>
              <Button variant="default" color="red" onClick={() => decide(g, 'refuse')}>
                {t('grants.refuse')}
              </Button>
              {g.requester_blocked === false ? (
                <Button variant="subtle" color="red" onClick={() => block(g, 'block')} data-testid="grant-block">
                  {t('grants.block')}
                </Button>
              ) : null}
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** /profile section: the organisations that act for the caller, with withdraw. */
export function GrantList() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const q = useMyGrants();
  const block = useBlock();
  const list = (q.data?.grants?.data ?? []).filter((g) => g.mine);
  const withdraw = async (g: Grant) => {
    if (!window.confirm(t('grants.withdraw_confirm', { organisation: g.organization_name }))) return;
    await api.post(`client-grant/${g.id}/withdraw`, {});
    successToast(t('grants.withdrawn'));
    await qc.invalidateQueries({ queryKey: GRANTS_KEY });
  };
  return (
    <Stack gap="xs" data-testid="grants">
      <Title order={2} size="h3">
        {t('grants.list_title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('grants.list_intro')}
      </Text>
      {list.length === 0 ? (
        <Text>{t('grants.none')}</Text>
      ) : (
        <ListTable>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('grants.col.organisation')}</Table.Th>
              <Table.Th>{t('grants.col.agent')}</Table.Th>
              <Table.Th>{t('grants.col.status')}</Table.Th>
              <Table.Th>{t('grants.col.since')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.organization_name}</Table.Td>
                <Table.Td>{g.agent_name ?? t('grants.whole_organisation')}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`grants.status.${g.status}`)}</Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(g.approved_at ?? g.created_at, i18n.language)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {g.status === 'active' || g.status === 'pending' ? (
                      <Button size="xs" variant="default" color="red" onClick={() => withdraw(g)}>
                        {t('grants.withdraw')}
                      </Button>
                    ) : null}
                    {g.requester_blocked === null ? null : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color={g.requester_blocked ? 'gray' : 'red'}
                        onClick={() => block(g, g.requester_blocked ? 'unblock' : 'block')}
                      >
                        {t(g.requester_blocked ? 'grants.unblock' : 'grants.block')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}
