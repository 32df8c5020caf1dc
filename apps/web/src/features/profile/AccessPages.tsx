/**
 * User access (spec §6 "User access is requested and approved by an administrator ('Approve Access')";
 * §7 `POST /api/user/` access request; ADR 0014):
 * - /access-request: a logged-in user without an access picks an organisation, branch and role
 *   (`GET /api/organization`, `GET /api/organization/{id}/branch`, `POST /api/user/` → `{ user }`).
 * - /access-pending: the only page a user whose access is pending sees (app/guards.ts requireActiveAccess).
 * - /dashboard/staff: staff of the caller's organisation (`GET /api/organization/{id}/user-access`) and,
 *   for roles with `user:approve`, accesses waiting for approval with 'Approve Access'
 *   (`GET /api/user-access/pending`, `PATCH /api/user-access/{id} { status: 1 }`).
 */
import { Alert, Anchor, Badge, Button, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSessionUser } from '@/app/layout/AppLayout.tsx';
import { FormError } from '@/components/FormError.tsx';
import { errorText } from '@/components/form-errors.ts';
import { ListTable } from '@/components/ListTable.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { roleName } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { type SessionUser, session } from '@/lib/storage.ts';

interface Page<T> {
  data: T[];
}
interface StaffRow {
  id: string;
  name: string;
  username: string;
  email: string | null;
  user_access: {
    id: string;
    role: string;
    status: number;
    organization: { name: string };
    accessible: { branch_name: string } | null;
  };
}

/** /access-request — ask for access to an organisation (pending until approved). */
export function AccessRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [org, setOrg] = useState<string | null>(null);
  const [branch, setBranch] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>('Agent');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const orgs = useQuery({
    queryKey: ['access-request', 'organisations'],
    queryFn: async () =>
      (await api.get<{ organizations: Page<{ id: string; name: string }> }>('organization', { limit: 100 }))
        .organizations.data,
  });
  const branches = useQuery({
    queryKey: ['access-request', 'branches', org],
    enabled: !!org,
    queryFn: async () =>
      (
        await api.get<{ branches: Page<{ id: string; branch_name: string }> }>(`organization/${org}/branch`, {
          limit: 100,
        })
      ).branches.data,
  });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!org || !role) return setError(t('validation.required'));
    setBusy(true);
    try {
      const r = await api.post<{ user: SessionUser }>('user/', { organization_id: org, branch_id: branch ?? '', role });
      session.set(r.user);
      navigate('/access-pending');
    } catch (err) {
      setError(err instanceof ApiError ? (errorText(t, err.message) ?? null) : t('profile.access.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="xl" radius="md">
      <form onSubmit={submit} noValidate data-testid="access-request-form">
        <Stack maw={520}>
          <Title order={1}>{t('profile.access.request_title')}</Title>
          <Text>{t('profile.access.request_intro')}</Text>
          <FormError message={error} />
          <Select
            label={t('profile.f.organisation')}
            required
            searchable
            data={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={org}
            onChange={(v) => {
              setOrg(v);
              setBranch(null);
            }}
          />
          <Select
            label={t('profile.f.branch')}
            data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.branch_name }))}
            value={branch}
            onChange={setBranch}
            disabled={!org}
          />
          <Select
            label={t('profile.f.role')}
            required
            data={['Agent', 'Partner'].map((r) => ({ value: r, label: roleName(r, t) }))}
            value={role}
            onChange={setRole}
          />
          <Button type="submit" loading={busy}>
            {t('profile.access.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** /access-pending — the notice a user whose access waits for approval sees (and nothing else). */
export function AccessPendingPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const access = user?.user_access;
  const refresh = async () => {
    const r = await api.get<{ user: SessionUser }>('authenticate');
    session.set(r.user);
  };
  const active = access?.status === 1;
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack maw={640}>
        <Title order={1}>{t('profile.access.pending_title')}</Title>
        {active ? (
          <Alert color="green" title={t('profile.access.approved_title')}>
            <Anchor component={Link} to="/dashboard">
              {t('profile.access.to_dashboard')}
            </Anchor>
          </Alert>
        ) : access?.status === 0 ? (
          <Alert color="yellow" title={t('profile.access.pending_title')} data-testid="access-pending-notice">
            {t('profile.access.pending_body', {
              organisation: access.organization.name,
              role: roleName(access.role, t),
            })}
          </Alert>
        ) : (
          <Text>
            {t('profile.ui.no_access')}{' '}
            <Anchor component={Link} to="/access-request">
              {t('profile.ui.request_access')}
            </Anchor>
          </Text>
        )}
        {!active && (
          <Button variant="default" onClick={refresh} w="fit-content">
            {t('profile.access.check_again')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /dashboard/staff — staff of the caller's organisation; pending approvals for those who may approve. */
export function StaffDashboardPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const user = useSessionUser();
  const role = roleOf(user);
  const orgId = user?.user_access?.organization_id;
  const staff = useQuery({
    queryKey: ['dashboard-staff', orgId],
    enabled: !!orgId && can(role, 'organisation:read'),
    queryFn: async () =>
      (await api.get<{ user_accesses: Page<StaffRow> }>(`organization/${orgId}/user-access`, { limit: 200 }))
        .user_accesses.data,
  });
  const mayApprove = can(role, 'user:approve');
  const pending = useQuery({
    queryKey: ['user-access', 'pending'],
    enabled: mayApprove,
    queryFn: async () =>
      (await api.get<{ user_accesses: Page<StaffRow> }>('user-access/pending', { limit: 200 })).user_accesses.data,
  });
  const approve = async (r: StaffRow) => {
    await api.patch(`user-access/${r.user_access.id}`, { status: 1 });
    successToast(t('profile.staff.approved', { name: r.name }));
    await qc.invalidateQueries({ queryKey: ['user-access', 'pending'] });
    await qc.invalidateQueries({ queryKey: ['dashboard-staff'] });
  };
  const table = (rows: StaffRow[], caption: string, testId: string, withApprove: boolean) => (
    <ListTable data-testid={testId}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('profile.f.name')}</Table.Th>
          <Table.Th scope="col">{t('profile.f.organisation')}</Table.Th>
          <Table.Th scope="col">{t('profile.f.role')}</Table.Th>
          <Table.Th scope="col">{t('profile.f.access_status')}</Table.Th>
          {withApprove && <Table.Th scope="col">{t('profile.staff.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.user_access.id}>
            <Table.Td>
              {r.name}{' '}
              <Text span c="dimmed" size="sm">
                ({r.username})
              </Text>
            </Table.Td>
            <Table.Td>
              {r.user_access.organization.name}
              {r.user_access.accessible ? ` — ${r.user_access.accessible.branch_name}` : ''}
            </Table.Td>
            <Table.Td>{roleName(r.user_access.role, t)}</Table.Td>
            <Table.Td>
              <Badge color={r.user_access.status === 1 ? 'green' : r.user_access.status === 0 ? 'yellow' : 'gray'}>
                {t(`profile.access_status.${r.user_access.status}`)}
              </Badge>
            </Table.Td>
            {withApprove && (
              <Table.Td>
                <Button size="xs" onClick={() => approve(r)} aria-label={`${t('profile.staff.approve')} ${r.name}`}>
                  {t('profile.staff.approve')}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={withApprove ? 5 : 4}>{t('profile.staff.none')}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </ListTable>
  );
  return (
    <Stack>
      <Title order={1}>{t('profile.staff.title')}</Title>
      {mayApprove && (
        <Paper withBorder p="md" radius="md" component="section" aria-label={t('profile.staff.pending')}>
          <Title order={2} size="h3" mb="sm">
            {t('profile.staff.pending')}
          </Title>
          {table(pending.data ?? [], t('profile.staff.pending'), 'staff-pending', true)}
        </Paper>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('profile.staff.list')}>
        <Title order={2} size="h3" mb="sm">
          {t('profile.staff.list')}
        </Title>
        {orgId ? (
          table(staff.data ?? [], t('profile.staff.list'), 'staff-list', false)
        ) : (
          <Text>{t('profile.ui.no_access')}</Text>
        )}
      </Paper>
    </Stack>
  );
}
