/**
 * Search (carian; spec §2 Search; ADR 0022): /carian/semak checks a will's status by MyKad or
 * registration number; /carian/senarai shows the results; /carian/status-a … status-e list wills by
 * status (a in registration 0, b awaiting confirmation 1, c registered 2, d cancelled/update needed 3,
 * e amended — with at least one amendment). For staff and partner users (`will:search`); the server
 * scopes the results (a partner only finds its organisation's wills).
 */
import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mykad } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '@/components/form-errors.ts';
import { ListTable } from '@/components/ListTable.tsx';
import { Busy, WillStatusBadge } from '@/features/wills/index.ts';
import { api } from '@/lib/api.ts';
import { AmendmentStatusBadge } from '../components/AmendmentStatus.tsx';
import type { Page } from '../types.ts';

interface Found {
  id: string;
  wasiat_no: string | null;
  status: number;
  current_version: number;
  user_detail?: { name: string; ic_number: string } | null;
  user?: { name: string; ic_number: string } | null;
  organization?: { name: string } | null;
  latest_amendment: { id: string; reference_no: string; status: number } | null;
}

/** /carian/semak: the form. */
export function SemakPage() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={1}>{t('amendments.search.title')}</Title>
      <Group
        align="end"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          const typed = value.trim();
          if (!typed) return setError(t('validation.required'));
          // Digits (with or without the dashes of a printed MyKad) are a MyKad, checked as every MyKad field is
          // (spec §5; issue 17 item 16); anything else is a will number, searched as printed ("W2026-000002":
          // its dash is part of the number; issue 38 item 8).
          const digits = typed.replace(/-/g, '');
          if (/^\d+$/.test(digits)) {
            const r = mykad().safeParse(digits);
            if (!r.success) return setError(errorText(t, r.error.issues[0]?.message) ?? null);
            setError(null);
            return nav(`/carian/senarai?ic_number=${encodeURIComponent(digits)}`);
          }
          setError(null);
          nav(`/carian/senarai?wasiat_no=${encodeURIComponent(typed.toUpperCase())}`);
        }}
      >
        <TextInput
          label={t('amendments.search.label')}
          description={t('amendments.search.help')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit">{t('amendments.search.button')}</Button>
      </Group>
      <Group>
        {(['a', 'b', 'c', 'd', 'e'] as const).map((k) => (
          <Anchor key={k} component={Link} to={`/carian/status-${k}`}>
            {t(`amendments.search.status.${k}`)}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

function Results({ query, title }: { query: Record<string, string | undefined>; title: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['carian', query, page],
    queryFn: async () => (await api.get<{ wasiats: Page<Found> }>('carian', { ...query, page, limit: 20 })).wasiats,
  });
  const rows = q.data?.data ?? [];
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      {q.isLoading ? (
        <Busy />
      ) : rows.length === 0 ? (
        <Text>{t('amendments.search.none')}</Text>
      ) : (
        <ListTable minWidth={700} data-testid="search-results">
          <Table.Caption>{t('amendments.list.total', { n: q.data?.total ?? rows.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('amendments.f.wasiat_no')}</Table.Th>
              <Table.Th scope="col">{t('wills.f.testator')}</Table.Th>
              <Table.Th scope="col">{t('wills.f.ic_number')}</Table.Th>
              <Table.Th scope="col">{t('wills.f.organization')}</Table.Th>
              <Table.Th scope="col">{t('amendments.f.status')}</Table.Th>
              <Table.Th scope="col">{t('amendments.f.current_version')}</Table.Th>
              <Table.Th scope="col">{t('amendments.search.latest')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/wasiat/${w.id}/details`}>
                    {w.wasiat_no ?? '—'}
                  </Anchor>
                </Table.Td>
                <Table.Td>{w.user_detail?.name ?? w.user?.name ?? '—'}</Table.Td>
                <Table.Td>{w.user_detail?.ic_number ?? w.user?.ic_number ?? '—'}</Table.Td>
                <Table.Td>{w.organization?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <WillStatusBadge status={w.status} />
                </Table.Td>
                <Table.Td>{w.current_version}</Table.Td>
                <Table.Td>
                  {w.latest_amendment ? (
                    <>
                      {w.latest_amendment.reference_no} <AmendmentStatusBadge status={w.latest_amendment.status} />
                    </>
                  ) : (
                    '—'
                  )}
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

/** /carian/senarai?ic_number=|wasiat_no=|name= */
export function SenaraiPage() {
  const { t } = useTranslation();
  const [p] = useSearchParams();
  const query = {
    ic_number: p.get('ic_number') ?? undefined,
    wasiat_no: p.get('wasiat_no') ?? undefined,
    name: p.get('name') ?? undefined,
  };
  return <Results query={query} title={t('amendments.search.results')} />;
}

const STATUS_QUERY: Record<string, Record<string, string>> = {
  a: { status: '0' },
  b: { status: '1' },
  c: { status: '2' },
  d: { status: '3' },
  e: { having_amendment: 'true' },
};

/** /carian/status-{a..e} */
export function StatusListPage({ which }: { which: 'a' | 'b' | 'c' | 'd' | 'e' }) {
  const { t } = useTranslation();
  return <Results query={STATUS_QUERY[which]} title={t(`amendments.search.status.${which}`)} />;
}
