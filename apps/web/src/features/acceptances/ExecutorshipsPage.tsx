/**
 * /pelantikan-wasi (issue 41 item 3; ADR 0276): a partner of an organisation answers the executorships the wills
 * registered through it ask of it (`acceptance:decide:executor`; app/page-access.ts). `GET /api/executorships` →
 * per request the testator's name, the will's number, the organisation, the state with its dates and the reason of
 * a decline; a pending one is answered here (ExecutorDecision) — without opening the will, which the partner sees
 * only under the testator's grant (ADR 0101). The organisation's mail links here.
 */
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptanceState } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { ExecutorDecision } from './ExecutorDecision.tsx';

/** One executorship (`GET /api/executorships`). */
interface Executorship {
  id: string;
  wasiat_id: string;
  wasiat_no: string | null;
  testator_name: string | null;
  organisation: string | null;
  state: AcceptanceState;
  asked_at: string;
  decided_at: string | null;
  reason: string | null;
}

/** See the file comment. */
export function ExecutorshipsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const key = ['executorships'];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ executorships: Executorship[] }>('executorships', undefined, { silent: true }),
  });
  const rows = q.data?.executorships ?? [];
  const when = (d: string | null) => (d ? formatDateTime(d, i18n.language) : '');
  return (
    <Stack data-testid="executorships-page">
      <Title order={1}>{t('executorships.title')}</Title>
      <Text>{t('executorships.intro')}</Text>
      {q.isSuccess && !rows.length && <Text>{t('executorships.none')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('executorships.testator')}</Table.Th>
                <Table.Th>{t('executorships.will')}</Table.Th>
                <Table.Th>{t('executorships.organisation')}</Table.Th>
                <Table.Th>{t('executorships.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid={`executorship-${r.id}`}>
                  <Table.Td>{r.testator_name}</Table.Td>
                  <Table.Td>{r.wasiat_no ?? '—'}</Table.Td>
                  <Table.Td>{r.organisation}</Table.Td>
                  <Table.Td>
                    <Text>{t(`acceptances.state.${r.state}`)}</Text>
                    <Text size="xs" c="dimmed">
                      {r.decided_at
                        ? `${t('executorships.decided')} ${when(r.decided_at)}`
                        : `${t('executorships.asked')} ${when(r.asked_at)}`}
                    </Text>
                    {r.reason && (
                      <Text size="xs">
                        {t('acceptances.panel.reason')}: {r.reason}
                      </Text>
                    )}
                    {r.state === 'pending' && (
                      <ExecutorDecision
                        willId={r.wasiat_id}
                        acceptanceId={r.id}
                        onDone={() => qc.invalidateQueries({ queryKey: key })}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
