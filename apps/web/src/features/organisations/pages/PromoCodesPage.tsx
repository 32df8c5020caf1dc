/**
 * /organizations/{organization_id}/promo-codes (spec §2, §3 Promo code): generate N codes at once
 * (discount in ringgit → sen, expiry, remarks), the list with generated and redeemed by/at, and export
 * to CSV or XLSX (a blob download with the bearer token; never a bare URL).
 * `POST /api/organizations/{id}/promo-codes/generate`, `GET …/promo-codes`, `GET …/promo-codes/export`.
 */
import { Button, Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, formatRinggit, promoGenerateSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { type Page, useOrganisation } from '../api.ts';
import { EntityForm, type FieldSpec } from '../components/EntityForm.tsx';

interface Promo {
  id: string;
  code: string;
  discount_sen: number;
  expires_at: string | null;
  remarks: string | null;
  generated_at: string;
  generated_by: { id: string; name: string | null } | null;
  redeemed_at: string | null;
  redeemed_by: { id: string; name: string | null } | null;
}

const FIELDS: FieldSpec[] = [
  { name: 'count', label: 'organisations.promo.count', kind: 'number', required: true },
  { name: 'discount', label: 'organisations.promo.discount', kind: 'ringgit', required: true },
  { name: 'expires_at', label: 'organisations.promo.expires_at', kind: 'date' },
  { name: 'remarks', label: 'organisations.promo.remarks' },
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

/** The promo codes page. */
export function PromoCodesPage() {
  const { t, i18n } = useTranslation();
  const { organization_id: id = '' } = useParams();
  const org = useOrganisation(id).data;
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['promo-codes', id, page, status],
    queryFn: async () =>
      (
        await api.get<{ promo_codes: Page<Promo> }>(`organizations/${id}/promo-codes`, {
          page,
          limit: 20,
          status: status ?? undefined,
        })
      ).promo_codes,
  });
  const exportAs = async (format: 'csv' | 'xlsx') => {
    const blob = await api.downloadPdf(
      `organizations/${id}/promo-codes/export?format=${format}${status ? `&status=${status}` : ''}`,
    );
    saveBlob(blob, `promo-codes-${(org?.code ?? 'org').toLowerCase()}.${format}`);
  };
  return (
    <Stack>
      <Title order={1}>
        {t('organisations.promo.title')}
        {org ? ` — ${org.name}` : ''}
      </Title>
      {/* A partner (promo:read) sees their organisation's codes and who redeemed them; only the provider generates. */}
      {can(session.user()?.roles?.[0]?.name, 'promo:manage') && (
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="sm">
            {t('organisations.promo.generate')}
          </Title>
          <EntityForm
            testId="promo-form"
            fields={FIELDS}
            defaults={{ count: '10', discount: '', expires_at: '', remarks: '' }}
            schema={promoGenerateSchema}
            submitLabel={t('organisations.promo.generate')}
            onSubmit={async (body) => {
              const r = await api.post<{ promo_codes: Promo[] }>(`organizations/${id}/promo-codes/generate`, body);
              successToast(t('organisations.promo.generated_count', { count: r.promo_codes.length }));
              setPage(1);
              await qc.invalidateQueries({ queryKey: ['promo-codes', id] });
            }}
          />
        </Paper>
      )}
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('organisations.promo.filter')}
          data={['unused', 'used', 'expired'].map((s) => ({ value: s, label: t(`organisations.promo.status_${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          maw={240}
        />
        <Group>
          <Button variant="default" onClick={() => exportAs('csv')}>
            {t('organisations.promo.export_csv')}
          </Button>
          <Button variant="default" onClick={() => exportAs('xlsx')}>
            {t('organisations.promo.export_xlsx')}
          </Button>
        </Group>
      </Group>
      {list.data && list.data.data.length === 0 ? (
        <Text>{t('organisations.promo.none')}</Text>
      ) : (
        <ListTable minWidth={800} data-testid="promo-codes">
          <Table.Caption>{t('organisations.promo.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('organisations.promo.code')}</Table.Th>
              <Table.Th scope="col">{t('organisations.promo.discount')}</Table.Th>
              <Table.Th scope="col">{t('organisations.promo.expires_at')}</Table.Th>
              <Table.Th scope="col">{t('organisations.promo.remarks')}</Table.Th>
              <Table.Th scope="col">{t('organisations.promo.generated')}</Table.Th>
              <Table.Th scope="col">{t('organisations.promo.redeemed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td ff="monospace">{p.code}</Table.Td>
                <Table.Td>{formatRinggit(p.discount_sen)}</Table.Td>
                <Table.Td>{formatDateTime(p.expires_at, i18n.language) || '—'}</Table.Td>
                <Table.Td>{p.remarks ?? '—'}</Table.Td>
                <Table.Td>
                  {p.generated_by?.name ?? '—'}, {formatDateTime(p.generated_at, i18n.language)}
                </Table.Td>
                <Table.Td>
                  {p.redeemed_at
                    ? `${p.redeemed_by?.name ?? '—'}, ${formatDateTime(p.redeemed_at, i18n.language)}`
                    : t('organisations.promo.not_redeemed')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {list.data && list.data.last_page > 1 && (
        <Pagination
          total={list.data.last_page}
          value={page}
          onChange={setPage}
          aria-label={t('organisations.ui.pages')}
        />
      )}
    </Stack>
  );
}
