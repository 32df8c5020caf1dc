/**
 * The profile form (reference §3.8 "Profile edit" and "Client edit"): name, designation, gender, e-mail,
 * office phone, mobile, address, postcode, city, state — checked with the domain's `userProfileSchema`
 * and sent as `PATCH /api/user/{id}` (apps/api/src/modules/clients/profile.ts) → `{ user }`. Used by /profile-edit
 * (own) and /client/{client_id}/edit (staff/partner within scope).
 *
 * The e-mail and mobile number recover the account (issue 16 item 3; ADR 0105): on one's own profile, changing
 * either asks for the current password; provider staff (`user:channel:change`) give a reason; anyone else sees
 * them read-only (the server refuses the change).
 */
import { can, DESIGNATIONS, GENDERS, roleOf, userProfileSchema } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { EntityForm, type FieldSpec } from './EntityForm.tsx';

/** The profile fields of a user as the API returns them (auth/service.ts serializeUser). */
export interface ProfileUser {
  id: string;
  name: string;
  email: string | null;
  mobile_number: string | null;
  designation?: string | null;
  gender?: number | null;
  office_phone_number?: string | null;
  address?: string | null;
  postcode?: string | null;
  city?: string | null;
  state?: string | null;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Local mobile form of a stored E.164 number (+60123… → 0123…). */
const localMobile = (v: string | null | undefined) => (v ? v.replace(/^\+60/, '0') : '');

/** The form; `onSaved(user)` runs after the server accepted it. */
export function ProfileForm({
  user,
  onSaved,
  testId = 'profile-form',
}: {
  user: ProfileUser;
  onSaved: (user: ProfileUser) => void | Promise<void>;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const me = session.user();
  const self = me?.id === user.id;
  const staff = !self && can(roleOf(me), 'user:channel:change');
  const locked = !self && !staff;
  const digits = (v: unknown) =>
    String(v ?? '')
      .replace(/\D/g, '')
      .replace(/^60/, '0');
  const channelsChanged = (v: Record<string, any>) =>
    String(v.email ?? '')
      .trim()
      .toLowerCase() !== str(user.email).toLowerCase() ||
    digits(v.mobile_number) !== digits(localMobile(user.mobile_number));
  const fields: FieldSpec[] = [
    {
      name: 'designation',
      label: 'profile.f.designation',
      kind: 'select',
      options: DESIGNATIONS.map((d) => ({ value: String(d.code), label: d[lang] })),
    },
    { name: 'name', label: 'profile.f.name', required: true },
    {
      name: 'gender',
      label: 'profile.f.gender',
      kind: 'select',
      required: true,
      options: GENDERS.map((g) => ({ value: String(g.code), label: g[lang] })),
    },
    {
      name: 'email',
      label: 'profile.f.email',
      kind: 'email',
      required: true,
      disabled: locked,
      description: locked ? 'profile.ui.channel_holder_only' : undefined,
    },
    { name: 'mobile_number', label: 'profile.f.mobile_number', required: true, disabled: locked },
    {
      name: 'current_password',
      label: 'profile.f.current_password',
      kind: 'password',
      required: true,
      description: 'profile.ui.channel_confirm',
      hidden: !self,
      showWhen: channelsChanged,
    },
    {
      name: 'change_reason',
      label: 'profile.f.change_reason',
      required: true,
      description: 'profile.ui.channel_reason',
      hidden: !staff,
      showWhen: channelsChanged,
    },
    { name: 'office_phone_number', label: 'profile.f.office_phone_number' },
    { name: 'address', label: 'profile.f.address', required: true },
    { name: 'postcode', label: 'profile.f.postcode', required: true },
    { name: 'city', label: 'profile.f.city', required: true },
    { name: 'state', label: 'profile.f.state', kind: 'state', required: true },
  ];
  return (
    <EntityForm
      testId={testId}
      fields={fields}
      defaults={{
        designation: str(user.designation),
        name: user.name,
        gender: str(user.gender),
        email: str(user.email),
        mobile_number: localMobile(user.mobile_number),
        office_phone_number: str(user.office_phone_number),
        address: str(user.address),
        postcode: str(user.postcode),
        city: str(user.city),
        state: str(user.state),
        current_password: '',
        change_reason: '',
      }}
      schema={userProfileSchema}
      submitLabel={t('profile.ui.save')}
      onSubmit={async (body) => {
        const r = await api.patch<{ user: ProfileUser }>(`user/${user.id}`, body);
        await onSaved(r.user);
      }}
    />
  );
}
