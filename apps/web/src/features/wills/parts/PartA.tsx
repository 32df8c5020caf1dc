/**
 * Part A — Account (docs/api/wills.md; reference §3.1 Part A). A Client sees their own MyKad and starts or
 * resumes their will: POST /api/wasiat `{ user_id: me }` returns the open will when there is one. An Agent or
 * Staff finds or creates the client first (parts/PartAAgent.tsx), loaded only for them: a Client's Part A does
 * not download the search forms, their validation and the grant request (issue 18 item 4, ADR 0211).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { roleOf } from '@wasiat/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { session } from '@/lib/storage.ts';
import { Busy } from '../components/Busy.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { useStartWill } from '../hooks/useStartWill.ts';

/** The agent's and staff's Part A, fetched when such a user opens the page. */
const AgentStart = lazy(async () => ({ default: (await import('./PartAAgent.tsx')).AgentStart }));

/** Part A page: the Client's own account, or the agent's client search/creation. */
export function PartA() {
  const { t } = useTranslation();
  const user = session.user();
  const role = roleOf(user);
  return (
    <Stack>
      <Title order={2}>{t('wills.parts.a')}</Title>
      {role === 'Client' ? (
        <ClientStart />
      ) : (
        <Suspense fallback={<Busy />}>
          <AgentStart />
        </Suspense>
      )}
    </Stack>
  );
}

function ClientStart() {
  const { t } = useTranslation();
  const { will } = useWizard();
  const user = session.user();
  const start = useStartWill();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text>{t('wills.a.client_intro')}</Text>
        <Text>
          <strong>{t('wills.f.name')}:</strong> {user?.name}
        </Text>
        <Text data-testid="own-mykad">
          <strong>{t('wills.f.ic_number')}:</strong> {user?.ic_number}
        </Text>
        <FormError message={error} />
        <Group>
          <Button
            loading={busy}
            onClick={async () => {
              if (!user) return;
              setBusy(true);
              setError(null);
              try {
                await start({ user_id: user.id });
              } catch (e) {
                setError(e instanceof Error ? e.message : String(e));
              } finally {
                setBusy(false);
              }
            }}
          >
            {will ? t('wills.a.resume') : t('wills.a.start')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
