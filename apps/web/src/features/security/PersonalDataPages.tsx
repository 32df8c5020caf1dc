/**
 * Personal data rights (issue 11; PDPA 2010 as amended 2024; ADR 0083).
 * - /profile/data (any logged-in user): download all my data — `GET /api/profile/data-export`, a zip of
 *   `data.json` and the documents — and ask for deletion — `POST /api/profile/data-requests { reason? }`;
 *   my requests and their outcome — `GET /api/profile/data-requests`.
 * - /data-requests (data-request:handle: Staff, Admin): the requests — `GET /api/data-requests?status` —
 *   approved (`POST …/{id}/approve`: erase what may be erased) or refused with remarks (`…/{id}/refuse`).
 */
import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';

interface DataRequest {
  id: string;
  kind: string;
  status: 0 | 1 | 2;
  reason: string | null;
  remarks: string | null;
  outcome: { erased: string[]; kept: { what: string; why: string }[] } | null;
  created_at: string;
  handled_at: string | null;
  user?: { name: string; ic_number: string | null };
}

function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  // shade 9 of each: white text on it keeps the 4.5:1 contrast axe requires
  const color = status === 0 ? 'blue.9' : status === 1 ? 'teal.9' : 'gray.8';
  return <Badge color={color}>{t(`security.data.status.${status}`)}</Badge>;
}

function Outcome({ r }: { r: DataRequest }) {
  const { t } = useTranslation();
  if (!r.outcome) return r.remarks ? <Text size="sm">{r.remarks}</Text> : null;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t('security.data.erased')}: {r.outcome.erased.map((e) => t(`security.data.items.${e}`)).join(', ')}
      </Text>
      <Text size="sm">{t('security.data.kept')}:</Text>
      <List size="sm">
        {r.outcome.kept.map((k) => (
          <List.Item key={k.what}>
            {t(`security.data.items.${k.what}`)} — {t(`security.data.why.${k.what}`)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** /profile/data — download my data; ask for deletion; my requests. */
export function ProfileDataPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const mine = useQuery({
    queryKey: ['my-data-requests'],
    queryFn: () => api.get<{ data_requests: DataRequest[] }>('profile/data-requests'),
  });
  const download = async () => {
    const blob = await api.downloadPdf('profile/data-export');
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `wasiat-data-${new Date().toISOString().slice(0, 10)}.zip`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const ask = async () => {
    setBusy(true);
    try {
      await api.post('profile/data-requests', reason.trim() ? { reason: reason.trim() } : {});
      successToast(t('security.data.requested'));
      setReason('');
      await qc.invalidateQueries({ queryKey: ['my-data-requests'] });
    } catch {
      // the API client showed the message
    } finally {
      setBusy(false);
    }
  };
  const pending = mine.data?.data_requests.some((r) => r.status === 0);
  return (
    <Stack>
      <Title order={1}>{t('security.data.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h3">
            {t('security.data.export_title')}
          </Title>
          <Text>{t('security.data.export_intro')}</Text>
          <Group>
            <Button onClick={download}>{t('security.data.export_button')}</Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h3">
            {t('security.data.erase_title')}
          </Title>
          <Text>{t('security.data.erase_intro')}</Text>
          <Textarea
            label={t('security.data.reason')}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            disabled={pending}
          />
          <Group>
            <Button color="red" onClick={ask} loading={busy} disabled={pending}>
              {t('security.data.erase_button')}
            </Button>
          </Group>
          {mine.data?.data_requests.length ? (
            <ListTable data-testid="my-data-requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('security.data.date')}</Table.Th>
                  <Table.Th>{t('security.data.status_label')}</Table.Th>
                  <Table.Th>{t('security.data.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.data.data_requests.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDateTime(r.created_at, i18n.language)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td>
                      <Outcome r={r} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ListTable>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** One row of the staff list, with approve and refuse. */
function RequestRow({ r, onDone }: { r: DataRequest; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [remarks, setRemarks] = useState('');
  const act = async (what: 'approve' | 'refuse') => {
    try {
      await api.post(`data-requests/${r.id}/${what}`, remarks.trim() ? { remarks: remarks.trim() } : {});
      successToast(t(`security.data.${what}d`));
      onDone();
    } catch {
      // the API client showed the message
    }
  };
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(r.created_at, i18n.language)}</Table.Td>
      <Table.Td>
        {r.user?.name}
        <Text size="xs" c="dimmed">
          {r.user?.ic_number}
        </Text>
      </Table.Td>
      <Table.Td>{r.reason}</Table.Td>
      <Table.Td>
        <StatusBadge status={r.status} />
      </Table.Td>
      <Table.Td>
        {r.status === 0 ? (
          <Stack gap="xs">
            <TextInput
              label={t('security.data.remarks')}
              size="xs"
              value={remarks}
              onChange={(e) => setRemarks(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button size="xs" color="red" onClick={() => act('approve')}>
                {t('security.data.approve')}
              </Button>
              <Button size="xs" variant="default" onClick={() => act('refuse')}>
                {t('security.data.refuse')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Outcome r={r} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /data-requests — staff handle the clients' erasure requests. */
export function DataRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>('0');
  const list = useQuery({
    queryKey: ['data-requests', status],
    queryFn: () =>
      api.get<{ data_requests: { data: DataRequest[]; total: number } }>('data-requests', {
        status: status === 'all' ? undefined : status,
        limit: 100,
      }),
  });
  return (
    <Stack>
      <Title order={1}>{t('security.data.list_title')}</Title>
      <Text>{t('security.data.list_intro')}</Text>
      <Select
        label={t('security.data.status_label')}
        w={240}
        value={status}
        onChange={(v) => setStatus(v ?? '0')}
        data={[
          { value: '0', label: t('security.data.status.0') },
          { value: '1', label: t('security.data.status.1') },
          { value: '2', label: t('security.data.status.2') },
          { value: 'all', label: t('security.data.status.all') },
        ]}
        allowDeselect={false}
      />
      <ListTable data-testid="data-requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('security.data.date')}</Table.Th>
            <Table.Th>{t('security.data.client')}</Table.Th>
            <Table.Th>{t('security.data.reason')}</Table.Th>
            <Table.Th>{t('security.data.status_label')}</Table.Th>
            <Table.Th>{t('security.data.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.data_requests.data ?? []).map((r) => (
            <RequestRow key={r.id} r={r} onDone={() => list.refetch()} />
          ))}
        </Table.Tbody>
      </ListTable>
      {list.data && list.data.data_requests.data.length === 0 ? (
        <Text c="dimmed">{t('security.data.none')}</Text>
      ) : null}
    </Stack>
  );
}
