/**
 * The parts of the hibah wizards (spec §2 Trusts; reference §3.2–§3.4; docs/api/hibah.md):
 * A account (product → `POST /api/hibah`), B the grantor's MyKad front/back and eKYC (issue 3; the shared
 * eKYC step with `ekycable_type: "Hibah"`), C organisation and price, D grantor
 * (`POST /api/hibah/{id}/user-detail` + `POST /api/hibah/{id}` fields; a corporate product: the company, its
 * signatories and board resolution instead — Company.tsx, ADR 0165), E receivers (estate: heirs and
 * receivers), F property with shares (estate: with its transactions; one-cent: wallet accounts),
 * G caretakers, H verification (payment, signature, PDPA, a verified one-time code `hibah-submit`, submit),
 * I witnesses and completion, signpenerima (receivers sign) and draft (a verified code `hibah-finalise`,
 * then accept within 14 days). The server refuses submitting and accepting without a passed eKYC and the
 * code (ADR 0096).
 */

import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CORPORATE_HIBAH_TYPES,
  DESIGNATIONS,
  ESTATE_HIBAH_TYPE,
  GENDERS,
  HIBAH_PROPERTY_SOURCES,
  hibahFieldsSchema,
  hibahHeirSchema,
  hibahReceiverSchema,
  hibahWitnessSchema,
  IMMOVEABLE_CATEGORIES,
  INCOME_SOURCES,
  immoveableFieldsSchema,
  LAND_TITLE_TYPES,
  labelOf,
  MARITAL_STATUSES,
  MOVEABLE_PROPERTY_TYPES,
  moveableFieldsSchema,
  NATIONALITIES,
  ONE_CENT_HIBAH_TYPE,
  RACES,
  RELIGIONS,
  TRUST_PURPOSE_TYPES,
  userDetailSchema,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { ApiError, api } from '@/app/api.ts';
import { session } from '@/app/storage.ts';
import { FormError } from '@/components/FormError.tsx';
import { PdpaLink } from '@/components/PdpaLink.tsx';
import { ShareLink } from '@/components/ShareLink.tsx';
import { SignaturePad } from '@/components/SignaturePad.tsx';
import { EkycStep, MykadImages, OtpStep } from '@/features/ekyc/index.ts';
import { defaultsFor, heirSpecs, receiverSpecs, witnessSpecs } from '@/features/wills/components/personFields.ts';
import { type FieldSpec, RecordForm } from '@/features/wills/components/RecordForm.tsx';
import { HeirPicker } from '@/features/wills/index.ts';
import { immoveableSpecs, moveableSpecs } from '@/features/wills/parts/e/PropertyTab.tsx';
import { isGrantor, mayFill } from '../access.ts';
import { useGrantorHeirs } from '../components/grantorHeirs.ts';
import { HibahSummary } from '../components/HibahSummary.tsx';
import { Rows } from '../components/Rows.tsx';
import { rm } from '../products.ts';
import { type Hibah, useHibahRows, useRefreshHibah } from '../useHibah.ts';
import { Attachments } from './Attachments.tsx';
import { CompanyPart } from './Company.tsx';
import { Ledger } from './Ledger.tsx';
import { Shares } from './Shares.tsx';

type T = (k: string, o?: Record<string, unknown>) => string;
const filling = (h: Hibah) => [-1, 0, 1].includes(h.status);

/**
 * Part B: the grantor's identity — MyKad front and back (`POST /api/hibah/{id}/document`), then the face
 * verification against the front (the shared eKYC step, `ekycable_type: "Hibah"`). Only the grantor or the
 * agent who registered the hibah, while it is being filled in.
 */
export function PartB({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const editable = mayFill(hibah);
  const corporate = (CORPORATE_HIBAH_TYPES as readonly number[]).includes(hibah.hibah_type);
  return (
    <Stack>
      {corporate ? <Alert data-testid="hibah-acting-person">{t('hibah.company.acting_person')}</Alert> : null}
      <MykadImages
        path={`hibah/${hibah.id}/document`}
        editable={editable}
        title={t('hibah.identity.mykad')}
        onSaved={() => void refresh(hibah.id)}
      />
      <EkycStep
        title={t('hibah.identity.ekyc')}
        record={{
          type: 'Hibah',
          id: hibah.id,
          userId: hibah.user_id,
          ekycVerifiedAt: (hibah.ekyc_verified_at as string | null) ?? null,
          faceVerificationCount: Number(hibah.face_verification_count ?? 0),
        }}
        editable={editable}
        onChanged={() => refresh(hibah.id)}
      />
    </Stack>
  );
}

const detailSpecs = (t: T): FieldSpec[] => [
  { name: 'designation', label: t('wills.f.designation'), kind: 'catalogue', catalogue: DESIGNATIONS, required: true },
  { name: 'name', label: t('wills.f.name'), required: true },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric', required: true },
  { name: 'gender', label: t('wills.f.gender'), kind: 'catalogue', catalogue: GENDERS, required: true },
  { name: 'race', label: t('wills.f.race'), kind: 'catalogue', catalogue: RACES, required: true },
  { name: 'religion', label: t('wills.f.religion'), kind: 'catalogue', catalogue: RELIGIONS, required: true },
  { name: 'nationality', label: t('wills.f.nationality'), kind: 'catalogue', catalogue: NATIONALITIES, required: true },
  {
    name: 'marital_status',
    label: t('wills.f.marital_status'),
    kind: 'catalogue',
    catalogue: MARITAL_STATUSES,
    required: true,
  },
  { name: 'email', label: t('wills.f.email'), type: 'email', required: true },
  { name: 'mobile_number', label: t('wills.f.mobile_number'), inputMode: 'tel', required: true },
  { name: 'correspondence_address', label: t('hibah.f.correspondence_address'), kind: 'textarea', required: true },
  { name: 'correspondence_postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required: true },
  { name: 'correspondence_city', label: t('wills.f.city'), required: true },
  { name: 'correspondence_state', label: t('wills.f.state'), kind: 'state', required: true },
  { name: 'permanent_address', label: t('hibah.f.permanent_address'), kind: 'textarea', required: true },
  { name: 'permanent_postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required: true },
  { name: 'permanent_city', label: t('wills.f.city'), required: true },
  { name: 'permanent_state', label: t('wills.f.state'), kind: 'state', required: true },
];

/** The trust fields that describe a person's work and income: not asked of a company (ADR 0165). */
const PERSONAL_TRUST_FIELDS = ['employer_name', 'job_title', 'yearly_income', 'income_source'];

const trustSpecs = (t: T, estate: boolean): FieldSpec[] => [
  { name: 'employer_name', label: t('hibah.f.employer_name') },
  { name: 'job_title', label: t('hibah.f.job_title') },
  { name: 'yearly_income', label: t('hibah.f.yearly_income') },
  { name: 'income_source', label: t('hibah.f.income_source'), kind: 'catalogue', catalogue: INCOME_SOURCES },
  {
    name: 'hibah_property_source',
    label: t('hibah.f.hibah_property_source'),
    kind: 'catalogue',
    catalogue: HIBAH_PROPERTY_SOURCES,
  },
  {
    name: 'trust_purpose_type',
    label: t('hibah.f.trust_purpose_type'),
    kind: 'catalogue',
    catalogue: TRUST_PURPOSE_TYPES,
  },
  { name: 'trust_purpose', label: t('hibah.f.trust_purpose'), kind: 'textarea' },
  ...(estate
    ? ([
        { name: 'period', label: t('hibah.f.period') },
        { name: 'other_period_instructions', label: t('hibah.f.other_period_instructions'), kind: 'textarea' },
        {
          name: 'distribution_lifetime_instruction',
          label: t('hibah.f.distribution_lifetime_instruction'),
          kind: 'textarea',
        },
        {
          name: 'distribution_after_death_instruction',
          label: t('hibah.f.distribution_after_death_instruction'),
          kind: 'textarea',
        },
      ] as FieldSpec[])
    : []),
];

/**
 * Part D: the grantor's particulars (`POST /api/hibah/{id}/user-detail`: the grantor or the agent who
 * registered the hibah; prefilled from the grantor's account) and the trust's details (`POST /api/hibah/{id}`:
 * an update of the hibah, the grantor's alone — spec §6; an agent sees a note and goes on).
 */
export function PartD({ hibah, next }: { hibah: Hibah; next: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const account = hibah.user ?? (isGrantor(hibah) ? session.user() : null);
  const specs = detailSpecs(t);
  const detail = hibah.user_detail ?? {
    ic_number: account?.ic_number,
    name: account?.name,
    email: (account as { email?: string | null } | null)?.email,
    mobile_number: (account as { mobile_number?: string | null } | null)?.mobile_number,
  };
  const corporate = (CORPORATE_HIBAH_TYPES as readonly number[]).includes(hibah.hibah_type);
  // A company has no employer, job or yearly income (ADR 0165).
  const tSpecs = trustSpecs(t, hibah.hibah_type === ESTATE_HIBAH_TYPE).filter(
    (f) => !corporate || !PERSONAL_TRUST_FIELDS.includes(f.name),
  );
  if (corporate) {
    return (
      <Stack>
        <CompanyPart hibah={hibah} />
        {isGrantor(hibah) ? (
          <RecordForm
            title={t('hibah.d.trust')}
            schema={hibahFieldsSchema}
            fields={tSpecs}
            defaults={defaultsFor(tSpecs, hibah)}
            submitLabel={t('hibah.save_next')}
            testId="hibah-trust"
            onSave={async (v) => {
              await api.post(
                `hibah/${hibah.id}`,
                Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null)),
              );
              await refresh(hibah.id);
              next();
            }}
          />
        ) : (
          <>
            <Alert data-testid="hibah-trust-grantor-only">{t('hibah.d.trust_by_grantor')}</Alert>
            <Group>
              <Button variant="default" onClick={next} data-testid="hibah-part-d-next">
                {t('common.next')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    );
  }
  if (!isGrantor(hibah)) {
    return (
      <Stack>
        <RecordForm
          title={t('hibah.d.grantor')}
          schema={userDetailSchema}
          fields={specs}
          defaults={defaultsFor(specs, detail)}
          submitLabel={t('hibah.save')}
          testId="hibah-grantor"
          onSave={async (v) => {
            await api.post(`hibah/${hibah.id}/user-detail`, v);
            await refresh(hibah.id);
          }}
        />
        <Alert data-testid="hibah-trust-grantor-only">{t('hibah.d.trust_by_grantor')}</Alert>
        <Group>
          <Button variant="default" onClick={next} data-testid="hibah-part-d-next">
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <RecordForm
        title={t('hibah.d.grantor')}
        schema={userDetailSchema}
        fields={specs}
        defaults={defaultsFor(specs, detail)}
        submitLabel={t('hibah.save')}
        testId="hibah-grantor"
        onSave={async (v) => {
          await api.post(`hibah/${hibah.id}/user-detail`, v);
          await refresh(hibah.id);
        }}
      />
      <RecordForm
        title={t('hibah.d.trust')}
        schema={hibahFieldsSchema}
        fields={tSpecs}
        defaults={defaultsFor(tSpecs, hibah)}
        submitLabel={t('hibah.save_next')}
        testId="hibah-trust"
        onSave={async (v) => {
          await api.post(
            `hibah/${hibah.id}`,
            Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null)),
          );
          await refresh(hibah.id);
          next();
        }}
      />
    </Stack>
  );
}

/** Part E: receivers (and, for the estate trust, heirs). */
export function PartE({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const specs = receiverSpecs(t);
  const editable = mayFill(hibah);
  const pickable = useGrantorHeirs(hibah);
  return (
    <Stack>
      {hibah.hibah_type === ESTATE_HIBAH_TYPE ? (
        <Rows
          hibahId={hibah.id}
          path="heir"
          envelope="heirs"
          title={t('hibah.e.heirs')}
          schema={hibahHeirSchema}
          fields={heirSpecs(t)}
          defaults={defaultsFor(heirSpecs(t))}
          columns={[
            { key: 'name', label: t('wills.f.name') },
            { key: 'relationship', label: t('wills.f.relationship') },
          ]}
          testId="hibah-heir"
          editable={editable}
        />
      ) : null}
      <Rows
        hibahId={hibah.id}
        path="receiver"
        envelope="receivers"
        title={t('hibah.e.receivers')}
        schema={hibahReceiverSchema}
        fields={specs}
        defaults={defaultsFor(specs)}
        columns={[
          { key: 'name', label: t('wills.f.name') },
          { key: 'ic_number', label: t('wills.f.ic_number') },
          {
            key: 'is_minor',
            label: t('hibah.f.is_minor'),
            render: (r) => (r.is_minor ? t('hibah.yes') : t('hibah.no')),
          },
        ]}
        testId="hibah-receiver"
        editable={editable}
        formExtra={(form) => <HeirPicker heirs={pickable} form={form} mode="receiver" />}
      />
    </Stack>
  );
}

const walletSchema = z.object({
  one_cent_username: z.string().trim().min(1, { error: 'validation.required' }),
  one_cent_wallet_name: z.string().trim().min(1, { error: 'validation.required' }),
});

/** Part F: property (movable and immovable) with each one's receivers; the estate trust's ledger. */
export function PartF({ hibah }: { hibah: Hibah }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const editable = mayFill(hibah);
  const oneCent = hibah.hibah_type === ONE_CENT_HIBAH_TYPE;
  const mSpecs: FieldSpec[] = oneCent
    ? [
        { name: 'one_cent_username', label: t('hibah.f.one_cent_username'), required: true },
        { name: 'one_cent_wallet_name', label: t('hibah.f.one_cent_wallet_name'), required: true },
      ]
    : moveableSpecs(t);
  const iSpecs = immoveableSpecs(t);
  const shares = (r: any) => (
    <Stack gap={4}>
      <Shares hibahId={hibah.id} propertyId={r.id} editable={editable} />
      <Attachments hibahId={hibah.id} propertyId={r.id} editable={editable} />
    </Stack>
  );
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('hibah.f.moveable')}
      </Title>
      <Rows
        hibahId={hibah.id}
        path="moveable-property"
        envelope="moveable_properties"
        title={t('hibah.f.moveable')}
        schema={oneCent ? walletSchema : moveableFieldsSchema}
        fields={mSpecs}
        defaults={defaultsFor(mSpecs)}
        columns={[
          {
            key: 'property_type',
            label: t('wills.f.property_type'),
            // The catalogue's name, never the stored code (issue 17 item 9: "savings" was shown).
            render: (r) => labelOf(MOVEABLE_PROPERTY_TYPES, r.property_type ?? null, lang) || '-',
          },
          {
            key: 'institution_name',
            label: t('hibah.f.details'),
            render: (r) => r.one_cent_wallet_name ?? r.institution_name ?? r.transport_registration_number ?? '-',
          },
        ]}
        testId="hibah-moveable"
        editable={editable}
        extra={shares}
      />
      {oneCent ? (
        <Text c="dimmed">{t('hibah.f.wallet_limit', { n: hibah.one_cent_maximum_moveable_property })}</Text>
      ) : (
        <>
          <Title order={2} size="h4">
            {t('hibah.f.immoveable')}
          </Title>
          <Rows
            hibahId={hibah.id}
            path="immoveable-property"
            envelope="immoveable_properties"
            title={t('hibah.f.immoveable')}
            schema={immoveableFieldsSchema}
            fields={iSpecs}
            defaults={defaultsFor(iSpecs)}
            columns={[
              {
                key: 'property_type',
                label: t('wills.f.property_type'),
                render: (r) =>
                  [
                    labelOf(IMMOVEABLE_CATEGORIES, r.category ?? null, lang),
                    labelOf(LAND_TITLE_TYPES, r.property_type ?? null, lang),
                  ]
                    .filter(Boolean)
                    .join(' · ') || '-',
              },
              { key: 'property_no', label: t('hibah.f.property_no') },
            ]}
            testId="hibah-immoveable"
            editable={editable}
            extra={shares}
          />
        </>
      )}
      {[3, 4, 7, 8, ESTATE_HIBAH_TYPE].includes(hibah.hibah_type) ? <Ledger hibah={hibah} /> : null}
    </Stack>
  );
}

/**
 * Part H: payment (anyone who may fill it, e.g. the agent taking cash), then the grantor's own signature,
 * PDPA and confirmation, a one-time code and submit (status 2) — the grantor alone (spec §6; an agent sees
 * who submits).
 */
export function PartH({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const [sig, setSig] = useState<string | null>(null);
  const [pdpa, setPdpa] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [otpVerified, setOtpVerified] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const paid = !!hibah.payment_received_at || (hibah.amount_due_sen ?? 0) === 0;
  const ekycDone = !!hibah.ekyc_verified_at;
  const { pathname } = useLocation();
  // A cash payment recorded and awaiting the accountant's confirmation (issue 21 item 8: say what happened).
  const payments = useQuery({
    queryKey: ['hibah', hibah.id, 'payments'],
    enabled: !paid,
    queryFn: async () =>
      (
        await api.get<{
          payments: {
            data: {
              id: string;
              payment_options_id: number;
              status: string;
              reference: string | null;
              amount_sen: number;
            }[];
          };
        }>(`hibah/${hibah.id}/payment`)
      ).payments.data,
  });
  const pendingCash = (payments.data ?? []).find((p) => p.payment_options_id === 3 && p.status === 'pending');
  if (!filling(hibah)) return <Alert data-testid="hibah-submitted">{t('hibah.h.submitted')}</Alert>;
  const grantor = isGrantor(hibah);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            {t('hibah.h.payment')}
          </Title>
          {paid ? (
            <Text data-testid="hibah-paid">{t('hibah.h.paid')}</Text>
          ) : (
            <Group>
              <Text>{rm(hibah.amount_due_sen)}</Text>
              <Button
                data-testid="hibah-pay-online"
                onClick={async () => {
                  const r = await api.post<{ payment_link?: string | null }>('payment', {
                    paymentable_type: 'Hibah',
                    paymentable_id: hibah.id,
                    payment_options_id: 1,
                    redirect_url: '/payment-status',
                  });
                  if (r.payment_link) window.location.assign(r.payment_link);
                }}
              >
                {t('hibah.h.pay_online')}
              </Button>
              <Button
                variant="outline"
                data-testid="hibah-pay-cash"
                disabled={!!pendingCash}
                onClick={async () => {
                  await api.post('payment', {
                    paymentable_type: 'Hibah',
                    paymentable_id: hibah.id,
                    payment_options_id: 3,
                  });
                  await payments.refetch();
                  await refresh(hibah.id);
                }}
              >
                {t('hibah.h.pay_cash')}
              </Button>
            </Group>
          )}
          {!paid && pendingCash ? (
            <Alert role="status" data-testid="hibah-cash-pending">
              {t('hibah.h.cash_pending', {
                amount: rm(pendingCash.amount_sen),
                reference: pendingCash.reference ?? pendingCash.id,
              })}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {grantor ? null : (
        <Alert data-testid="hibah-grantor-submits">
          {t('hibah.h.grantor_submits', { name: hibah.user?.name ?? '' })}
        </Alert>
      )}
      {grantor ? (
        <Paper withBorder p="md">
          <Stack>
            {hibah.has_signature && hibah.signature_current === 0 ? (
              <Alert color="yellow" data-testid="hibah-sign-again">
                {t('hibah.h.sign_again')}
              </Alert>
            ) : hibah.has_signature ? (
              <Text data-testid="hibah-signed">{t('hibah.h.signed')}</Text>
            ) : null}
            <SignaturePad label={t('hibah.h.signature')} required onChange={setSig} />
            <Group>
              <Button
                variant="outline"
                disabled={!sig}
                data-testid="hibah-save-signature"
                onClick={async () => {
                  await api.post(`hibah/${hibah.id}/signature`, { signature: sig });
                  await refresh(hibah.id);
                }}
              >
                {t('hibah.h.save_signature')}
              </Button>
            </Group>
            <Checkbox
              label={t('hibah.h.pdpa')}
              description={<PdpaLink />}
              checked={pdpa}
              onChange={(e) => setPdpa(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('hibah.h.confirm')}
              checked={confirm}
              onChange={(e) => setConfirm(e.currentTarget.checked)}
            />
            {ekycDone ? null : (
              <Alert color="yellow" data-testid="hibah-ekyc-needed">
                {t('hibah.identity.ekyc_needed')}{' '}
                <Anchor component={Link} to={`${pathname.replace(/part-h$/, 'part-b')}?id=${hibah.id}`}>
                  {t('hibah.identity.to_ekyc')}
                </Anchor>
              </Alert>
            )}
            <OtpStep
              purpose="hibah-submit"
              record={{ hibah_id: hibah.id }}
              intro={t('hibah.identity.otp_submit')}
              verified={otpVerified}
              onVerified={() => setOtpVerified(true)}
              disabled={hibah.user_id !== session.user()?.id}
            />
            <FormError message={submitError} />
            <Group>
              <Button
                data-testid="hibah-submit"
                disabled={!pdpa || !confirm || !otpVerified}
                onClick={async () => {
                  setSubmitError(null);
                  try {
                    await api.post(
                      `hibah/${hibah.id}`,
                      { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
                      { silent: true },
                    );
                    await refresh(hibah.id);
                  } catch (e) {
                    setSubmitError(e instanceof ApiError ? e.firstMessage : String(e));
                    // A refused submission keeps the code unless the code itself was refused.
                    if (e instanceof ApiError && e.errors.otp) setOtpVerified(false);
                  }
                }}
              >
                {t('hibah.h.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** A button that copies (and shows) a party's signed link from `POST /api/route/sign`. */
function PartyLink({
  route,
  hibahId,
  idKey,
  id,
  phone,
}: {
  route: string;
  hibahId: string;
  idKey: string;
  id: string;
  /** The party's mobile number, for the WhatsApp message (issue 17 item 15). */
  phone?: string | null;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  return url ? (
    <ShareLink
      url={url}
      label={t('hibah.link')}
      messageKey={route === 'hibah.witness' ? 'common.share.witness_message' : 'common.share.receiver_message'}
      phone={phone}
      testId={`link-${id}`}
    />
  ) : (
    <Button
      size="xs"
      variant="light"
      data-testid={`get-link-${id}`}
      onClick={async () => {
        const r = await api.post<{ url: string }>('route/sign', { route_name: route, hibah_id: hibahId, [idKey]: id });
        const page = r.url
          .replace(/^\/api\/public\/hibah\/([^/]+)\/receiver\//, '/hibah/penerima/$1/')
          .replace(/^\/api\/public\/hibah\/([^/]+)\/witness\//, '/hibah/saksi/$1/');
        setUrl(`${window.location.origin}${page}`);
      }}
    >
      {t('hibah.get_link')}
    </Button>
  );
}

/** Part I: witnesses (two or more), their confirmation links, and completion (status 5). */
export function PartI({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const witnesses = useHibahRows<any>(hibah.id, 'witness', 'witnesses');
  const specs = witnessSpecs(t);
  const all = (witnesses.data ?? []).length >= 2 && (witnesses.data ?? []).every((w) => w.confirmed_at);
  return (
    <Stack>
      <Rows
        hibahId={hibah.id}
        path="witness"
        envelope="witnesses"
        title={t('hibah.i.witnesses')}
        schema={hibahWitnessSchema}
        fields={specs}
        defaults={defaultsFor(specs)}
        columns={[
          { key: 'name', label: t('wills.f.name') },
          {
            key: 'confirmed_at',
            label: t('hibah.i.confirmed'),
            render: (r) => (r.confirmed_at ? t('hibah.yes') : t('hibah.no')),
          },
        ]}
        testId="hibah-witness"
        editable={mayFill(hibah)}
        extra={(r) =>
          hibah.status === 4 && !r.confirmed_at ? (
            <PartyLink route="hibah.witness" hibahId={hibah.id} idKey="witness_id" id={r.id} phone={r.mobile_number} />
          ) : null
        }
      />
      {hibah.status === 4 ? (
        <Group>
          <Button
            disabled={!all}
            data-testid="hibah-finish"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 5 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.i.finish')}
          </Button>
        </Group>
      ) : null}
      {hibah.status === 5 ? (
        <Group>
          <Alert data-testid="hibah-registered">{t('hibah.i.registered', { number: hibah.hibah_number })}</Alert>
          <Button
            variant="outline"
            onClick={async () => {
              const r = await api.post<{ url: string }>('route/sign', {
                route_name: 'hibah.certificate',
                hibah_id: hibah.id,
              });
              if (r.url) window.open(r.url, '_blank', 'noopener');
            }}
          >
            {t('hibah.i.certificate')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Receivers sign (signpenerima): an adult here on this device, or through their own link. A minor (under 18,
 * `is_minor`) does not sign here: the caretaker accepts (qabul) through the link mailed to them, with their own
 * code (issue 21 item 4; ADR 0167) — the card names the caretaker and offers that link; once accepted it says
 * by whom (`accepted_by_caretaker_id`).
 */
export function PartSignReceivers({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const receivers = useHibahRows<any>(hibah.id, 'receiver', 'receivers');
  const caretakers = useHibahRows<any>(hibah.id, 'caretaker', 'caretakers');
  const [sigs, setSigs] = useState<Record<string, string | null>>({});
  /** The caretaker of minor `r` (their own, else one covering every minor), as the server picks (links.ts). */
  const caretakerOf = (r: { id: string }) =>
    (caretakers.data ?? []).find((c) => c.receiver_id === r.id) ?? (caretakers.data ?? []).find((c) => !c.receiver_id);
  const ready = hibah.status === 3 && hibah.is_draft_accepted === 1;
  if (!ready && hibah.status < 4) return <Alert>{t('hibah.sign.not_yet')}</Alert>;
  const rows = receivers.data ?? [];
  const allSigned = rows.length > 0 && rows.every((r) => r.signed_at);
  return (
    <Stack>
      {rows.map((r) => (
        <Paper key={r.id} withBorder p="md" data-testid={`sign-${r.id}`}>
          <Stack>
            <Text fw={600}>{r.name}</Text>
            {r.signed_at ? (
              <Text c="green" data-testid={`signed-${r.id}`}>
                {r.accepted_by_caretaker_id
                  ? t('hibah.sign.done_by_caretaker', {
                      caretaker: (caretakers.data ?? []).find((c) => c.id === r.accepted_by_caretaker_id)?.name ?? '-',
                    })
                  : t('hibah.sign.done')}
              </Text>
            ) : r.is_minor ? (
              <Stack gap="xs" data-testid={`minor-${r.id}`}>
                <Text>
                  {caretakerOf(r)
                    ? t('hibah.sign.minor_by_caretaker', { name: r.name, caretaker: caretakerOf(r)?.name })
                    : t('hibah.sign.minor_no_caretaker', { name: r.name })}
                </Text>
                {caretakerOf(r) ? (
                  <Group>
                    <PartyLink
                      route="hibah.receiver"
                      hibahId={hibah.id}
                      idKey="receiver_id"
                      id={r.id}
                      phone={caretakerOf(r)?.mobile_number}
                    />
                  </Group>
                ) : null}
              </Stack>
            ) : (
              <>
                <SignaturePad
                  label={t('hibah.sign.pad', { name: r.name })}
                  required
                  onChange={(v) => setSigs((s) => ({ ...s, [r.id]: v }))}
                />
                <Group>
                  <Button
                    disabled={!sigs[r.id]}
                    data-testid={`sign-save-${r.id}`}
                    onClick={async () => {
                      await api.post(`hibah/${hibah.id}/receiver/${r.id}/signature`, { signature: sigs[r.id] });
                      await refresh(hibah.id);
                    }}
                  >
                    {t('hibah.sign.save')}
                  </Button>
                  <PartyLink
                    route="hibah.receiver"
                    hibahId={hibah.id}
                    idKey="receiver_id"
                    id={r.id}
                    phone={r.mobile_number}
                  />
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      ))}
      {hibah.status === 3 ? (
        <Group>
          <Button
            disabled={!allSigned}
            data-testid="hibah-receivers-done"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 4 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.sign.next')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Draft: the grantor accepts (or rejects) the approved draft within 14 days. */
export function PartDraft({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const [otpVerified, setOtpVerified] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (hibah.status !== 3 || hibah.is_draft_accepted)
    return <Alert>{t(hibah.status < 3 ? 'hibah.draft.not_yet' : 'hibah.draft.accepted')}</Alert>;
  const until = hibah.draft_expires_at
    ? new Date(hibah.draft_expires_at).toLocaleString('en-GB', { timeZone: 'Asia/Kuala_Lumpur' })
    : '-';
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text>{t('hibah.draft.until', { date: until })}</Text>
        <HibahSummary hibahId={hibah.id} />
        <OtpStep
          purpose="hibah-finalise"
          record={{ hibah_id: hibah.id }}
          intro={t('hibah.identity.otp_accept')}
          verified={otpVerified}
          onVerified={() => setOtpVerified(true)}
        />
        <FormError message={error} />
        <Group>
          <Button
            data-testid="hibah-accept-draft"
            disabled={!otpVerified}
            onClick={async () => {
              setError(null);
              try {
                await api.post(`hibah/${hibah.id}`, { status: 3, is_draft_accepted: 1 }, { silent: true });
                await refresh(hibah.id);
              } catch (e) {
                setError(e instanceof ApiError ? e.firstMessage : String(e));
                if (e instanceof ApiError && e.errors.otp) setOtpVerified(false);
              }
            }}
          >
            {t('hibah.draft.accept')}
          </Button>
          <Button
            variant="outline"
            color="red"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 1 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.draft.reject')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
