/**
 * Staff (user) sub-pages of /organization/{organization_id} (spec §2 Organisations): user create, {user_id} and
 * edit, with 'Approve Access', the admin's second-factor reset and — while the member has set no password —
 * sending the invitation again (`POST user/{id}/invitation`; ADR 0243) on the detail page. The form checks the
 * domain's staff schemas, then calls `organization/{id}/user` (apps/api/src/modules/organisations/manage-routes.ts).
 */
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, PARTNER_STAFF_ROLES, PROVIDER_STAFF_ROLES, staffCreateSchema, staffUpdateSchema } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ResetTwoFactorButton } from '@/features/security/index.ts';
import { api } from '@/lib/api.ts';
import { roleName } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { type Staff, useBranches, useOrganisation } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { EntityForm, type FieldSpec } from '../components/EntityForm.tsx';
import { Frame, role, str } from './Frame.tsx';

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
      options: roles.map((r) => ({ value: r, label: `roles.${r}` })),
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
  const resendInvitation = async () => {
    await api.post(`user/${u.id}/invitation`, {});
    successToast(t('organisations.ui.invitation_resent'));
  };
  return (
    <Frame
      title={u.name}
      actions={
        <>
          {u.user_access.status === 0 && can(role(), 'user:approve') && (
            <Button onClick={approve}>{t('organisations.ui.approve_access')}</Button>
          )}
          {u.has_password === 0 && can(role(), 'staff:manage') && (
            <Button onClick={resendInvitation} variant="default">
              {t('organisations.ui.resend_invitation')}
            </Button>
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
          [t('organisations.f.role'), roleName(u.user_access.role, t)],
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
