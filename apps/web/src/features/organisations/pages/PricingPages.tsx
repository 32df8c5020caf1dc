/**
 * Pricing sub-pages of /organization/{organization_id} (spec §2 Organisations): pricing create, {pricing_id} and
 * edit. Prices are typed in ringgit and sent in sen to `POST /api/pricing` or `GET|PATCH /api/pricing/{id}`
 * (apps/api/src/modules/organisations/manage-routes.ts).
 */
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, formatRinggit, PRICING_PLANS } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { dateInput, type Pricing } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { EntityForm, type FieldSpec, senToText } from '../components/EntityForm.tsx';
import { Frame, role, STATUS, str } from './Frame.tsx';

const usePricing = (id: string | undefined) =>
  useQuery({
    queryKey: ['pricing', id],
    enabled: !!id,
    queryFn: async () => (await api.get<{ pricing: Pricing }>(`pricing/${id}`)).pricing,
  });

const PLAN_OPTIONS = [...new Set(Object.values(PRICING_PLANS).flat())].map((p) => ({
  value: p,
  label: `organisations.plans.${p}`,
}));

const PRICING_FIELDS: FieldSpec[] = [
  {
    name: 'product',
    label: 'organisations.f.product',
    kind: 'select',
    required: true,
    options: [
      { value: 'Wasiat', label: 'organisations.products.Wasiat' },
      { value: 'Hibah', label: 'organisations.products.Hibah' },
    ],
  },
  { name: 'plan', label: 'organisations.f.plan', kind: 'select', required: true, options: PLAN_OPTIONS },
  { name: 'description', label: 'organisations.f.description' },
  { name: 'price', label: 'organisations.f.price', kind: 'ringgit', required: true },
  { name: 'amendment_price', label: 'organisations.f.amendment_price', kind: 'ringgit' },
  { name: 'effective_from', label: 'organisations.f.effective_from', kind: 'date' },
  { name: 'effective_to', label: 'organisations.f.effective_to', kind: 'date' },
  { name: 'status', label: 'organisations.f.status', kind: 'select', options: STATUS },
];

/** /organization/{id}/pricing/create and /organization/{id}/pricing/{pricing_id}/edit (amounts in ringgit). */
export function PricingFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '', pricing_id } = useParams();
  const p = usePricing(pricing_id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (pricing_id && !p.data) return null;
  const d = p.data;
  return (
    <Frame title={pricing_id ? t('organisations.ui.edit_price') : t('organisations.ui.add_price')}>
      <EntityForm
        testId="pricing-form"
        fields={PRICING_FIELDS}
        defaults={{
          product: d?.product ?? 'Wasiat',
          plan: d?.plan ?? 'basic',
          description: str(d?.description),
          price: senToText(d?.price_sen),
          amendment_price: senToText(d?.amendment_price_sen),
          effective_from: dateInput(d?.effective_from),
          effective_to: dateInput(d?.effective_to),
          status: str(d?.status ?? 1),
        }}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          const payload = { ...body, organization_id: orgId };
          const r = pricing_id
            ? await api.patch<{ pricing: Pricing }>(`pricing/${pricing_id}`, payload)
            : await api.post<{ pricing: Pricing }>('pricing', payload);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          await qc.invalidateQueries({ queryKey: ['pricing'] });
          successToast(t('organisations.ui.saved'));
          navigate(`/organization/${orgId}/pricing/${r.pricing.id}`);
        }}
      />
    </Frame>
  );
}

/** /organization/{id}/pricing/{pricing_id}. */
export function PricingPage() {
  const { t, i18n } = useTranslation();
  const { organization_id: orgId, pricing_id } = useParams();
  const p = usePricing(pricing_id).data;
  if (!p) return null;
  return (
    <Frame
      title={`${t(`organisations.products.${p.product}`)} — ${t(`organisations.plans.${p.plan}`)}`}
      actions={
        can(role(), 'organisation:manage') && (
          <Button component={Link} to={`/organization/${orgId}/pricing/${p.id}/edit`} variant="default">
            {t('organisations.ui.edit')}
          </Button>
        )
      }
    >
      <Detail
        items={[
          [t('organisations.f.price'), formatRinggit(p.price_sen)],
          [t('organisations.f.amendment_price'), formatRinggit(p.amendment_price_sen)],
          [t('organisations.f.description'), p.description],
          [t('organisations.f.effective_from'), formatDate(p.effective_from, i18n.language)],
          [t('organisations.f.effective_to'), formatDate(p.effective_to, i18n.language)],
          [t('organisations.f.status'), p.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')],
        ]}
      />
    </Frame>
  );
}
