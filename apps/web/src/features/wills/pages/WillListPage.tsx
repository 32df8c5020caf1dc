/**
 * /wasiat/list — the wills the user may see (docs/api/wills.md GET /api/wasiat, scoped by role on the
 * server), with status labels (spec §4), a status filter and pagination from
 * `{ wasiats: { data, total, last_page } }`. Also used for /wasiat/pengesahan/list-pendaftaran (status 1,
 * optional ?organization_id=) with a review link per will.
 */
import { Anchor, Group, Select, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { labelOf, WILL_PLANS } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InstrumentListTable } from '@/components/instrument/InstrumentListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { Busy } from '../components/Busy.tsx';
import { ExecutedOriginalBadge } from '../components/ExecutedOriginal.tsx';
import { WillStatusBadge } from '../components/WillStatus.tsx';
import { PARTS, partUrl, resumePart } from '../lib/parts.ts';
import type { Page, Will } from '../types.ts';

const PER_PAGE = 10;

/** The list page; `verification` fixes status 1 and links to the review page. */
export function WillListPage({ verification = false }: { verification?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const organizationId = params.get('organization_id') ?? undefined;
  const [status, setStatus] = useState<string | null>(verification ? '1' : null);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['wasiat', 'list', status, page, organizationId],
    queryFn: async () =>
      (
        await api.get<{ wasiats: Page<Will> }>('wasiat', {
          status: status ?? undefined,
          organization_id: organizationId,
          page,
          limit: PER_PAGE,
          load_with: 'userDetail,user,organization',
        })
      ).wasiats,
  });
  const rows = q.data?.data ?? [];
  const title = verification ? t('wills.verify.list_title') : t('wills.list.title');

  return (
    <Stack>
      <Title order={1}>{title}</Title>
      {!verification && (
        <Group>
          <Select
            label={t('wills.list.filter_status')}
            data={[
              { value: '', label: t('wills.list.all') },
              ...['0', '1', '2', '3'].map((s) => ({ value: s, label: t(`wills.status.${s}`) })),
            ]}
            value={status ?? ''}
            onChange={(v) => {
              setStatus(v ? v : null);
              setPage(1);
            }}
            allowDeselect={false}
          />
        </Group>
      )}
      <InstrumentListTable
        rows={rows}
        loading={q.isLoading}
        busy={<Busy />}
        empty={t('wills.list.empty')}
        // Named by the page's title; the count follows (issue 22 item 7).
        caption={`${title} — ${t('wills.list.total', { n: q.data?.total ?? rows.length })}`}
        heads={[
          t('wills.f.wasiat_no'),
          t('wills.f.testator'),
          t('wills.f.ic_number'),
          t('wills.f.plan'),
          t('wills.f.status'),
          t('wills.f.created_at'),
          t('wills.actions'),
        ]}
        rowKey={(w) => w.id}
        cells={(w) => <WillCells will={w} verification={verification} />}
        testId="will-list"
        minWidth={700}
        page={page}
        lastPage={q.data?.last_page}
        onPage={setPage}
        pagination={{
          getControlProps: (c) => ({ 'aria-label': t(`wills.list.page_${c}`) }),
          getItemProps: (p) => ({ 'aria-label': t('wills.list.page_n', { n: p }) }),
        }}
      />
    </Stack>
  );
}

/**
 * One will's cells: number, testator, MyKad, plan, status (a registered will: with whether its executed original is
 * held), created, and its links (review, or details and continue).
 */
function WillCells({ will: w, verification }: { will: Will; verification: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = w.user_detail?.name ?? w.user?.name ?? '—';
  return (
    <>
      <Table.Td>{w.wasiat_no ?? '—'}</Table.Td>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{w.user_detail?.ic_number ?? w.user?.ic_number ?? '—'}</Table.Td>
      <Table.Td>{labelOf(WILL_PLANS, w.plan ?? null, lang) || '—'}</Table.Td>
      <Table.Td>
        <WillStatusBadge status={w.status} />
        {/* A registered will: whether its executed original (signed by hand) is held (ADR 0266). */}
        {w.status === 2 && <ExecutedOriginalBadge at={w.executed_original_at} />}
      </Table.Td>
      <Table.Td>{formatDateTime(w.created_at, lang)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {verification ? (
            <Anchor
              component={Link}
              to={`/wasiat/pengesahan/${w.id}`}
              aria-label={`${t('wills.verify.review')} ${name}`}
            >
              {t('wills.verify.review')}
            </Anchor>
          ) : (
            <Anchor component={Link} to={`/wasiat/${w.id}/details`} aria-label={`${t('wills.list.details')} ${name}`}>
              {t('wills.list.details')}
            </Anchor>
          )}
          {!verification && (w.status === 0 || w.status === 3) && (
            <Anchor
              component={Link}
              to={partUrl(w.parts_done && w.unlocked ? resumePart(w) : PARTS[1], w.id)}
              aria-label={`${t('wills.list.continue')} ${name}`}
            >
              {t('wills.list.continue')}
            </Anchor>
          )}
        </Group>
      </Table.Td>
    </>
  );
}

/** /wasiat/pengesahan/list-pendaftaran: wills awaiting confirmation (status 1), optionally of one organisation. */
export function VerificationListPage() {
  return <WillListPage verification />;
}
