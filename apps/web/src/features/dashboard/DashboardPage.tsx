/**
 * /dashboard and /dashboard/agent (spec §2 "Dashboard content"): the sections that exist so far.
 * - Client: will status of the latest will, "register new will", transaction history — from
 *   `GET /api/wasiat?user_id=<me>&load_with=payment` and `GET /api/payment/mine` (every payable kind; ADR 0248).
 * - Agent, staff and other roles: wills in process (status 0 and 1), "register new will" for a client when
 *   the role may (permission table `will:create:client`).
 * - `focus="agent"` (/dashboard/agent, Agents only — the loader redirects other roles): the same, plus
 *   the wills of the agent's own clients (`GET /api/wasiat`, scoped by the server to `agent_id`).
 * - Then the listed sections of sections.tsx (the extension point for amendments and hibah): the
 *   client's wills in process, and the pipeline / sales figures of the other roles.
 * A client also sees organisations' pending access requests to approve or refuse (features/grants; ADR 0101).
 * Guarded by `requireSignature` (spec §2: a non-Client without a signature goes to /signature).
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '@/app/layout/AppLayout.tsx';
import { PendingRequests } from '@/features/grants/index.ts';
import { StaffTransactions } from '@/features/payments/index.ts';
import { clientPaymentHistory, clientWills } from './queries.ts';
import { sectionsFor } from './sections.tsx';
import { TransactionHistory } from './TransactionHistory.tsx';
import { useWills } from './useWills.ts';
import { WillStatusSection } from './WillStatusSection.tsx';
import { WillsInProcess } from './WillsInProcess.tsx';
import { WillsTable } from './WillsTable.tsx';
import { latestWill } from './will-data.ts';

/** The client's own part of the dashboard: will status and transaction history. */
function ClientSections({ userId }: { userId: string }) {
  const wills = useWills(clientWills(userId));
  const list = wills.data?.wasiats.data ?? [];
  // Every payment paid by or for the client, of every payable kind, from the ledger (ADR 0248).
  const history = useQuery(clientPaymentHistory(userId));
  return (
    <>
      <WillStatusSection will={latestWill(list)} loading={wills.isLoading} failed={wills.isError} />
      <TransactionHistory payments={history.data?.payments?.data ?? []} loading={history.isLoading} />
    </>
  );
}

/** The agent's clients: their wills, newest first. */
function AgentClients() {
  const { t } = useTranslation();
  const wills = useWills({ limit: 20, load_with: 'userDetail' });
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="my-clients-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-clients-heading">
          {t('dashboard.sections.my_clients')}
        </Title>
        {wills.isLoading ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : (
          <WillsTable wills={wills.data?.wasiats.data ?? []} caption={t('dashboard.sections.my_clients')} />
        )}
      </Stack>
    </Card>
  );
}

/** The dashboard page; `focus="agent"` is /dashboard/agent. */
export function DashboardPage({ focus = 'general' }: { focus?: 'general' | 'agent' }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const role = roleOf(user);
  const isClient = can(role, 'will:read:own');
  const mayRegister = can(role, 'will:create:own') || can(role, 'will:create:client');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t(focus === 'agent' ? 'dashboard.title_agent' : 'dashboard.title')}</Title>
          <Text c="dimmed">{t('dashboard.welcome', { name: user?.name ?? '' })}</Text>
        </Stack>
        <Group>
          <Button component={Link} to="/faraid" size="md" variant="outline">
            {t('faraid.page.open')}
          </Button>
          {mayRegister ? (
            <Button component={Link} to="/wasiat/part-a" size="md" data-testid="register-will">
              {t(isClient ? 'dashboard.actions.register' : 'dashboard.actions.register_client')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {isClient && user ? <ClientSections userId={user.id} /> : null}
      {isClient && user ? <PendingRequests /> : null}
      {!isClient ? <WillsInProcess /> : null}
      {focus === 'agent' ? <AgentClients /> : null}
      {can(role, 'payment:confirm') ? <StaffTransactions /> : null}
      {user
        ? sectionsFor({ userId: user.id, role, isClient, focus }).map(({ id, Component }) => (
            <div key={id} data-section={id}>
              <Component userId={user.id} role={role} isClient={isClient} focus={focus} />
            </div>
          ))
        : null}
    </Stack>
  );
}

/** /dashboard/agent: the dashboard focused on the agent's clients. */
export function AgentDashboardPage() {
  return <DashboardPage focus="agent" />;
}
