/**
 * Product lists (spec §2 Trusts): /hibah/list and /trust/list (every hibah the user may see, newest
 * first) and /hibah/list-client (the client's own). The product lists: ProductListPage.tsx.
 */
import { Anchor, Badge, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';
import { isGrantor } from '../access.ts';
import { amendmentsUrl, statusKey, wizardBase } from '../products.ts';
import { type Hibah, useHibahList } from '../useHibah.ts';

/** Where a hibah's number leads: its draft from status 3, its witnesses and certificate once registered, else part D. */
const partOf = (h: Hibah) => (h.status === 5 ? 'i' : h.status >= 3 ? 'draft' : 'd');

/**
 * A table of hibahs with links into their wizard; a registered hibah (status 5) of the signed-in grantor
 * also links to its amendments ("Pinda", /trust/part-listpindaan?id=…).
 */
export function HibahTable({
  rows,
  caption,
  captionHidden,
}: {
  rows: Hibah[];
  caption: string;
  /** Caption for screen readers only, when a visible heading above already says it (issue 22 item 7). */
  captionHidden?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  return (
    <ListTable data-testid="hibah-list">
      <Table.Caption>{captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('hibah.list.number')}</Table.Th>
          <Table.Th>{t('hibah.f.product')}</Table.Th>
          <Table.Th>{t('hibah.list.grantor')}</Table.Th>
          <Table.Th>{t('hibah.list.status')}</Table.Th>
          <Table.Th>{t('hibah.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text c="dimmed">{t('hibah.none')}</Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((h) => (
            <Table.Tr key={h.id}>
              <Table.Td>
                <Anchor component={Link} to={`${wizardBase(h.hibah_type)}/part-${partOf(h)}?id=${h.id}`}>
                  {h.hibah_number ??
                    t('hibah.list.unregistered', {
                      date: formatDateTime(h.created_at, lang),
                    })}
                </Anchor>
              </Table.Td>
              <Table.Td>{labelOf(HIBAH_TYPES, h.hibah_type, lang)}</Table.Td>
              <Table.Td>{h.company?.name ?? h.user_detail?.name ?? h.user?.name ?? '-'}</Table.Td>
              <Table.Td>
                <Badge>{t(statusKey(h.status))}</Badge>
              </Table.Td>
              <Table.Td>
                {h.status === 5 && isGrantor(h) ? (
                  <Anchor component={Link} to={amendmentsUrl(h.id)} data-testid={`hibah-amend-${h.id}`}>
                    {t('hibah.amend')}
                  </Anchor>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </ListTable>
  );
}

/** /hibah/list, /trust/list (all visible) and /hibah/list-client (own). */
export function HibahListPage({ own = false }: { own?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const user = session.user();
  const q = useHibahList({
    page,
    limit: 15,
    except_status: -1,
    load_with: 'user,userDetail',
    ...(own ? { user_id: user?.id } : {}),
  });
  const total = q.data?.total ?? 0;
  return (
    <Stack>
      <Title order={1}>{t(own ? 'hibah.list.title_client' : 'hibah.list.title')}</Title>
      <HibahTable rows={q.data?.data ?? []} caption={t('hibah.list.title')} />
      {total > 15 ? <Pagination total={Math.ceil(total / 15)} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}
