/**
 * On a will's page: who the will names and whether they accepted (issue 41 item 3; ADR 0276). `GET
 * /api/wasiat/{id}/acceptances` → per request the role (executor, guardian), the name, the children in a
 * guardian's care, the state (pending / accepted / declined, with the date and the reason of a decline). Where one
 * declined, a notice asks the testator to name another: the wizard's guardians part while the will is a draft or
 * back for update (status 0, 3), else a new amendment (registered, status 2). A partner of the executor
 * organisation (`acceptance:decide:executor`) accepts or declines the executorship here; a partner or staff
 * (`acceptance:resend`) send a pending link again. Shown once anyone was asked (on registration).
 */
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import type { WillAcceptance, WillAcceptances } from './api.ts';
import { ExecutorDecision } from './ExecutorDecision.tsx';

/** Where the testator names another guardian: the wizard's part E, or a new amendment of a registered will. */
const nameAnotherUrl = (willId: string, status: number) =>
  status === 2 ? `/wasiat/${willId}/pindaan-a` : `/wasiat/part-e?wasiat_id=${encodeURIComponent(willId)}`;

/** The panel for will `willId`; see the file comment. */
export function AcceptancesPanel({ willId }: { willId: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const role = roleOf(session.user());
  const mayDecide = can(role, 'acceptance:decide:executor');
  const mayResend = can(role, 'acceptance:resend');
  const [error, setError] = useState<string | null>(null);
  const key = ['wills', willId, 'acceptances'];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<WillAcceptances>(`wasiat/${willId}/acceptances`, undefined, { silent: true }),
  });
  const rows = q.data?.acceptances ?? [];
  if (!rows.length) return null;

  async function post(path: string, body: object) {
    setError(null);
    try {
      const out = await api.post<{ message: string }>(`wasiat/${willId}/acceptances/${path}`, body, { silent: true });
      successToast(out.message);
      await qc.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(err instanceof ApiError ? err.firstMessage : String(err));
    }
  }

  const when = (r: WillAcceptance) => formatDateTime(r.decided_at ?? r.asked_at, i18n.language);
  const declined = rows.filter((r) => r.state === 'declined');
  return (
    <Stack data-testid="acceptances-panel">
      <Title order={2} size="h3">
        {t('acceptances.panel.title')}
      </Title>
      {declined.map((r) => (
        <Notice color="yellow" key={r.id} data-testid="acceptance-declined">
          <Stack gap="xs">
            <Text>
              {t('acceptances.panel.declined_notice', {
                person: r.person_name,
                role: t(`acceptances.role.${r.role}`),
              })}
            </Text>
            {r.role === 'guardian' && (
              <Anchor component={Link} to={nameAnotherUrl(willId, q.data?.status ?? 2)}>
                {t(
                  q.data?.status === 2
                    ? 'acceptances.panel.name_another_amendment'
                    : 'acceptances.panel.name_another_draft',
                )}
              </Anchor>
            )}
          </Stack>
        </Notice>
      ))}
      <FormError message={error} />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('acceptances.panel.person')}</Table.Th>
            <Table.Th>{t('acceptances.panel.role')}</Table.Th>
            <Table.Th>{t('acceptances.panel.state')}</Table.Th>
            <Table.Th>{t('acceptances.panel.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid={`acceptance-${r.id}`}>
              <Table.Td>
                <Text>{r.person_name}</Text>
                {r.wards && (
                  <Text size="xs" c="dimmed">
                    {r.wards}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(`acceptances.role.${r.role}`)}</Table.Td>
              <Table.Td>
                <Text>{t(`acceptances.state.${r.state}`)}</Text>
                {r.reason && (
                  <Text size="xs">
                    {t('acceptances.panel.reason')}: {r.reason}
                  </Text>
                )}
                {r.state === 'pending' && mayResend && (
                  <Group gap="xs" mt={4}>
                    <Button size="xs" variant="default" onClick={() => void post(`${r.id}/resend`, {})}>
                      {t('acceptances.panel.resend')}
                    </Button>
                  </Group>
                )}
                {r.state === 'pending' && mayDecide && r.role === 'executor' && (
                  <ExecutorDecision
                    willId={willId}
                    acceptanceId={r.id}
                    onDone={() => qc.invalidateQueries({ queryKey: key })}
                  />
                )}
              </Table.Td>
              <Table.Td>{when(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
