/**
 * Dashboard "Wills in process" of a Client (spec §2 "Dashboard content"): their OTHER wills that are not
 * yet registered — in registration (0), awaiting confirmation (1) or cancelled for an update (3) — besides
 * the latest one, which the will status card already shows (e.g. a will an agent started for them). From
 * the same `GET /api/wasiat?user_id=<me>&load_with=payment` list as the will status (one request, cached);
 * absent when there is none.
 */
import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clientWills } from './queries.ts';
import { useWills } from './useWills.ts';
import { WillsTable } from './WillsTable.tsx';
import { latestWill } from './will-data.ts';

/** The client's wills in statuses 0, 1 and 3. */
export function ClientWillsInProcess({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const wills = useWills(clientWills(userId));
  const all = wills.data?.wasiats.data ?? [];
  const latest = latestWill(all);
  const list = all.filter((w) => w !== latest && (w.status === 0 || w.status === 1 || w.status === 3));
  if (wills.isLoading || list.length === 0) return null;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="client-in-process-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="client-in-process-heading">
          {t('dashboard.sections.in_process')}
        </Title>
        <WillsTable wills={list} caption={t('dashboard.sections.in_process')} />
      </Stack>
    </Card>
  );
}
