/**
 * Products of an organisation (spec §2 /organization/{organization_id}/product — wasiat, hibah and
 * trust; create, {product_id}, edit). Calls apps/api/src/modules/organisations/products.ts:
 * `GET /api/organization/{id}/product?category` → `{ products: page }`, `POST` same path → `{ product }`,
 * `GET|PATCH /api/product/{id}` → `{ product }`. The form checks the domain's `productSchema` first.
 */
import { Anchor, Button, SegmentedControl, Table } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, PRODUCT_CATEGORIES, productSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import type { Page } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { EntityForm, type FieldSpec } from '../components/EntityForm.tsx';
import { Frame } from './Frame.tsx';

/** A product as the API returns it. */
export interface Product {
  id: string;
  organization_id: string;
  category: (typeof PRODUCT_CATEGORIES)[number];
  name: string;
  description: string | null;
  status: number;
}

const role = () => session.user()?.roles?.[0]?.name;
const STATUS = [
  { value: '1', label: 'organisations.ui.active' },
  { value: '0', label: 'organisations.ui.inactive' },
];
const FIELDS: FieldSpec[] = [
  {
    name: 'category',
    label: 'product.f.category',
    kind: 'select',
    required: true,
    options: PRODUCT_CATEGORIES.map((c) => ({ value: c, label: `product.category.${c}` })),
  },
  { name: 'name', label: 'product.f.name', required: true },
  { name: 'description', label: 'product.f.description' },
  { name: 'status', label: 'organisations.f.status', kind: 'select', options: STATUS },
];

const useProduct = (id: string | undefined) =>
  useQuery({
    queryKey: ['product', id],
    enabled: !!id,
    queryFn: async () => (await api.get<{ product: Product }>(`product/${id}`)).product,
  });

/** The products table of an organisation, filtered by category (the organisation page's tab and /product). */
export function ProductsPanel({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  const q = useQuery({
    queryKey: ['organization', orgId, 'products', category],
    queryFn: async () =>
      (await api.get<{ products: Page<Product> }>(`organization/${orgId}/product`, { category, limit: 100 })).products
        .data,
  });
  const base = `/organization/${orgId}/product`;
  return (
    <>
      {can(role(), 'organisation:manage') && (
        <Button component={Link} to={`${base}/create`} mb="sm">
          {t('product.ui.add')}
        </Button>
      )}
      <SegmentedControl
        mb="sm"
        aria-label={t('product.f.category')}
        value={category}
        onChange={setCategory}
        data={[
          { value: '', label: t('product.ui.all') },
          ...PRODUCT_CATEGORIES.map((c) => ({ value: c, label: t(`product.category.${c}`) })),
        ]}
      />
      <ListTable data-testid="products">
        <Table.Caption>{t('product.ui.products')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('product.f.name')}</Table.Th>
            <Table.Th scope="col">{t('product.f.category')}</Table.Th>
            <Table.Th scope="col">{t('organisations.f.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(q.data ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={`${base}/${p.id}`}>
                  {p.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`product.category.${p.category}`)}</Table.Td>
              <Table.Td>{p.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')}</Table.Td>
            </Table.Tr>
          ))}
          {q.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>{t('product.ui.none')}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </ListTable>
    </>
  );
}

/** /organization/{id}/product — the products list. */
export function ProductListPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '' } = useParams();
  return (
    <Frame title={t('product.ui.products')}>
      <ProductsPanel orgId={orgId} />
    </Frame>
  );
}

/** /organization/{id}/product/create and /organization/{id}/product/{product_id}/edit. */
export function ProductFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '', product_id } = useParams();
  const p = useProduct(product_id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (product_id && !p.data) return null;
  const d = p.data;
  return (
    <Frame title={product_id ? t('product.ui.edit') : t('product.ui.add')}>
      <EntityForm
        testId="product-form"
        fields={FIELDS}
        defaults={{
          category: d?.category ?? 'wasiat',
          name: d?.name ?? '',
          description: d?.description ?? '',
          status: String(d?.status ?? 1),
        }}
        schema={productSchema}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          const r = product_id
            ? await api.patch<{ product: Product }>(`product/${product_id}`, body)
            : await api.post<{ product: Product }>(`organization/${orgId}/product`, body);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          await qc.invalidateQueries({ queryKey: ['product'] });
          successToast(t('organisations.ui.saved'));
          navigate(`/organization/${orgId}/product/${r.product.id}`);
        }}
      />
    </Frame>
  );
}

/** /organization/{id}/product/{product_id}. */
export function ProductPage() {
  const { t } = useTranslation();
  const { organization_id: orgId, product_id } = useParams();
  const p = useProduct(product_id).data;
  if (!p) return null;
  return (
    <Frame
      title={p.name}
      actions={
        can(role(), 'organisation:manage') && (
          <Button component={Link} to={`/organization/${orgId}/product/${p.id}/edit`} variant="default">
            {t('organisations.ui.edit')}
          </Button>
        )
      }
    >
      <Detail
        items={[
          [t('product.f.category'), t(`product.category.${p.category}`)],
          [t('product.f.description'), p.description],
          [t('organisations.f.status'), p.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')],
        ]}
      />
    </Frame>
  );
}
