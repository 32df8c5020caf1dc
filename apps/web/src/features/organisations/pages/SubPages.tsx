/**
 * Sub-pages of /organization/{organization_id} (spec §2 Organisations):
 * branch (create, {branch_id}, edit), user (create, {user_id}, edit), pricing (create, {pricing_id}, edit)
 * and preference (edit). Each form checks the domain schema, then calls the API of
 * apps/api/src/organisations/manage-routes.ts; prices are typed in ringgit and sent in sen.
 */
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  branchSchema,
  can,
  formatRinggit,
  PARTNER_STAFF_ROLES,
  PRICING_PLANS,
  PROVIDER_STAFF_ROLES,
  preferenceSchema,
  STOCK_ACCOUNT_TYPES,
  staffCreateSchema,
  staffUpdateSchema,
} from '@wasiat/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '@/app/api.ts';
import { successToast } from '@/app/notify.tsx';
import { session } from '@/app/storage.ts';
import { ResetTwoFactorButton } from '@/features/security/ResetTwoFactorButton.tsx';
import { type Branch, dateInput, type Pricing, type Staff, useBranches, useOrganisation } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { EntityForm, type FieldSpec, senToText } from '../components/EntityForm.tsx';
import { PREFERENCE_FLAGS, PREFERENCE_TOTALS } from './OrganisationPage.tsx';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const role = () => session.user()?.roles?.[0]?.name;
const STATUS = [
  { value: '1', label: 'organisations.ui.active' },
  { value: '0', label: 'organisations.ui.inactive' },
];

/** Frame of a sub-page (also used by ProductPages.tsx): the organisation's name, a title and a back link. */
export function Frame({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { organization_id: id } = useParams();
  const org = useOrganisation(id);
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {title}
            {org.data ? ` — ${org.data.name}` : ''}
          </Title>
          <Group>
            {actions}
            <Button component={Link} to={`/organization/${id}`} variant="subtle">
              {t('organisations.ui.back')}
            </Button>
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

// ---------------------------------------------------------------- branches

const BRANCH_FIELDS: FieldSpec[] = [
  { name: 'branch_name', label: 'organisations.f.branch_name', required: true },
  { name: 'code', label: 'organisations.f.code' },
  { name: 'email', label: 'organisations.f.email', kind: 'email' },
  { name: 'phone_number', label: 'organisations.f.phone_number' },
  { name: 'address', label: 'organisations.f.address', required: true },
  { name: 'postcode', label: 'organisations.f.postcode', required: true },
  { name: 'city', label: 'organisations.f.city', required: true },
  { name: 'state', label: 'organisations.f.state', kind: 'state', required: true },
  { name: 'status', label: 'organisations.f.status', kind: 'select', options: STATUS },
];

const useBranch = (id: string | undefined) =>
  useQuery({
    queryKey: ['branch', id],
    enabled: !!id,
    queryFn: async () => (await api.get<{ branch: Branch }>(`branch/${id}`)).branch,
  });

/** /organization/{id}/branch/create and /organization/{id}/branch/{branch_id}/edit. */
export function BranchFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '', branch_id } = useParams();
  const b = useBranch(branch_id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (branch_id && !b.data) return null;
  const d = b.data;
  return (
    <Frame title={branch_id ? t('organisations.ui.edit_branch') : t('organisations.ui.add_branch')}>
      <EntityForm
        testId="branch-form"
        fields={BRANCH_FIELDS}
        defaults={Object.fromEntries(
          BRANCH_FIELDS.map((f) => [f.name, str(d?.[f.name as keyof Branch] ?? (f.name === 'status' ? 1 : ''))]),
        )}
        schema={branchSchema.omit({ organization_id: true })}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          const payload = { ...body, organization_id: orgId };
          const r = branch_id
            ? await api.patch<{ branch: Branch }>(`branch/${branch_id}`, payload)
            : await api.post<{ branch: Branch }>('branch', payload);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          await qc.invalidateQueries({ queryKey: ['branch'] });
          successToast(t('organisations.ui.saved'));
          navigate(`/organization/${orgId}/branch/${r.branch.id}`);
        }}
      />
    </Frame>
  );
}

/** /organization/{id}/branch/{branch_id}. */
export function BranchPage() {
  const { t } = useTranslation();
  const { organization_id: orgId, branch_id } = useParams();
  const b = useBranch(branch_id).data;
  if (!b) return null;
  return (
    <Frame
      title={b.branch_name}
      actions={
        can(role(), 'branch:manage') && (
          <Button component={Link} to={`/organization/${orgId}/branch/${b.id}/edit`} variant="default">
            {t('organisations.ui.edit')}
          </Button>
        )
      }
    >
      <Detail
        items={[
          [t('organisations.f.code'), b.code],
          [t('organisations.f.email'), b.email],
          [t('organisations.f.phone_number'), b.phone_number],
          [t('organisations.f.address'), [b.address, b.postcode, b.city, b.state].filter(Boolean).join(', ')],
          [t('organisations.f.status'), b.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')],
          [t('organisations.ui.headquarters'), b.is_headquarter ? t('organisations.ui.yes') : t('organisations.ui.no')],
        ]}
      />
    </Frame>
  );
}

// ---------------------------------------------------------------- staff

const useStaff = (orgId: string | undefined, userId: string | undefined) =>
  useQuery({
    queryKey: ['organization', orgId, 'staff', userId],
    enabled: !!userId,
    queryFn: async () => (await api.get<{ user: Staff }>(`organization/${orgId}/user/${userId}`)).user,
  });

/** /organization/{id}/user/create and /organization/{id}/user/{user_id}/edit. */
export function StaffFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '', user_id } = useParams();
  const org = useOrganisation(orgId).data;
  const branches = useBranches(orgId).data ?? [];
  const s = useStaff(orgId, user_id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (!org || (user_id && !s.data)) return null;
  const roles = org.type === 'provider' ? PROVIDER_STAFF_ROLES : PARTNER_STAFF_ROLES;
  const fields: FieldSpec[] = [
    { name: 'name', label: 'organisations.f.name', required: true },
    { name: 'ic_number', label: 'organisations.f.ic_number', required: true, hidden: !!user_id },
    { name: 'email', label: 'organisations.f.email', kind: 'email', required: true },
    { name: 'mobile_number', label: 'organisations.f.mobile_number' },
    {
      name: 'username',
      label: 'organisations.f.username',
      description: 'organisations.ui.username_hint',
      hidden: !!user_id,
    },
    {
      name: 'role',
      label: 'organisations.f.role',
      kind: 'select',
      required: true,
      options: roles.map((r) => ({ value: r, label: `organisations.roles.${r}` })),
    },
    {
      name: 'branch_id',
      label: 'organisations.f.branch',
      kind: 'select',
      options: branches.map((b) => ({ value: b.id, label: b.branch_name })),
    },
    {
      name: 'status',
      label: 'organisations.f.access',
      kind: 'select',
      hidden: !user_id,
      options: [0, 1, 2].map((n) => ({ value: String(n), label: `organisations.access.${n}` })),
    },
    { name: 'staff_id', label: 'organisations.f.staff_id' },
    { name: 'bank_name', label: 'organisations.f.bank_name', required: org.type === 'provider' },
    {
      name: 'bank_account_number',
      label: 'organisations.f.bank_account_number',
      required: org.type === 'provider',
    },
    {
      name: 'is_attended_course',
      label: 'organisations.f.is_attended_course',
      kind: 'select',
      options: [
        { value: '1', label: 'organisations.ui.yes' },
        { value: '0', label: 'organisations.ui.no' },
      ],
    },
  ];
  const d = s.data;
  return (
    <Frame title={user_id ? t('organisations.ui.edit_staff') : t('organisations.ui.add_staff')}>
      <EntityForm
        testId="staff-form"
        fields={fields}
        defaults={{
          name: str(d?.name),
          ic_number: str(d?.ic_number),
          email: str(d?.email),
          mobile_number: str(d?.mobile_number),
          username: '',
          role: str(d?.user_access.role ?? roles[0]),
          branch_id: str(d?.user_access.branch_id ?? branches[0]?.id),
          status: str(d?.user_access.status ?? 1),
          staff_id: str(d?.staff_id),
          bank_name: str(d?.bank_name),
          bank_account_number: str(d?.bank_account_number),
          is_attended_course: str(d?.is_attended_course ?? 0),
        }}
        schema={user_id ? staffUpdateSchema : staffCreateSchema}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          const r = user_id
            ? await api.patch<{ user: Staff }>(`organization/${orgId}/user/${user_id}`, body)
            : await api.post<{ user: Staff }>(`organization/${orgId}/user`, body);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          successToast(user_id ? t('organisations.ui.saved') : t('organisations.ui.invited'));
          navigate(`/organization/${orgId}/user/${r.user.id}`);
        }}
      />
    </Frame>
  );
}

/** /organization/{id}/user/{user_id}, with 'Approve Access' for a pending access (user:approve). */
export function StaffPage() {
  const { t } = useTranslation();
  const { organization_id: orgId, user_id } = useParams();
  const s = useStaff(orgId, user_id);
  const qc = useQueryClient();
  const u = s.data;
  if (!u) return null;
  const approve = async () => {
    await api.patch(`user-access/${u.user_access.id}`, { status: 1 });
    successToast(t('organisations.ui.approved'));
    await qc.invalidateQueries({ queryKey: ['organization', orgId] });
  };
  return (
    <Frame
      title={u.name}
      actions={
        <>
          {u.user_access.status === 0 && can(role(), 'user:approve') && (
            <Button onClick={approve}>{t('organisations.ui.approve_access')}</Button>
          )}
          {can(role(), 'staff:manage') && (
            <Button component={Link} to={`/organization/${orgId}/user/${u.id}/edit`} variant="default">
              {t('organisations.ui.edit')}
            </Button>
          )}
          {/* Admin: reset a lost second factor (issue 11; ADR 0081; features/security). */}
          <ResetTwoFactorButton userId={u.id} name={u.name} userRole={u.user_access.role} />
        </>
      }
    >
      <Detail
        items={[
          [t('organisations.f.username'), u.username],
          [t('organisations.f.ic_number'), u.ic_number],
          [t('organisations.f.email'), u.email],
          [t('organisations.f.mobile_number'), u.mobile_number],
          [t('organisations.f.role'), t(`organisations.roles.${u.user_access.role}`)],
          [t('organisations.f.branch'), u.user_access.accessible?.branch_name],
          [t('organisations.f.access'), t(`organisations.access.${u.user_access.status}`)],
          [t('organisations.f.staff_id'), u.staff_id],
          [t('organisations.f.bank_name'), u.bank_name],
          [t('organisations.f.bank_account_number'), u.bank_account_number],
          [
            t('organisations.f.is_attended_course'),
            u.is_attended_course ? t('organisations.ui.yes') : t('organisations.ui.no'),
          ],
        ]}
      />
    </Frame>
  );
}

// ---------------------------------------------------------------- pricing

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
  const { t } = useTranslation();
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
          [t('organisations.f.effective_from'), dateInput(p.effective_from)],
          [t('organisations.f.effective_to'), dateInput(p.effective_to)],
          [t('organisations.f.status'), p.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')],
        ]}
      />
    </Frame>
  );
}

// ---------------------------------------------------------------- preference

/** /organization/{id}/preference/edit: flags as yes (1) / no (2), totals (empty = no limit). */
export function PreferenceFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const pref = useQuery({
    queryKey: ['organization', orgId, 'preference'],
    queryFn: async () =>
      (await api.get<{ preference: Record<string, unknown> }>(`organization/${orgId}/preference`)).preference,
  });
  if (!pref.data) return null;
  const fields: FieldSpec[] = [
    ...PREFERENCE_FLAGS.map((f) => ({ name: f, label: `organisations.pref.${f}`, kind: 'yesno' as const })),
    ...PREFERENCE_TOTALS.map((f) => ({
      name: f,
      label: `organisations.pref.${f}`,
      kind: 'number' as const,
      description: 'organisations.ui.empty_no_limit',
    })),
    {
      name: 'stock_account_type',
      label: 'organisations.pref.stock_account_type',
      kind: 'select',
      options: STOCK_ACCOUNT_TYPES.map((s) => ({ value: s, label: s })),
    },
    { name: 'fixed_property_name', label: 'organisations.pref.fixed_property_name' },
    { name: 'fixed_stock_name', label: 'organisations.pref.fixed_stock_name' },
  ];
  const d = pref.data;
  return (
    <Frame title={t('organisations.ui.edit_preference')}>
      <EntityForm
        testId="preference-form"
        fields={fields}
        defaults={Object.fromEntries(fields.map((f) => [f.name, f.kind === 'yesno' ? d[f.name] : str(d[f.name])]))}
        schema={preferenceSchema}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          await api.patch(`organization/${orgId}/preference`, body);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          successToast(t('organisations.ui.saved'));
          navigate(`/organization/${orgId}`);
        }}
      />
    </Frame>
  );
}

// ---------------------------------------------------------------- Individu

interface Individu {
  individual: boolean;
  organization: { id: string; name: string; code: string; mykad_number: string | null; email: string | null };
  owner: Staff | null;
}

/**
 * /organization/{id}/individu — the Individu page (spec §2; ADR 0019): an individual organisation's
 * particulars and its owner account (a Partner with the organisation's MyKad); staff with `staff:manage`
 * create the owner account once, which e-mails the owner an invitation to set a password.
 */
export function IndividuPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '' } = useParams();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['organization', orgId, 'individu'],
    queryFn: async () => api.get<Individu>(`organization/${orgId}/individu`),
  });
  const d = q.data;
  if (!d) return null;
  const createOwner = async () => {
    await api.post(`organization/${orgId}/individu`, {});
    successToast(t('organisations.ui.invited'));
    await qc.invalidateQueries({ queryKey: ['organization', orgId] });
  };
  return (
    <Frame
      title={t('organisations.ui.individu')}
      actions={
        d.individual &&
        !d.owner &&
        can(role(), 'staff:manage') && <Button onClick={createOwner}>{t('organisations.ui.create_owner')}</Button>
      }
    >
      <Detail
        items={[
          [t('organisations.f.name'), d.organization.name],
          [t('organisations.f.code'), d.organization.code],
          [t('organisations.f.mykad_number'), d.organization.mykad_number],
          [t('organisations.f.email'), d.organization.email],
        ]}
      />
      <Title order={2} size="h4">
        {t('organisations.ui.owner')}
      </Title>
      {!d.individual ? (
        <p>{t('organisations.ui.not_individual')}</p>
      ) : d.owner ? (
        <Detail
          items={[
            [t('organisations.f.name'), d.owner.name],
            [t('organisations.f.username'), d.owner.username],
            [t('organisations.f.email'), d.owner.email],
            [t('organisations.f.access'), t(`organisations.access.${d.owner.user_access.status}`)],
          ]}
        />
      ) : (
        <p>{t('organisations.ui.no_owner')}</p>
      )}
    </Frame>
  );
}
