/**
 * /trust-onecent/codes — the one-cent trust's redeem codes for the provider's staff (`hibah:coupon:manage`;
 * reference §3.3; ADRs 0035, 0028), like an organisation's promo codes page
 * (features/organisations/pages/PromoCodesPage.tsx): generate N codes of a token amount (ringgit → sen,
 * default RM 0.01) with an optional expiry, the list with generated and redeemed by/at and the hibah a
 * code opened, a filter, and CSV/XLSX exports (a blob download with the bearer token; never a bare URL).
 * `POST /api/one-cent/hibah-coupon`, `GET /api/one-cent/hibah-coupon`, `GET /api/one-cent/hibah-coupon/export`.
 */
import { Anchor, Button, Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit, hibahCouponGenerateSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EntityForm, type FieldSpec } from '@/components/EntityForm.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';

/** A code as `GET /api/one-cent/hibah-coupon` lists it. */
export interface Coupon {
  id: string;
  code: string;
  amount_sen: number;
  expires_at: string | null;
  created_at: string;
  created_by: { id: string; name: string | null } | null;
  redeemed_at: string | null;
  redeemed_by: { id: string; name: string | null } | null;
  hibah_id: string | null;
  hibah_number: string | null;
}
interface Page<T> {
  data: T[];
  total: number;
  last_page: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'count', label: 'hibah.codes.count', kind: 'number', required: true },
  { name: 'amount', label: 'hibah.codes.amount', kind: 'ringgit', required: true },
  { name: 'expires_at', label: 'hibah.codes.expires_at', kind: 'date' },
];

/** Save a Blob as a file in the browser. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The page; see the file comment. */
export function CouponsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['hibah-coupons', page, status],
    queryFn: async () =>
      (
        await api.get<{ coupons: Page<Coupon> }>('one-cent/hibah-coupon', {
          page,
          limit: 20,
          status: status ?? undefined,
        })
      ).coupons,
  });
  const exportAs = async (format: 'csv' | 'xlsx') => {
    const blob = await api.downloadPdf(
      `one-cent/hibah-coupon/export?format=${format}${status ? `&status=${status}` : ''}`,
    );
    saveBlob(blob, `one-cent-codes.${format}`);
  };
  const rows = list.data?.data ?? [];
  return (
    <Stack>
      <Title order={1}>{t('hibah.codes.title')}</Title>
      <Paper withBorder p="md">
        <Title order={2} size="h3" mb="sm">
          {t('hibah.codes.generate')}
        </Title>
        <EntityForm
          testId="coupon-form"
          fields={FIELDS}
          defaults={{ count: '10', amount: '0.01', expires_at: '' }}
          schema={hibahCouponGenerateSchema}
          submitLabel={t('hibah.codes.generate')}
          onSubmit={async (body) => {
            const r = await api.post<{ coupons: Coupon[] }>('one-cent/hibah-coupon', body);
            successToast(t('hibah.codes.generated_count', { count: r.coupons.length }));
            setPage(1);
            await qc.invalidateQueries({ queryKey: ['hibah-coupons'] });
          }}
        />
      </Paper>
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('hibah.codes.filter')}
          data={['unused', 'used', 'expired'].map((s) => ({ value: s, label: t(`hibah.codes.status_${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          maw={240}
          data-testid="coupon-filter"
        />
        <Group>
          <Button variant="default" onClick={() => exportAs('csv')} data-testid="coupon-export-csv">
            {t('hibah.codes.export_csv')}
          </Button>
          <Button variant="default" onClick={() => exportAs('xlsx')} data-testid="coupon-export-xlsx">
            {t('hibah.codes.export_xlsx')}
          </Button>
        </Group>
      </Group>
      {list.data && rows.length === 0 ? (
        <Text>{t('hibah.codes.none')}</Text>
      ) : (
        <ListTable minWidth={800} data-testid="coupon-list">
          <Table.Caption>{t('hibah.codes.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('hibah.codes.code')}</Table.Th>
              <Table.Th scope="col">{t('hibah.codes.amount')}</Table.Th>
              <Table.Th scope="col">{t('hibah.codes.expires_at')}</Table.Th>
              <Table.Th scope="col">{t('hibah.codes.generated')}</Table.Th>
              <Table.Th scope="col">{t('hibah.codes.redeemed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid={`coupon-${c.code}`}>
                <Table.Td ff="monospace">{c.code}</Table.Td>
                <Table.Td>{formatRinggit(c.amount_sen)}</Table.Td>
                <Table.Td>{formatDateTime(c.expires_at, i18n.language) || '—'}</Table.Td>
                <Table.Td>
                  {c.created_by?.name ?? '—'}, {formatDateTime(c.created_at, i18n.language)}
                </Table.Td>
                <Table.Td>
                  {c.redeemed_at ? (
                    <>
                      {c.redeemed_by?.name ?? '—'}, {formatDateTime(c.redeemed_at, i18n.language)}
                      {c.hibah_id ? (
                        <>
                          {' · '}
                          <Anchor component={Link} to={`/trust-onecent/part-d?id=${c.hibah_id}`}>
                            {c.hibah_number ?? t('hibah.codes.open_hibah')}
                          </Anchor>
                        </>
                      ) : null}
                    </>
                  ) : (
                    t('hibah.codes.not_redeemed')
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {list.data && list.data.last_page > 1 ? (
        <Pagination total={list.data.last_page} value={page} onChange={setPage} aria-label={t('hibah.codes.pages')} />
      ) : null}
    </Stack>
  );
}
