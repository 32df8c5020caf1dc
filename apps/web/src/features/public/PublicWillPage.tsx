/**
 * /public/wasiat/{wasiat_id} and /wasiat-verification/{wasiat_id}/details — the public verification of a
 * registered will (the QR code of the will PDF points here; docs/api/documents.md): GET
 * /api/public/wasiat/{id} with the public client → masked name (no MyKad digits: issue 36 item 6), registration number, status,
 * organisation and registration date in Asia/Kuala_Lumpur ("23 Nov 26, 14:05"). Anything else (404):
 * "not found". The public client never redirects on 401 (spec §8). Below, the upload check of a PDF copy
 * (DocumentCheck, issue 11).
 */
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { Busy, Notice, willStatusLabelKey } from '@/features/wills/index.ts';
import { publicApi } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { DocumentCheck } from './DocumentCheck.tsx';

/** The reply of GET /api/public/wasiat/{id}. */
export interface PublicWill {
  id: string;
  wasiat_no: string | null;
  status: number;
  registered_at: string | null;
  testator: { name: string };
  organization?: { name: string } | null;
}

/** The public verification page; see the file comment. */
export function PublicWillPage() {
  const { t, i18n } = useTranslation();
  const { wasiat_id } = useParams();
  const q = useQuery({
    queryKey: ['public', 'wasiat', wasiat_id],
    enabled: !!wasiat_id,
    queryFn: async () =>
      (await publicApi.get<{ wasiat: PublicWill }>(`public/wasiat/${wasiat_id}`, undefined, { silent: true })).wasiat,
  });
  if (q.isLoading) return <Busy />;
  const w = q.data;
  if (!w) return <NotFoundPage />;
  const rows: [string, string][] = [
    [t('public.will.testator'), w.testator?.name ?? ''],
    [t('public.will.wasiat_no'), w.wasiat_no ?? '—'],
    [t('public.will.status'), t(willStatusLabelKey(w.status))],
    [t('public.will.organization'), w.organization?.name ?? '—'],
    [t('public.will.registered_at'), formatDateTime(w.registered_at, i18n.language) || '—'],
  ];
  return (
    <Stack>
      <Title order={1}>{t('public.will.title')}</Title>
      {w.status === 2 && (
        <Notice color="green" title={t('public.will.valid_title')}>
          {t('public.will.valid_text')}
        </Notice>
      )}
      <ListTable data-testid="public-will">
        <Table.Caption>{t('public.will.caption')}</Table.Caption>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      <Text size="sm" c="dimmed">
        {t('public.will.privacy')}
      </Text>
      <DocumentCheck path={`public/wasiat/${w.id}/verify`} />
    </Stack>
  );
}
