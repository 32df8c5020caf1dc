/**
 * /organization/create, /organization/{type}/register (type preset) and /organization/{organization_id}/edit:
 * the organisation form (`POST /api/organization`, `PATCH /api/organization/{id}`; domain
 * `organisationSchema`: registration number by type per ADR 0012, MyKad for an individual, partner code).
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ORGANISATION_TYPES, organisationSchema } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { type Organisation, useOrganisation } from '../api.ts';
import { EntityForm, type FieldSpec } from '../components/EntityForm.tsx';

const ONE_ZERO = [
  { value: '1', label: 'organisations.ui.yes' },
  { value: '0', label: 'organisations.ui.no' },
];

/** The fields of the organisation form. */
export function organisationFields(lang: string): FieldSpec[] {
  return [
    {
      name: 'type',
      label: 'organisations.f.type',
      kind: 'select',
      required: true,
      options: ORGANISATION_TYPES.map((o) => ({ value: o.code, label: lang === 'en' ? o.en : o.ms })),
    },
    { name: 'is_partner', label: 'organisations.f.is_partner', kind: 'select', options: ONE_ZERO },
    { name: 'name', label: 'organisations.f.name', required: true },
    { name: 'short_name', label: 'organisations.f.short_name' },
    { name: 'code', label: 'organisations.f.code', required: true },
    { name: 'partner_code', label: 'organisations.f.partner_code', description: 'organisations.ui.partner_code_hint' },
    {
      name: 'registration_number',
      label: 'organisations.f.registration_number',
      description: 'organisations.ui.registration_hint',
    },
    { name: 'mykad_number', label: 'organisations.f.mykad_number', description: 'organisations.ui.mykad_hint' },
    { name: 'email', label: 'organisations.f.email', kind: 'email', required: true },
    { name: 'phone_number', label: 'organisations.f.phone_number' },
    { name: 'website', label: 'organisations.f.website' },
    { name: 'address', label: 'organisations.f.address', required: true },
    { name: 'postcode', label: 'organisations.f.postcode', required: true },
    { name: 'city', label: 'organisations.f.city', required: true },
    { name: 'state', label: 'organisations.f.state', kind: 'state', required: true },
    {
      name: 'status',
      label: 'organisations.f.status',
      kind: 'select',
      options: [
        { value: '1', label: 'organisations.ui.active' },
        { value: '0', label: 'organisations.ui.inactive' },
      ],
    },
    {
      name: 'allow_payment_gateway',
      label: 'organisations.f.allow_payment_gateway',
      kind: 'select',
      options: ONE_ZERO,
    },
    { name: 'allow_cash_payment', label: 'organisations.f.allow_cash_payment', kind: 'select', options: ONE_ZERO },
    { name: 'allow_direct_payment', label: 'organisations.f.allow_direct_payment', kind: 'select', options: ONE_ZERO },
    { name: 'allow_loan_payment', label: 'organisations.f.allow_loan_payment', kind: 'select', options: ONE_ZERO },
    { name: 'allow_atb_payment', label: 'organisations.f.allow_atb_payment', kind: 'select', options: ONE_ZERO },
  ];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Form values of an organisation (or of a new one of `type`). */
function defaultsOf(o: Organisation | undefined, type: string) {
  return {
    type: o?.type ?? type,
    is_partner: str(o?.is_partner ?? (type ? 0 : 1)),
    name: str(o?.name),
    short_name: str(o?.short_name),
    code: str(o?.code),
    partner_code: str(o?.partner_code),
    registration_number: str(o?.registration_number),
    mykad_number: str(o?.mykad_number),
    email: str(o?.email),
    phone_number: str(o?.phone_number),
    website: str(o?.website),
    address: str(o?.address),
    postcode: str(o?.postcode),
    city: str(o?.city),
    state: str(o?.state),
    status: str(o?.status ?? 1),
    allow_payment_gateway: str(o?.allow_payment_gateway ?? 1),
    allow_cash_payment: str(o?.allow_cash_payment ?? 1),
    allow_direct_payment: str(o?.allow_direct_payment ?? 1),
    allow_loan_payment: str(o?.allow_loan_payment ?? 0),
    allow_atb_payment: str(o?.allow_atb_payment ?? 0),
  };
}

/** Create or edit an organisation. */
export function OrganisationFormPage() {
  const { t, i18n } = useTranslation();
  const { organization_id, type = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const org = useOrganisation(organization_id);
  if (organization_id && !org.data) return null;
  const typeCode = type.replace(/-/g, '_');
  const onSubmit = async (body: Record<string, unknown>) => {
    const r = organization_id
      ? await api.patch<{ organization: Organisation }>(`organization/${organization_id}`, body)
      : await api.post<{ organization: Organisation }>('organization', body);
    await qc.invalidateQueries({ queryKey: ['organization'] });
    successToast(t('organisations.ui.saved'));
    navigate(`/organization/${r.organization.id}`);
  };
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={1} size="h2">
          {organization_id ? t('organisations.ui.edit_organisation') : t('organisations.ui.new_organisation')}
        </Title>
        <EntityForm
          testId="organisation-form"
          fields={organisationFields(i18n.language)}
          defaults={defaultsOf(org.data, typeCode)}
          schema={organisationSchema}
          onSubmit={onSubmit}
          submitLabel={t('organisations.ui.save')}
        />
      </Stack>
    </Paper>
  );
}
