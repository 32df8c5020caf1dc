/**
 * Amendment lists (spec §2 Verification lists; reference §2.4 `GET amendment?status=…`):
 * /wasiat/pengesahan/pindaan and /list-pindaan (applications to verify: status 1 and drafts under
 * review 3), /list-pindaan-saksi (awaiting witnesses, 4), /wasiat/pindaan/senarai-pindaan (all, with a
 * status filter), its /search (by reference number or the testator's MyKad), and /pindaan/list (the
 * client's own amendments; the server scopes every list to what the caller may see).
 */
import { Anchor, Button, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InstrumentListTable } from '@/components/instrument/InstrumentListTable.tsx';
import { Busy, useLang } from '@/features/wills/index.ts';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { AmendmentStatusBadge } from '../components/AmendmentStatus.tsx';
import type { Amendment, Page } from '../types.ts';

const PER_PAGE = 10;

export function AmendmentListPage({
  titleKey,
  status,
  search = false,
  filter = false,
}: {
  titleKey: string;
  status?: string;
  search?: boolean;
  filter?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(status ?? null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState<{ reference_no?: string; ic_number?: string }>({});
  const q = useQuery({
    queryKey: ['amendments', 'list', chosen, page, query],
    enabled: !search || !!(query.reference_no || query.ic_number),
    queryFn: async () =>
      (
        await api.get<{ amendments: Page<Amendment> }>('amendment', {
          amendmentable_type: 'Wasiat',
          status: chosen ?? undefined,
          page,
          limit: PER_PAGE,
          load_with: 'amendmentable.user',
          ...query,
        })
      ).amendments,
  });
  const rows = q.data?.data ?? [];
  return (
    <Stack>
      <Title order={1}>{t(titleKey)}</Title>
      {filter && (
        <Select
          label={t('amendments.f.status')}
          data={[
            { value: '', label: t('amendments.list.all') },
            ...['0', '1', '2', '3', '4', '5'].map((s) => ({ value: s, label: t(`amendments.status.${s}`) })),
          ]}
          value={chosen ?? ''}
          onChange={(v) => {
            setChosen(v || null);
            setPage(1);
          }}
          allowDeselect={false}
          w={280}
        />
      )}
      {search && (
        <Group
          align="end"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            const v = text.trim();
            setQuery(/^\d{12}$/.test(v) ? { ic_number: v } : { reference_no: v });
            setPage(1);
          }}
        >
          <TextInput
            label={t('amendments.list.search_label')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button type="submit">{t('amendments.list.search')}</Button>
        </Group>
      )}
      <InstrumentListTable
        rows={rows}
        loading={q.isLoading && q.fetchStatus !== 'idle'}
        busy={<Busy />}
        empty={t('amendments.list.empty')}
        caption={t('amendments.list.total', { n: q.data?.total ?? rows.length })}
        heads={[
          t('amendments.f.reference_no'),
          t('amendments.f.wasiat_no'),
          t('wills.f.testator'),
          t('amendments.f.status'),
          t('amendments.f.officer'),
          t('amendments.f.applied_at'),
          t('wills.actions'),
        ]}
        rowKey={(a) => a.id}
        cells={(a) => (
          <>
            <Table.Td>{a.reference_no}</Table.Td>
            <Table.Td>{a.amendmentable.wasiat_no ?? '—'}</Table.Td>
            <Table.Td>{a.amendmentable.user?.name ?? '—'}</Table.Td>
            <Table.Td>
              <AmendmentStatusBadge status={a.status} />
            </Table.Td>
            <Table.Td>{a.handled_by?.name ?? '—'}</Table.Td>
            <Table.Td>{formatDateTime(a.applied_at, lang)}</Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/wasiat/${a.amendmentable_id}/${a.status === 3 ? 'pindaan-draf' : a.status === 4 ? 'pindaan-i' : 'pindaan-h'}`}
                aria-label={`${t('amendments.list.open')} ${a.reference_no}`}
              >
                {t('amendments.list.open')}
              </Anchor>
            </Table.Td>
          </>
        )}
        testId="amendment-list"
        minWidth={700}
        page={page}
        lastPage={q.data?.last_page}
        onPage={setPage}
        pagination={{ 'aria-label': t('amendments.list.pages') }}
      />
    </Stack>
  );
}
