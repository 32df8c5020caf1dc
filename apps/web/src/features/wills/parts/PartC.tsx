/**
 * Part C — Testator particulars (docs/api/wills.md part c; reference §3.1 Part E; spec §5): designation,
 * name, MyKad (read-only), other IC, gender (prefilled from the MyKad's last digit, DESIGN.md §7), race,
 * religion, nationality, marital status, e-mail, mobile, home phone, correspondence address and a
 * permanent address ("same as correspondence" copies it). GET then PATCH /api/wasiat/{id}/user-detail.
 * Then the state whose law governs the will (issue 41 item 8, ADR 0260; c/GoverningLawField.tsx): the address's
 * state unless the testator chose another, confirmed with the save by PUT /api/wasiat/{id}/governing-law.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DESIGNATIONS,
  GENDERS,
  genderFromMykad,
  MARITAL_STATUSES,
  NATIONALITIES,
  RACES,
  RELIGIONS,
  type UserDetailInput,
  userDetailSchema,
} from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors } from '@/components/form-errors.ts';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { AddressFields, CatalogueSelect, TextField } from '../../../components/instrument/fields.tsx';
import { Busy } from '../components/Busy.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { useGoverningLaw } from '../hooks/useGoverningLaw.ts';
import type { UserDetail, Will } from '../types.ts';
import { GoverningLawField } from './c/GoverningLawField.tsx';

const FIELDS = [
  'designation',
  'name',
  'ic_number',
  'other_ic_number',
  'gender',
  'race',
  'religion',
  'nationality',
  'marital_status',
  'email',
  'mobile_number',
  'home_phone_number',
  'correspondence_address',
  'correspondence_postcode',
  'correspondence_city',
  'correspondence_state',
  'permanent_address',
  'permanent_postcode',
  'permanent_city',
  'permanent_state',
] as const;

const ADDRESS_PARTS = ['address', 'postcode', 'city', 'state'] as const;

/**
 * The form's starting values: what was saved, else what is known of the testator (MyKad and name of the
 * will's user, or of the logged-in Client); gender from the MyKad's last digit; Islam and citizen by default.
 */
export function partCDefaults(
  detail: UserDetail | null | undefined,
  will: Will | null,
  me: { name?: string; ic_number?: string | null; email?: string | null; mobile_number?: string | null } | null,
): UserDetailInput {
  const ownWill = !!me && (!will?.user || will.user.id === (me as { id?: string }).id);
  const ic = detail?.ic_number ?? will?.user?.ic_number ?? (ownWill ? me?.ic_number : null) ?? '';
  const v = (x: string | null | undefined) => x ?? '';
  return {
    designation: v(detail?.designation) || 'mr',
    name: v(detail?.name) || will?.user?.name || (ownWill ? v(me?.name) : ''),
    ic_number: ic,
    other_ic_number: v(detail?.other_ic_number),
    gender: detail?.gender ?? (/^\d{12}$/.test(ic) ? genderFromMykad(ic) : 1),
    race: detail?.race ?? 1,
    religion: detail?.religion ?? 1,
    nationality: detail?.nationality ?? 1,
    marital_status: v(detail?.marital_status) || 'married',
    email: v(detail?.email) || (ownWill ? v(me?.email) : ''),
    mobile_number: v(detail?.mobile_number) || (ownWill ? v(me?.mobile_number) : ''),
    home_phone_number: v(detail?.home_phone_number),
    correspondence_address: v(detail?.correspondence_address),
    correspondence_postcode: v(detail?.correspondence_postcode),
    correspondence_city: v(detail?.correspondence_city),
    correspondence_state: (detail?.correspondence_state ?? '') as UserDetailInput['correspondence_state'],
    permanent_address: v(detail?.permanent_address),
    permanent_postcode: v(detail?.permanent_postcode),
    permanent_city: v(detail?.permanent_city),
    permanent_state: (detail?.permanent_state ?? '') as UserDetailInput['permanent_state'],
  };
}

/** Part C page: loads the saved particulars, then shows the form. */
export function PartC() {
  const { wasiatId } = useWizard();
  const detail = useQuery({
    queryKey: ['wasiat', wasiatId, 'user-detail'],
    enabled: !!wasiatId,
    queryFn: async () =>
      (
        await api
          .get<{ user_detail: UserDetail | null }>(`wasiat/${wasiatId}/user-detail`, undefined, { silent: true })
          .catch(() => ({ user_detail: null }))
      ).user_detail,
  });
  const law = useGoverningLaw(wasiatId);
  if (detail.isLoading || law.loading) return <Busy />;
  return <PartCForm detail={detail.data ?? null} confirmedState={law.law?.confirmed_at ? law.law.state : null} />;
}

function PartCForm({ detail, confirmedState }: { detail: UserDetail | null; confirmedState: string | null }) {
  const { t } = useTranslation();
  const { will, wasiatId, editable, goNext } = useWizard();
  /** The governing state the testator chose on this page (null: the confirmed one, else the address's). */
  const [lawChoice, setLawChoice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = partCDefaults(detail, will, session.user());
  const [same, setSame] = useState(
    !!detail?.permanent_address &&
      ADDRESS_PARTS.every((p) => detail[`permanent_${p}`] === detail[`correspondence_${p}`]),
  );
  const form = useForm<UserDetailInput>({ resolver: zodResolver(userDetailSchema), defaultValues: defaults });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const { register, control } = form;

  const [correspondenceState, permanentState] = form.watch(['correspondence_state', 'permanent_state']);
  const lawState =
    lawChoice ?? confirmedState ?? ((same ? correspondenceState : permanentState || correspondenceState) || null);

  const copyAddress = () => {
    for (const p of ADDRESS_PARTS) {
      form.setValue(`permanent_${p}`, form.getValues(`correspondence_${p}`) as never, { shouldValidate: false });
    }
  };

  const onSubmit = async (e: React.FormEvent) => {
    if (same) copyAddress();
    await form.handleSubmit(async (v) => {
      setFormError(null);
      try {
        await api.patch(`wasiat/${wasiatId}/user-detail`, v as Record<string, unknown>);
        // Saving the part confirms the governing law shown (ADR 0260).
        const state = lawChoice ?? confirmedState ?? (v.permanent_state || v.correspondence_state || null);
        if (state) await api.put(`wasiat/${wasiatId}/governing-law`, { state });
        await goNext('c');
      } catch (err) {
        setFormError(applyServerErrors(err, form.setError, FIELDS));
      }
    })(e);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={2}>{t('wills.parts.c')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CatalogueSelect
            control={control}
            name="designation"
            label={t('wills.f.designation')}
            catalogue={DESIGNATIONS}
            required
          />
          <TextField register={register} name="name" label={t('wills.f.name')} error={errors.name?.message} required />
          <TextField
            register={register}
            name="ic_number"
            label={t('wills.f.ic_number')}
            error={errors.ic_number?.message}
            readOnly
            required
          />
          <TextField
            register={register}
            name="other_ic_number"
            label={t('wills.f.other_ic_number')}
            error={errors.other_ic_number?.message}
          />
          <CatalogueSelect control={control} name="gender" label={t('wills.f.gender')} catalogue={GENDERS} required />
          <CatalogueSelect control={control} name="race" label={t('wills.f.race')} catalogue={RACES} required />
          <CatalogueSelect
            control={control}
            name="religion"
            label={t('wills.f.religion')}
            catalogue={RELIGIONS}
            required
          />
          <CatalogueSelect
            control={control}
            name="nationality"
            label={t('wills.f.nationality')}
            catalogue={NATIONALITIES}
            required
          />
          <CatalogueSelect
            control={control}
            name="marital_status"
            label={t('wills.f.marital_status')}
            catalogue={MARITAL_STATUSES}
            required
          />
          <TextField
            register={register}
            name="email"
            label={t('wills.f.email')}
            error={errors.email?.message}
            type="email"
            required
          />
          <TextField
            register={register}
            name="mobile_number"
            label={t('wills.f.mobile_number')}
            error={errors.mobile_number?.message}
            inputMode="tel"
            required
          />
          <TextField
            register={register}
            name="home_phone_number"
            label={t('wills.f.home_phone_number')}
            error={errors.home_phone_number?.message}
            inputMode="tel"
          />
        </SimpleGrid>
        {/* Each address block is a fieldset so its repeated labels (Alamat, Poskod…) are told apart. */}
        <Fieldset legend={t('wills.c.correspondence')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AddressFields
              register={register}
              control={control}
              errors={errors}
              prefix="correspondence_"
              setValue={form.setValue}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('wills.c.permanent')}>
          <Checkbox
            label={t('wills.c.same_address')}
            checked={same}
            onChange={(e) => {
              setSame(e.currentTarget.checked);
              if (e.currentTarget.checked) copyAddress();
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AddressFields
              register={register}
              control={control}
              errors={errors}
              prefix="permanent_"
              disabled={same}
              setValue={form.setValue}
            />
          </SimpleGrid>
        </Fieldset>
        <GoverningLawField
          value={lawState}
          confirmed={!!confirmedState && lawState === confirmedState}
          onChange={setLawChoice}
          disabled={!editable}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!editable}>
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
