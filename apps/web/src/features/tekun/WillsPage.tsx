/**
 * /tekun/wasiat/list (spec §2; issue 10): the wills registered under the programme with their status.
 * A member (a client) also sees their own certificates and, for a verified one without a will, the
 * button that registers a will under the programme at its price (`POST /api/tekun/certificate/{id}/wasiat`),
 * then continues in the will wizard.
 */
import { Anchor, Button, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { WillStatusBadge, willStatusLabelKey } from '@/features/wills/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { fetchCertificates, fetchProgrammeWills, registerWill } from './api.ts';
import { RowStatus } from './UploadPages.tsx';

/** Certificates of the member (or of the programme) that can take a will. */
function MyCertificates() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['tekun-mine'],
    queryFn: async () => (await fetchCertificates({ status: 'verified', page: 1 })).certificates,
  });
  const open = (q.data?.data ?? []).filter((c) => !c.wasiat_id);
  if (!open.length) return null;
  const register = async (id: string) => {
    const r = await registerWill(id);
    successToast(t('tekun.will_registered'));
    qc.invalidateQueries({ queryKey: ['tekun-wills'] });
    qc.invalidateQueries({ queryKey: ['tekun-mine'] });
    navigate(`/wasiat/part-payment?wasiat_id=${encodeURIComponent(r.wasiat.id)}`);
  };
  return (
    <Stack data-testid="my-certificates">
      <Title order={2} size="h4">
        {t('tekun.ready_title')}
      </Title>
      {open.map((c) => (
        <Stack key={c.id} gap={4}>
          <Text>
            {c.certificate_no} — {c.member_name} <RowStatus status={c.status} />
          </Text>
          <Button onClick={() => register(c.id)} maw={320}>
            {t('tekun.register_will', { no: c.certificate_no })}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}

/** /tekun/wasiat/list */
export function ProgrammeWillsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['tekun-wills', status, page],
    queryFn: async () => (await fetchProgrammeWills({ status: status ?? undefined, page })).wasiats,
  });
  return (
    <Stack>
      <Title order={1}>{t('tekun.wills_title')}</Title>
      <MyCertificates />
      <Select
        label={t('tekun.will_status')}
        data={[0, 1, 2, 3].map((s) => ({ value: String(s), label: t(willStatusLabelKey(s)) }))}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        clearable
        maw={280}
      />
      {q.data && q.data.data.length === 0 ? (
        <Text>{t('tekun.no_wills')}</Text>
      ) : (
        <ListTable data-testid="programme-wills">
          <Table.Caption>{t('tekun.wills_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tekun.f.certificate_no')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.member_name')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.registered_at')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.price')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.paid')}</Table.Th>
              <Table.Th scope="col">{t('tekun.f.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.data ?? []).map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>{w.certificate_no}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/wasiat/${w.id}/details`}>
                    {w.member_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDateTime(w.created_at, i18n.language)}</Table.Td>
                <Table.Td>{w.price_sen === null ? '—' : formatRinggit(w.price_sen)}</Table.Td>
                <Table.Td>{w.payment_received_at ? t('common.yes') : t('common.no')}</Table.Td>
                <Table.Td>
                  <WillStatusBadge status={w.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.last_page > 1 && (
        <Pagination total={q.data.last_page} value={page} onChange={setPage} aria-label={t('tekun.pages')} />
      )}
    </Stack>
  );
}
