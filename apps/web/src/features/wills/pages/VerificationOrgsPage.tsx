/**
 * /wasiat/pengesahan/pendaftaran — organisations with wills awaiting confirmation (staff;
 * GET /api/wasiat/pending-approval → `{ organizations: [{ id, name, code, total_pending }] }`), each
 * linking to /wasiat/pengesahan/list-pendaftaran?organization_id=….
 */
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { Busy } from '../components/Busy.tsx';

interface PendingOrg {
  id: string;
  name: string;
  code?: string | null;
  total_pending: number;
}

/** The organisations page; see the file comment. */
export function VerificationOrgsPage() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['wasiat', 'pending-approval'],
    queryFn: async () => {
      const r = await api.get<{ organizations: PendingOrg[] | { data: PendingOrg[] } }>('wasiat/pending-approval');
      return Array.isArray(r.organizations) ? r.organizations : (r.organizations?.data ?? []);
    },
  });
  const rows = q.data ?? [];
  return (
    <Stack>
      <Title order={1}>{t('wills.verify.orgs_title')}</Title>
      {q.isLoading ? (
        <Busy />
      ) : rows.length === 0 ? (
        <Text>{t('wills.verify.none_pending')}</Text>
      ) : (
        <ListTable data-testid="pending-orgs">
          <Table.Caption>{t('wills.verify.orgs_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('wills.f.organization')}</Table.Th>
              <Table.Th scope="col">{t('wills.verify.code')}</Table.Th>
              <Table.Th scope="col">{t('wills.verify.total_pending')}</Table.Th>
              <Table.Th scope="col">{t('wills.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.name}</Table.Td>
                <Table.Td>{o.code ?? '—'}</Table.Td>
                <Table.Td>{o.total_pending}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/wasiat/pengesahan/list-pendaftaran?organization_id=${encodeURIComponent(o.id)}`}
                    aria-label={`${t('wills.verify.open_list')} ${o.name}`}
                  >
                    {t('wills.verify.open_list')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}
