/**
 * Staff verification lists (spec §2 "Trust: /trust/pengesahan/pendaftaran, /pendaftaran-saksi,
 * /list-pendaftaran, /list-pendaftaran-witness"): organisations with hibahs awaiting verification
 * (`GET /api/hibah/pending-approval?status=2|4`), and the hibahs of one organisation in status 2
 * (approve → 3, decline → 1 with a reason) or 4 (awaiting witnesses). Approving asks first in a dialog naming the
 * grantor and the product (lib/notify `confirmAction`, as the will's approval): nothing is sent until confirmed.
 */

import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { confirmAction } from '@/lib/notify.tsx';
import { HibahSummary } from '../components/HibahSummary.tsx';
import { useHibahList } from '../useHibah.ts';

/** Organisations with hibahs pending at `status`. */
export function PendingOrgsPage({ status }: { status: 2 | 4 }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['hibah-pending', status],
    queryFn: () =>
      api.get<{ organizations: { id: string; name: string; total_pending: number }[] }>('hibah/pending-approval', {
        status,
      }),
  });
  const list = status === 2 ? '/trust/pengesahan/list-pendaftaran' : '/trust/pengesahan/list-pendaftaran-witness';
  return (
    <Stack>
      <Title order={1}>{t(status === 2 ? 'hibah.verify.title' : 'hibah.verify.title_witness')}</Title>
      <ListTable>
        <Table.Caption>{t('hibah.verify.orgs')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('hibah.verify.org')}</Table.Th>
            <Table.Th>{t('hibah.verify.pending')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(q.data?.organizations ?? []).map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={`${list}?organization_id=${o.id}`}>
                  {o.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{o.total_pending}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
    </Stack>
  );
}

/** Hibahs at `status` (of `?organization_id=` when given), with approve/decline at status 2. */
export function PendingListPage({ status }: { status: 2 | 4 }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const org = params.get('organization_id') ?? undefined;
  const q = useHibahList({ status, organization_id: org, load_with: 'user,userDetail', limit: 100 });
  const [reasons, setReasons] = useState<Record<string, string>>({});
  // The hibah opened for reading: staff approve only what they have opened (issue 21 item 3).
  const [open, setOpen] = useState<string | null>(null);
  const act = async (id: string, body: Record<string, unknown>) => {
    await api.post(`hibah/${id}`, body);
    await qc.invalidateQueries({ queryKey: ['hibahs'] });
  };
  return (
    <Stack>
      <Title order={1}>{t(status === 2 ? 'hibah.verify.title' : 'hibah.verify.title_witness')}</Title>
      <ListTable data-testid="hibah-verify-list">
        <Table.Caption>{t('hibah.verify.list')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('hibah.list.grantor')}</Table.Th>
            <Table.Th>{t('hibah.f.product')}</Table.Th>
            <Table.Th>{t('hibah.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(q.data?.data ?? []).length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed">{t('hibah.none')}</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {(q.data?.data ?? []).map((h) => (
            <Table.Tr key={h.id} data-testid={`verify-${h.id}`}>
              <Table.Td>
                {h.company
                  ? `${h.company.name} (${h.company.registration_number})`
                  : `${h.user_detail?.name ?? h.user?.name} (${h.user?.ic_number ?? '-'})`}
              </Table.Td>
              <Table.Td>{labelOf(HIBAH_TYPES, h.hibah_type, lang)}</Table.Td>
              <Table.Td>
                {status === 2 ? (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="subtle"
                      data-testid={`open-${h.id}`}
                      onClick={() => setOpen((o) => (o === h.id ? null : h.id))}
                    >
                      {t(open === h.id ? 'hibah.verify.close' : 'hibah.verify.open')}
                    </Button>
                    <Button
                      size="xs"
                      disabled={open !== h.id}
                      title={open !== h.id ? t('hibah.verify.open_first') : undefined}
                      onClick={() =>
                        confirmAction({
                          title: t('hibah.verify.approve_title'),
                          message: t('hibah.verify.approve_text', {
                            name: h.company ? h.company.name : (h.user_detail?.name ?? h.user?.name ?? ''),
                            product: labelOf(HIBAH_TYPES, h.hibah_type, lang),
                          }),
                          confirm: t('hibah.verify.approve'),
                          onConfirm: () => void act(h.id, { status: 3 }),
                        })
                      }
                      data-testid={`approve-${h.id}`}
                    >
                      {t('hibah.verify.approve')}
                    </Button>
                    <TextInput
                      size="xs"
                      aria-label={t('hibah.verify.reason')}
                      placeholder={t('hibah.verify.reason')}
                      value={reasons[h.id] ?? ''}
                      onChange={(e) => setReasons((r) => ({ ...r, [h.id]: e.currentTarget.value }))}
                    />
                    <Button
                      size="xs"
                      color="red"
                      variant="outline"
                      disabled={!reasons[h.id]}
                      onClick={() => act(h.id, { status: 1, rejected_reason: reasons[h.id] })}
                    >
                      {t('hibah.verify.decline')}
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm">{t('hibah.status.4')}</Text>
                )}
                {open === h.id ? <HibahSummary hibahId={h.id} /> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
    </Stack>
  );
}
