/**
 * "Failed jobs" (issue 19; ADR 0110): /jobs/dead-letters for `job:read` (Staff, Admin) — the scheduled or
 * retried job runs whose last attempt failed, newest first, from `GET /api/jobs/dead-letters?limit&page`
 * (`{ dead_letters: { data: [{ id, job_name, queue_job_id, attempts, error, failed_at }], total, last_page } }`).
 * Times in Kuala Lumpur time (lib/format.ts).
 */
import { Code, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';

/** One dead letter as the API sends it. */
export interface DeadLetter {
  id: string;
  job_name: string;
  queue_job_id: string | null;
  attempts: number;
  error: string;
  failed_at: string;
}

const PER_PAGE = 25;

/** The list of failed job runs (see the module comment). */
export function DeadLettersPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['jobs-dead-letters', page],
    queryFn: () =>
      api.get<{ dead_letters: { data: DeadLetter[]; total: number; last_page: number } }>('jobs/dead-letters', {
        limit: PER_PAGE,
        page,
      }),
  });
  const rows = list.data?.dead_letters.data ?? [];
  const jobLabel = (name: string) => t(`jobs.names.${name}`, { defaultValue: name });
  return (
    <Stack>
      <Title order={1}>{t('jobs.dead_letters.title')}</Title>
      <Text>{t('jobs.dead_letters.intro')}</Text>
      <ListTable data-testid="dead-letters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.dead_letters.failed_at')}</Table.Th>
            <Table.Th>{t('jobs.dead_letters.job')}</Table.Th>
            <Table.Th>{t('jobs.dead_letters.attempts')}</Table.Th>
            <Table.Th>{t('jobs.dead_letters.error')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{formatDateTime(r.failed_at, i18n.language)}</Table.Td>
              <Table.Td>{jobLabel(r.job_name)}</Table.Td>
              <Table.Td>{r.attempts}</Table.Td>
              <Table.Td>
                <Code>{r.error}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      {list.data && rows.length === 0 ? <Text c="dimmed">{t('jobs.dead_letters.none')}</Text> : null}
      {list.data && list.data.dead_letters.last_page > 1 ? (
        <Pagination total={list.data.dead_letters.last_page} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
