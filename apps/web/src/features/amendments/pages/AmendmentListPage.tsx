/**
 * Amendment lists (spec §2 Verification lists; reference §2.4 `GET amendment?status=…`):
 * /wasiat/pengesahan/pindaan and /list-pindaan (applications to verify: status 1 and drafts under
 * review 3), /list-pindaan-saksi (awaiting witnesses, 4), /wasiat/pindaan/senarai-pindaan (all, with a
 * status filter), its /search (by reference number or the testator's MyKad), and /pindaan/list (the
 * client's own amendments; the server scopes every list to what the caller may see).
 */
import { Anchor, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
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
      {q.isLoading && q.fetchStatus !== 'idle' ? (
        <Busy />
      ) : rows.length === 0 ? (
        <Text>{t('amendments.list.empty')}</Text>
      ) : (
        <ListTable minWidth={700} data-testid="amendment-list">
          <Table.Caption>{t('amendments.list.total', { n: q.data?.total ?? rows.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('amendments.f.reference_no')}</Table.Th>
              <Table.Th scope="col">{t('amendments.f.wasiat_no')}</Table.Th>
              <Table.Th scope="col">{t('wills.f.testator')}</Table.Th>
              <Table.Th scope="col">{t('amendments.f.status')}</Table.Th>
              <Table.Th scope="col">{t('amendments.f.officer')}</Table.Th>
              <Table.Th scope="col">{t('amendments.f.applied_at')}</Table.Th>
              <Table.Th scope="col">{t('wills.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id}>
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
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {(q.data?.last_page ?? 1) > 1 && (
        <Pagination
          total={q.data?.last_page ?? 1}
          value={page}
          onChange={setPage}
          aria-label={t('amendments.list.pages')}
        />
      )}
    </Stack>
  );
}
