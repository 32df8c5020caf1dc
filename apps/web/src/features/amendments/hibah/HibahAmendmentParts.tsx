/**
 * The parts of a hibah amendment's page (ADR 0038; docs/api/amendments.md "Hibah amendments"): summary
 * (payment; once succeeded, the amended hibah — ADR 0098), receivers, caretakers (of minor receivers),
 * witnesses, submit (PDPA, confirmation, the amendment's eKYC, a code bound to the hibah — ADR 0097; an
 * officer's actions for staff) and the draft review (sign, accept or reject within 14 days). The MyKad &
 * eKYC part is HibahIdentityPart.tsx. The
 * property pages, message and documents reuse the will amendment wizard's parts. Saves replace a section
 * of the draft (`PATCH /api/amendment/{id}/draft`); the server checks the grantor-only rule and the rules
 * of the hibah (shares, caretakers of minors, witnesses).
 */
import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  can,
  FREQUENCIES,
  formatRinggit,
  HIBAH_TYPES,
  hibahCaretakerSchema,
  hibahReceiverSchema,
  hibahWitnessSchema,
  labelOf,
  relationshipLabel,
  roleOf,
} from '@wasiat/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PdpaLink } from '@/components/PdpaLink.tsx';
import { SignaturePad, type SignaturePadHandle } from '@/components/SignaturePad.tsx';
import {
  caretakerSpecs,
  DetailTable,
  type FieldSpec,
  HeirPicker,
  Notice,
  type PickableHeir,
  RecordsTable,
  receiverSpecs,
  uniquePeople,
  useLang,
  useNewestWillHeirs,
  witnessSpecs,
} from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';
import { changeStatus } from '../api.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';
import { DraftRows } from '../components/DraftRows.tsx';
import { OtpBox } from '../components/OtpBox.tsx';
import { OfficerActions, PindaanF, PindaanG } from '../parts/FlowParts.tsx';
import type { AmendmentWitness } from '../types.ts';
import { type HibahDraft, payHibahAmendment } from './api.ts';
import { AmendedHibahLink } from './HibahDocuments.tsx';
import { HibahDraftSummary } from './HibahDraftSummary.tsx';

/** The context's draft as a hibah draft. */
const useHibahContext = () => {
  const ctx = useAmendmentContext();
  return { ...ctx, hdraft: ctx.draft as unknown as HibahDraft };
};
const isGrantor = (userId: string) => session.user()?.id === userId;

/** The amendment's facts; the grantor pays here when a price is due. */
export function HibahSummaryPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a } = useHibahContext();
  const d = (v: string | null) => formatDateTime(v, lang) || '—';
  const type = a.amendmentable.hibah_type;
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.summary')}</Title>
      <DetailTable
        caption={t('hibahAmendments.pages.summary')}
        rows={[
          [t('hibahAmendments.f.reference_no'), a.reference_no],
          [t('hibahAmendments.f.hibah_number'), a.amendmentable.hibah_number ?? '—'],
          [t('hibahAmendments.f.product'), type ? labelOf(HIBAH_TYPES, type, lang) : '—'],
          [t('hibahAmendments.f.grantor'), a.amendmentable.user?.name ?? '—'],
          [t('amendments.f.count'), String(a.count)],
          [t('amendments.f.officer'), a.handled_by?.name ?? '—'],
          [t('amendments.f.price'), a.price_sen ? formatRinggit(a.price_sen) : t('hibahAmendments.f.free')],
          [t('amendments.f.paid'), a.paid ? t('common.yes') : t('common.no')],
          [t('amendments.f.applied_at'), d(a.applied_at)],
          [t('amendments.f.submitted_at'), d(a.submitted_at)],
          [t('amendments.f.approved_at'), d(a.approved_at)],
          [t('amendments.f.expires_at'), d(a.expires_at)],
        ]}
      />
      {a.status === 0 && !a.paid && isGrantor(a.user_id) && (
        <Group>
          <Button onClick={() => payHibahAmendment(a)} data-testid="pay-hibah-amendment">
            {t('hibahAmendments.list.pay', { amount: formatRinggit(a.price_sen ?? 0) })}
          </Button>
        </Group>
      )}
      {a.status === 2 && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text>{t('hibahAmendments.documents.amended_intro')}</Text>
            <AmendedHibahLink amendmentId={a.id} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Receivers of the draft (a receiver under 18 by MyKad is a minor and needs a caretaker). */
export function HibahReceiversPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a, hdraft } = useHibahContext();
  // Picked from the draft's heirs (estate trust) and the grantor's newest will's heirs (ADR 0176).
  const pickable = uniquePeople((hdraft.heirs ?? []) as PickableHeir[], useNewestWillHeirs(a.user_id));
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.receivers')}</Title>
      <DraftRows
        section="receivers"
        specs={receiverSpecs(t)}
        schema={hibahReceiverSchema}
        title={t('hibahAmendments.pages.receivers')}
        name={(r) => r.name}
        testId="hibah-draft-receivers"
        extra={(form) => <HeirPicker heirs={pickable} form={form} mode="receiver" />}
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          {
            label: t('wills.f.relationship'),
            render: (r) =>
              relationshipLabel(r.relationship ?? null, r.ic_number as string | null | undefined, lang) || '—',
          },
          { label: t('wills.f.ic_number'), render: (r) => r.ic_number ?? '—' },
          { label: t('hibah.f.is_minor'), render: (r) => (r.is_minor ? t('hibah.yes') : t('hibah.no')) },
        ]}
      />
    </Stack>
  );
}

/** Whether a caretaker form's allowance switch is on. */
const allowanceOn = (v: Record<string, unknown>) =>
  v.has_allowance === true || v.has_allowance === 1 || v.has_allowance === '1';

/**
 * Caretakers of the draft; each may name the minor receiver in their care (none = every minor), and the
 * allowance (on/off, amount typed in ringgit and kept in sen, frequency) may be changed.
 */
export function HibahCaretakersPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { hdraft } = useHibahContext();
  const minors = hdraft.receivers.filter((r) => r.is_minor);
  const specs: FieldSpec[] = [
    ...caretakerSpecs(t).filter((s) => s.name !== 'wards'),
    {
      name: 'receiver_id',
      label: t('hibahAmendments.caretakers.minor'),
      kind: 'select',
      options: minors.map((m) => ({ value: m.id, label: m.name })),
    },
    { name: 'email', label: t('wills.f.email'), type: 'email' },
    { name: 'bank_name', label: t('hibah.f.bank_name') },
    { name: 'bank_account_number', label: t('hibah.f.bank_account_number') },
    // The allowance itself can be changed, not only its frequency (issue 21 item 4).
    { name: 'has_allowance', label: t('hibah.g.has_allowance'), kind: 'switch' },
    {
      name: 'allowance_amount_sen',
      label: t('hibah.g.allowance_amount'),
      kind: 'ringgit',
      required: true,
      visible: allowanceOn,
    },
    {
      name: 'allowance_frequency',
      label: t('hibah.f.allowance_frequency'),
      kind: 'catalogue',
      catalogue: FREQUENCIES,
      required: true,
      visible: allowanceOn,
    },
    {
      name: 'other_allowance_frequency',
      label: t('hibah.g.other_allowance_frequency'),
      required: true,
      visible: (v) => allowanceOn(v) && v.allowance_frequency === 'other',
    },
  ];
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.caretakers')}</Title>
      {minors.length > 0 && (
        <Notice color="blue">
          {t('hibahAmendments.caretakers.minors', { names: minors.map((m) => m.name).join(', ') })}
        </Notice>
      )}
      <DraftRows
        section="caretakers"
        specs={specs}
        schema={hibahCaretakerSchema}
        title={t('hibahAmendments.pages.caretakers')}
        name={(r) => r.name}
        testId="hibah-draft-caretakers"
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          {
            label: t('hibahAmendments.caretakers.minor'),
            render: (r) => minors.find((m) => m.id === r.receiver_id)?.name ?? t('hibahAmendments.caretakers.all'),
          },
          {
            label: t('hibah.g.allowance_amount'),
            render: (r) =>
              r.has_allowance && typeof r.allowance_amount_sen === 'number'
                ? `${formatRinggit(r.allowance_amount_sen)} · ${
                    r.allowance_frequency === 'other'
                      ? String(r.other_allowance_frequency ?? '')
                      : labelOf(FREQUENCIES, r.allowance_frequency ?? null, lang)
                  }`
                : t('hibah.g.no_allowance'),
          },
        ]}
      />
    </Stack>
  );
}

/** Witnesses of the draft; once invited (status 4), whether each has confirmed through their link. */
export function HibahWitnessesPart() {
  const { t } = useTranslation();
  const { amendment } = useHibahContext();
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.witnesses')}</Title>
      <Text>{t('amendments.witness.intro')}</Text>
      {amendment.witnesses.length > 0 ? (
        <RecordsTable<AmendmentWitness>
          rows={amendment.witnesses}
          caption={t('hibahAmendments.pages.witnesses')}
          empty=""
          name={(r) => r.name}
          testId="hibah-amendment-witnesses"
          columns={[
            { label: t('wills.f.name'), render: (r) => r.name },
            { label: t('wills.f.email'), render: (r) => r.email },
            {
              label: t('amendments.f.status'),
              render: (r) =>
                r.confirmed_at ? (
                  <Badge color="green.9">{t('amendments.witness.confirmed')}</Badge>
                ) : (
                  <Badge color="gray.7">{t('amendments.witness.waiting')}</Badge>
                ),
            },
          ]}
        />
      ) : (
        <DraftRows
          section="witnesses"
          specs={witnessSpecs(t)}
          schema={hibahWitnessSchema}
          title={t('hibahAmendments.pages.witnesses')}
          name={(r) => r.name}
          testId="hibah-draft-witnesses"
          columns={[
            { label: t('wills.f.name'), render: (r) => r.name },
            { label: t('wills.f.email'), render: (r) => r.email },
          ]}
        />
      )}
    </Stack>
  );
}

/** The message to the officer and supporting documents (the will amendment's parts f and g). */
export function HibahMessagePart() {
  return (
    <Stack>
      <PindaanF />
      <PindaanG />
    </Stack>
  );
}

/** The one-time code of a hibah amendment's submission, bound to the hibah (ADR 0097). */
const OTP_PURPOSE = 'hibah-amendment-submit';

/**
 * Submit (status 0 → 1): PDPA, confirmation, the amendment's eKYC (a link to its MyKad & eKYC part while
 * it has not passed), a one-time code bound to the hibah (spec §5; ADR 0097); officers act instead.
 */
export function HibahSubmitPart() {
  const { t } = useTranslation();
  const { amendment: a, editable, refresh } = useHibahContext();
  const hibahId = a.amendmentable_id;
  const officer = can(roleOf(session.user()), 'amendment:verify') && !isGrantor(a.user_id);
  const [pdpa, setPdpa] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [otp, setOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await changeStatus(a.id, {
        status: 1,
        acknowledged_pdpa: pdpa ? 1 : 0,
        acknowledged_confirmation: confirm ? 1 : 0,
      });
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  };
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.submit')}</Title>
      {officer && <OfficerActions />}
      {!officer && a.status === 0 && (
        <Stack>
          {!a.ekyc_verified_at && (
            <Notice color="yellow" data-testid="hibah-amendment-ekyc-needed">
              {t('hibahAmendments.identity.ekyc_needed')}{' '}
              <Anchor component={Link} to={`/trust/pindaan/${a.id}/ekyc`}>
                {t('hibahAmendments.identity.to_ekyc')}
              </Anchor>
            </Notice>
          )}
          <Checkbox
            label={t('hibahAmendments.submit.pdpa')}
            description={<PdpaLink />}
            checked={pdpa}
            onChange={(e) => setPdpa(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('hibahAmendments.submit.confirmation')}
            checked={confirm}
            onChange={(e) => setConfirm(e.currentTarget.checked)}
          />
          <OtpBox
            disabled={!editable}
            request={() => api.post('otp/request', { purpose: OTP_PURPOSE, hibah_id: hibahId }, { silent: true })}
            verify={(code) =>
              api.post('otp/verify', { code, purpose: OTP_PURPOSE, hibah_id: hibahId }, { silent: true })
            }
            onVerified={() => setOtp(true)}
          />
          {error && <Notice color="red">{error}</Notice>}
          <Group>
            <Button
              onClick={submit}
              disabled={!editable || !otp || !pdpa || !confirm}
              data-testid="submit-hibah-amendment"
            >
              {t('hibahAmendments.submit.button')}
            </Button>
          </Group>
        </Stack>
      )}
      {!officer && a.status !== 0 && <Notice color="blue">{t('hibahAmendments.submit.sent')}</Notice>}
    </Stack>
  );
}

/** The draft review (status 3): read, sign, accept (→ witnesses) or reject (→ drafting). */
export function HibahDraftPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a, hdraft, refresh } = useHibahContext();
  const pad = useRef<SignaturePadHandle>(null);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setError(null);
    const png = pad.current?.toDataURL();
    if (!png) return setError(t('validation.signature_required'));
    try {
      await api.post(`amendment/${a.id}/signature`, {
        is_base64: true,
        description: 'amendment',
        document: png,
        signature_method: pad.current?.method() ?? 'drawn',
      });
      await changeStatus(a.id, { status: 4 });
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  };
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.draft')}</Title>
      <HibahDraftSummary draft={hdraft} />
      {a.status < 3 && a.status !== 2 && <Notice color="blue">{t('hibahAmendments.draft.not_yet')}</Notice>}
      {a.status === 3 && isGrantor(a.user_id) && (
        <Paper withBorder p="md">
          <Stack>
            <Text>{t('hibahAmendments.draft.review_intro', { date: formatDateTime(a.expires_at, lang) || '—' })}</Text>
            <SignaturePad ref={pad} label={t('hibahAmendments.draft.signature')} required error={error ?? undefined} />
            <Group>
              <Button onClick={accept} data-testid="accept-hibah-draft">
                {t('hibahAmendments.draft.accept')}
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={async () => {
                  await changeStatus(a.id, { status: 0 });
                  await refresh();
                }}
              >
                {t('hibahAmendments.draft.reject')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
