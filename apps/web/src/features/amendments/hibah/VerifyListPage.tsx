/**
 * /trust/pengesahan/list-pindaan-hibah — the officer's list of hibah amendments (spec §2 Verification
 * lists; reference §2.4 `GET amendment?amendmentable_type=Hibah&load_with=amendmentable.user`, statuses 1
 * and 4; ADR 0038): status 1 (application sent) → pass (1 → 3) or return with a reason (1 → 0); status 4
 * (awaiting witnesses) → approve (4 → 2) once every witness confirmed, asked first in a dialog (lib/notify
 * `confirmAction`, as the will's approval; nothing is sent until confirmed). Each row links to the amendment's
 * page. The server scopes the list and checks every move (ADR 0020).
 */
import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { Busy, useLang } from '@/features/wills/index.ts';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { confirmAction } from '@/lib/notify.tsx';
import { changeStatus, useRefreshAmendments } from '../api.ts';
import { AmendmentStatusBadge } from '../components/AmendmentStatus.tsx';
import type { Amendment, Page } from '../types.ts';

const PER_PAGE = 15;

/** The actions of one row: pass / return (with a reason) at 1, approve at 4. */
function RowActions({ a }: { a: Amendment }) {
  const { t } = useTranslation();
  const refresh = useRefreshAmendments();
  const [reason, setReason] = useState('');
  const act = async (status: number, body: Record<string, unknown> = {}) => {
    await changeStatus(a.id, { status, ...body });
    await refresh();
  };
  const done = a.witnesses.filter((w) => w.confirmed_at).length;
  if (a.status === 1) {
    return (
      <Group gap="xs" align="end">
        <Button size="xs" onClick={() => act(3)} data-testid={`pass-${a.id}`}>
          {t('hibahAmendments.verify.pass')}
        </Button>
        <TextInput
          size="xs"
          label={t('hibahAmendments.verify.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!reason.trim()}
          onClick={() => act(0, { reason })}
          data-testid={`return-${a.id}`}
        >
          {t('hibahAmendments.verify.return')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm">{t('hibahAmendments.verify.witnesses', { done, all: a.witnesses.length })}</Text>
      <Button
        size="xs"
        disabled={a.witnesses.length === 0 || done < a.witnesses.length}
        onClick={() =>
          confirmAction({
            title: t('hibahAmendments.verify.approve_title', { ref: a.reference_no }),
            message: t('hibahAmendments.verify.approve_text'),
            confirm: t('hibahAmendments.verify.approve'),
            onConfirm: () => void act(2),
          })
        }
        data-testid={`approve-${a.id}`}
      >
        {t('hibahAmendments.verify.approve')}
      </Button>
    </Group>
  );
}

export function VerifyListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['amendments', 'hibah-verify', page],
    queryFn: async () =>
      (
        await api.get<{ amendments: Page<Amendment> }>('amendment', {
          amendmentable_type: 'Hibah',
          status: '1,4',
          load_with: 'amendmentable.user',
          page,
          limit: PER_PAGE,
        })
      ).amendments,
  });
  const rows = q.data?.data ?? [];
  return (
    <Stack>
      <Title order={1}>{t('hibahAmendments.verify.title')}</Title>
      <Text>{t('hibahAmendments.verify.intro')}</Text>
      {q.isLoading ? (
        <Busy />
      ) : rows.length === 0 ? (
        <Text>{t('hibahAmendments.verify.empty')}</Text>
      ) : (
        <ListTable minWidth={800} data-testid="hibah-amendment-verify-list">
          <Table.Caption>{t('hibahAmendments.verify.caption', { n: q.data?.total ?? rows.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('hibahAmendments.f.reference_no')}</Table.Th>
              <Table.Th scope="col">{t('hibahAmendments.f.hibah_number')}</Table.Th>
              <Table.Th scope="col">{t('hibahAmendments.f.grantor')}</Table.Th>
              <Table.Th scope="col">{t('hibahAmendments.f.status')}</Table.Th>
              <Table.Th scope="col">{t('hibahAmendments.f.applied_at')}</Table.Th>
              <Table.Th scope="col">{t('hibahAmendments.f.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} data-testid={`hibah-amendment-${a.id}`}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/trust/pindaan/${a.id}`}
                    aria-label={`${t('hibahAmendments.verify.open')} ${a.reference_no}`}
                  >
                    {a.reference_no}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.amendmentable.hibah_number ?? '—'}</Table.Td>
                <Table.Td>{a.amendmentable.user?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <AmendmentStatusBadge status={a.status} />
                </Table.Td>
                <Table.Td>{formatDateTime(a.applied_at, lang)}</Table.Td>
                <Table.Td>
                  <RowActions a={a} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {(q.data?.last_page ?? 1) > 1 && <Pagination total={q.data?.last_page ?? 1} value={page} onChange={setPage} />}
    </Stack>
  );
}
