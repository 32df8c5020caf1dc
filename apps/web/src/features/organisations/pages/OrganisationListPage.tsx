/**
 * /organization/type/{type} (organisations of a type: private, individual, government,
 * government-linked, institution) and /organization/rakan/ (business partners): a searchable, paginated
 * table (`GET /api/organization?type|is_partner=1&name&page`), each row linking to /organization/{id}.
 */
import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, ORGANISATION_TYPES } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import type { Organisation, Page } from '../api.ts';

/** The list page; `partners` for /organization/rakan/. */
export function OrganisationListPage({ partners = false }: { partners?: boolean }) {
  const { t, i18n } = useTranslation();
  const { type = '' } = useParams();
  const typeCode = type.replace(/-/g, '_');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['organizations', partners, typeCode, name, page],
    queryFn: async () =>
      (
        await api.get<{ organizations: Page<Organisation> }>('organization', {
          ...(partners ? { is_partner: 1 } : { type: typeCode }),
          name,
          page,
          limit: 15,
        })
      ).organizations,
  });
  const typeLabel = ORGANISATION_TYPES.find((x) => x.code === typeCode)?.[i18n.language === 'en' ? 'en' : 'ms'];
  const title = partners
    ? t('organisations.ui.partners')
    : `${t('organisations.ui.organisations')}: ${typeLabel ?? type}`;
  const role = session.user()?.roles?.[0]?.name;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {can(role, 'organisation:manage') && (
          <Button component={Link} to={partners ? '/organization/create' : `/organization/${type}/register`}>
            {t('organisations.ui.register')}
          </Button>
        )}
      </Group>
      <TextInput
        label={t('organisations.ui.search')}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {q.data && q.data.data.length === 0 ? (
        <Text>{t('organisations.ui.none')}</Text>
      ) : (
        <ListTable data-testid="organisations">
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('organisations.f.name')}</Table.Th>
              <Table.Th scope="col">{t('organisations.f.code')}</Table.Th>
              <Table.Th scope="col">{t('organisations.f.type')}</Table.Th>
              <Table.Th scope="col">{t('organisations.f.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.data ?? []).map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/organization/${o.id}`}>
                    {o.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{o.code}</Table.Td>
                <Table.Td>
                  {ORGANISATION_TYPES.find((x) => x.code === o.type)?.[i18n.language === 'en' ? 'en' : 'ms'] ?? o.type}
                </Table.Td>
                <Table.Td>{o.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.last_page > 1 && (
        <Pagination total={q.data.last_page} value={page} onChange={setPage} aria-label={t('organisations.ui.pages')} />
      )}
    </Stack>
  );
}

/** /organization/rakan/ — the business partners. */
export function PartnerListPage() {
  return <OrganisationListPage partners />;
}
