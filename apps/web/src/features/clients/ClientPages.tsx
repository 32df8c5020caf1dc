/**
 * Clients (spec §2 "Clients"): /client (search by name or MyKad, paginated; `GET /api/client`),
 * /client/{client_id} (`GET /api/client/{id}`: details and wills; edit in ClientEditPage.tsx) and /client/pending (user accesses
 * waiting for 'Approve Access'; `GET /api/user-access/pending`, `PATCH /api/user-access/{id}`).
 * What a caller sees is scoped by the server (agent: own clients; partner: their organisation's).
 */
import {
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, formatRinggit, maskMykad, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound } from '@/app/access.tsx';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime, roleName } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';

interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}
interface ClientRow {
  id: string;
  name: string;
  ic_number: string | null;
  email: string | null;
  mobile_number: string | null;
  wasiat: { id: string; status: number | null } | null;
}

/** /client — the client list. */
export function ClientListPage() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['clients', name, page],
    queryFn: async () => (await api.get<{ users: Page<ClientRow> }>('client', { name, page, limit: 15 })).users,
  });
  return (
    <Stack>
      <Title order={1}>{t('clients.title')}</Title>
      <TextInput
        label={t('clients.search')}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {q.data && q.data.data.length === 0 ? (
        <Text>{t('clients.none')}</Text>
      ) : (
        <ListTable data-testid="clients">
          <Table.Caption>{t('clients.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('clients.f.name')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.ic_number')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.mobile_number')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.will')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.data ?? []).map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/client/${c.id}`}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.ic_number ? maskMykad(c.ic_number) : '—'}</Table.Td>
                <Table.Td>{c.mobile_number ?? '—'}</Table.Td>
                <Table.Td>
                  {c.wasiat ? t(`clients.will_status.${c.wasiat.status ?? 'none'}`) : t('clients.no_will')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.last_page > 1 && (
        <Pagination total={q.data.last_page} value={page} onChange={setPage} aria-label={t('clients.pages')} />
      )}
    </Stack>
  );
}

interface ClientDetail {
  id: string;
  name: string;
  username: string;
  email: string | null;
  ic_number: string | null;
  mobile_number: string | null;
  status: number;
  wills: { id: string; status: number | null; price_sen: number | null; created_at: string }[];
}

/** /client/{client_id} — one client and their wills. */
export function ClientPage() {
  const { t, i18n } = useTranslation();
  const { client_id } = useParams();
  const q = useQuery({
    queryKey: ['client', client_id],
    queryFn: async () =>
      (await api.get<{ user: ClientDetail }>(`client/${client_id}`, undefined, { silent: true })).user,
  });
  // Another agent's client, or none: the not-found page, not a blank page and a toast (issue 17 item 11).
  if (q.error) return isNotFound(q.error) ? <NotFoundPage /> : <Text role="alert">{t('dashboard.load_failed')}</Text>;
  const c = q.data;
  if (!c) return null;
  const items: [string, string | null][] = [
    [t('clients.f.name'), c.name],
    [t('clients.f.ic_number'), c.ic_number],
    [t('clients.f.email'), c.email],
    [t('clients.f.mobile_number'), c.mobile_number],
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{c.name}</Title>
        <Group gap="xs">
          {/* The client's asset and nominee map (issue 40 item 6; ADR 0269). */}
          {can(roleOf(session.user()), 'asset:read:client') && (
            <Button component={Link} to={`/harta/peta?user_id=${encodeURIComponent(c.id)}`} variant="default">
              {t('nav.asset_map')}
            </Button>
          )}
          {can(roleOf(session.user()), 'client:edit') && (
            <Button component={Link} to={`/client/${c.id}/edit`} variant="default">
              {t('profile.ui.edit_client')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }}>
          {items.map(([k, v]) => (
            <div key={k}>
              <Text component="dt" size="sm" c="dimmed">
                {k}
              </Text>
              <Text component="dd" m={0}>
                {v || '—'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h3">
        {t('clients.wills')}
      </Title>
      {c.wills.length === 0 ? (
        <Text>{t('clients.no_will')}</Text>
      ) : (
        <ListTable>
          <Table.Caption>{t('clients.wills')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('clients.f.created_at')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.will')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.price')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.wills.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/wasiat/${w.id}/details`}>
                    {formatDateTime(w.created_at, i18n.language)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`clients.will_status.${w.status ?? 'none'}`)}</Table.Td>
                <Table.Td>{w.price_sen === null ? '—' : formatRinggit(w.price_sen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}

interface PendingRow {
  id: string;
  name: string;
  username: string;
  user_access: { id: string; role: string; organization: { name: string }; accessible: { branch_name: string } | null };
}

/** /client/pending — accesses waiting for approval, each with 'Approve Access'. */
export function PendingAccessPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['user-access', 'pending'],
    queryFn: async () =>
      (await api.get<{ user_accesses: Page<PendingRow> }>('user-access/pending', { limit: 100 })).user_accesses,
  });
  const approve = async (row: PendingRow) => {
    await api.patch(`user-access/${row.user_access.id}`, { status: 1 });
    successToast(t('clients.approved', { name: row.name }));
    await qc.invalidateQueries({ queryKey: ['user-access', 'pending'] });
  };
  return (
    <Stack>
      <Title order={1}>{t('clients.pending_title')}</Title>
      {q.data && q.data.data.length === 0 ? (
        <Text>{t('clients.none_pending')}</Text>
      ) : (
        <ListTable data-testid="pending-access">
          <Table.Caption>{t('clients.pending_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('clients.f.name')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.organisation')}</Table.Th>
              <Table.Th scope="col">{t('clients.f.role')}</Table.Th>
              <Table.Th scope="col">{t('clients.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.data ?? []).map((r) => (
              <Table.Tr key={r.user_access.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>
                  {r.user_access.organization.name}
                  {r.user_access.accessible ? ` — ${r.user_access.accessible.branch_name}` : ''}
                </Table.Td>
                <Table.Td>{roleName(r.user_access.role, t)}</Table.Td>
                <Table.Td>
                  <Button size="xs" onClick={() => approve(r)} aria-label={`${t('clients.approve')} ${r.name}`}>
                    {t('clients.approve')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}
