/**
 * Dashboard "Wills in process" for agents and staff (spec §2 Dashboard content): how many wills are in
 * registration (status 0) and awaiting the provider's confirmation (status 1), and the most recent of
 * them. Calls `GET /api/wasiat?status=0` and `?status=1` (the server scopes them to the caller's role).
 */
import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can, roleOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '@/app/layout/AppLayout.tsx';
import { useWills } from './useWills.ts';
import { WillsTable } from './WillsTable.tsx';

const LIST_SIZE = 5;

/** Counts of status 0 and 1 and the latest of those wills. */
export function WillsInProcess() {
  const { t } = useTranslation();
  const role = roleOf(useSessionUser());
  const inRegistration = useWills({ status: 0, limit: LIST_SIZE, load_with: 'userDetail' });
  const awaiting = useWills({ status: 1, limit: LIST_SIZE, load_with: 'userDetail' });
  const count = (q: typeof awaiting) => (q.data ? (q.data.wasiats.total ?? q.data.wasiats.data.length) : null);
  const wills = [...(awaiting.data?.wasiats.data ?? []), ...(inRegistration.data?.wasiats.data ?? [])];
  const stats = [
    { key: '0', label: t('will_status.0'), value: count(inRegistration), q: inRegistration },
    { key: '1', label: t('will_status.1'), value: count(awaiting), q: awaiting },
  ];

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="in-process-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="in-process-heading">
            {t('dashboard.sections.in_process')}
          </Title>
          {can(role, 'will:verify') ? (
            <Anchor component={Link} to="/wasiat/pengesahan/list-pendaftaran">
              {t('dashboard.actions.verification_list')}
            </Anchor>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {stats.map((s) => (
            <Paper key={s.key} withBorder p="md" radius="sm" data-testid={`in-process-${s.key}`}>
              <Text size="sm" c="dimmed">
                {s.label}
              </Text>
              <Text fz={28} fw={700}>
                {s.q.isLoading ? '…' : s.q.isError ? '—' : s.value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        {inRegistration.isLoading || awaiting.isLoading ? null : (
          <WillsTable wills={wills} caption={t('dashboard.sections.in_process')} />
        )}
      </Stack>
    </Card>
  );
}
