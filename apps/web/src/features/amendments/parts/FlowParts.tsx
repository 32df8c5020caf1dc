/**
 * Amendment wizard parts about the flow (reference §3.5; spec §4; ADR 0020): a the summary, f the
 * message, g supporting documents, h submit (PDPA + confirmation + OTP; a will's amendment also needs its
 * eKYC, page pindaan-ekyc) and the officer's actions, and
 * the draft review (pindaan-draf): read the draft, sign, accept (→ witnesses) or reject (→ drafting).
 */
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { can, formatRinggit, roleOf } from '@wasiat/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStep } from '@/components/instrument/CodeStep.tsx';
import { HeirBequestsNotice } from '@/components/instrument/HeirBequestsNotice.tsx';
import { PdpaLink } from '@/components/PdpaLink.tsx';
import { SignaturePad, type SignaturePadHandle } from '@/components/SignaturePad.tsx';
import { OfflinePayment } from '@/features/payments/index.ts';
import { DetailTable, Notice, useLang } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { confirmAction } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { changeStatus, payAmendment, saveDraft } from '../api.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';
import { DraftSummary } from '../components/DraftSummary.tsx';
import { DocumentsTab } from './PropertyParts.tsx';

/** Part a: the amendment's reference, will, officer, dates, price. */
export function PindaanA() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a } = useAmendmentContext();
  const d = (v: string | null) => formatDateTime(v, lang) || '—';
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-a')}</Title>
      <DetailTable
        caption={t('amendments.pages.pindaan-a')}
        rows={[
          [t('amendments.f.reference_no'), a.reference_no],
          [t('amendments.f.wasiat_no'), a.amendmentable.wasiat_no ?? '—'],
          [t('amendments.f.count'), String(a.count)],
          [t('amendments.f.officer'), a.handled_by?.name ?? '—'],
          [t('amendments.f.price'), a.price_sen != null ? formatRinggit(a.price_sen) : '—'],
          [t('amendments.f.paid'), a.paid ? t('common.yes') : t('common.no')],
          [t('amendments.f.applied_at'), d(a.applied_at)],
          [t('amendments.f.submitted_at'), d(a.submitted_at)],
          [t('amendments.f.approved_at'), d(a.approved_at)],
          [t('amendments.f.expires_at'), d(a.expires_at)],
        ]}
      />
    </Stack>
  );
}

/** Part f: a message to the officer. */
export function PindaanF() {
  const { t } = useTranslation();
  const { amendment, editable, refresh } = useAmendmentContext();
  const [notes, setNotes] = useState(amendment.notes ?? '');
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-f')}</Title>
      <Textarea
        label={t('amendments.f.notes')}
        autosize
        minRows={4}
        value={notes}
        disabled={!editable}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      {editable && (
        <Group>
          <Button
            onClick={async () => {
              await saveDraft(amendment.id, { notes });
              await refresh();
            }}
          >
            {t('amendments.wizard.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Part g: supporting documents. */
export function PindaanG() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-g')}</Title>
      <DocumentsTab />
    </Stack>
  );
}

/**
 * The officer's buttons for the amendment's status (ADR 0020). "Luluskan pindaan" (4 → 2) asks first in a dialog
 * (lib/notify `confirmAction`, as the will's approval): nothing is sent until confirmed there.
 */
export function OfficerActions() {
  const { t } = useTranslation();
  const { amendment: a, refresh } = useAmendmentContext();
  const [reason, setReason] = useState('');
  const act = async (status: number, withReason = false) => {
    await changeStatus(a.id, withReason ? { status, reason } : { status });
    await refresh();
  };
  const allConfirmed = a.witnesses.length > 0 && a.witnesses.every((w) => w.confirmed_at);
  return (
    <Paper withBorder p="md" data-testid="officer-actions">
      <Stack>
        <Title order={3}>{t('amendments.officer.title')}</Title>
        {(a.status === 1 || a.status === 0 || a.status === 3 || a.status === 4) && (
          <Textarea
            label={t('amendments.f.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        <Group>
          {a.status === 1 && <Button onClick={() => act(3)}>{t('amendments.officer.pass')}</Button>}
          {a.status === 1 && (
            <Button variant="light" onClick={() => act(0, true)}>
              {t('amendments.officer.return')}
            </Button>
          )}
          {a.status === 4 && (
            <Button
              onClick={() =>
                // Approving makes the draft the will's new version: asked first (issue 38; as the will's approval).
                confirmAction({
                  title: t('amendments.officer.approve_title', { ref: a.reference_no }),
                  message: t('amendments.officer.approve_text'),
                  confirm: t('amendments.officer.approve'),
                  onConfirm: () => void act(2),
                })
              }
              disabled={!allConfirmed}
              data-testid="approve-amendment"
            >
              {t('amendments.officer.approve')}
            </Button>
          )}
          {[0, 1, 3, 4].includes(a.status) && (
            <Button color="red" variant="light" onClick={() => act(5, true)}>
              {t('amendments.officer.cancel')}
            </Button>
          )}
        </Group>
        {a.status === 4 && !allConfirmed && <Text size="sm">{t('amendments.officer.waiting_witnesses')}</Text>}
      </Stack>
    </Paper>
  );
}

/** Part h: the client submits (PDPA + confirmation + OTP, spec §5); officers act. */
export function PindaanH() {
  const { t } = useTranslation();
  const { amendment: a, wasiatId, editable, refresh } = useAmendmentContext();
  const role = roleOf(session.user());
  const officer = can(role, 'amendment:verify');
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
      <Title order={2}>{t('amendments.pages.pindaan-h')}</Title>
      {officer && <OfficerActions />}
      {!officer && a.status === 0 && (
        <Stack>
          {a.amendmentable_type === 'Wasiat' && !a.ekyc_verified_at && (
            <Notice color="yellow" data-testid="amendment-ekyc-needed">
              {t('amendments.identity.ekyc_needed')}{' '}
              <Anchor component={Link} to={`/wasiat/${wasiatId}/pindaan-ekyc`}>
                {t('amendments.identity.to_ekyc')}
              </Anchor>
            </Notice>
          )}
          {a.amendmentable_type === 'Wasiat' && (a.due_sen ?? 0) > 0 && (
            // Something still due — e.g. the draft makes the basic will comprehensive (ADR 0253): paid first, by the
            // gateway or offline; while an offline declaration awaits confirmation it is shown instead (ADR 0291).
            <OfflinePayment paymentableType="Amendment" paymentableId={a.id}>
              <Notice color="yellow" data-testid="amendment-due">
                {t('amendments.apply.due', { amount: formatRinggit(a.due_sen ?? 0) })}{' '}
                <Button
                  size="xs"
                  onClick={() =>
                    payAmendment(a).catch((e) => setError(e instanceof ApiError ? e.firstMessage : String(e)))
                  }
                >
                  {t('amendments.apply.pay', { amount: formatRinggit(a.due_sen ?? 0) })}
                </Button>
              </Notice>
            </OfflinePayment>
          )}
          {a.amendmentable_type === 'Wasiat' && (
            // Shares above an heir's faraid share in the draft: acknowledged here, as in the will (ADR 0224).
            <HeirBequestsNotice subject={{ kind: 'amendment', id: a.id }} editable={editable} />
          )}
          <Checkbox
            label={t('amendments.submit.pdpa')}
            description={<PdpaLink />}
            checked={pdpa}
            onChange={(e) => setPdpa(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('amendments.submit.confirmation')}
            checked={confirm}
            onChange={(e) => setConfirm(e.currentTarget.checked)}
          />
          <CodeStep
            disabled={!editable}
            purpose="amendment-submit"
            record={{ wasiat_id: wasiatId }}
            action="submit"
            onVerified={() => setOtp(true)}
          />
          {error && <Notice color="red">{error}</Notice>}
          <Group>
            <Button onClick={submit} disabled={!editable || !otp || !pdpa || !confirm} data-testid="submit-amendment">
              {t('amendments.submit.button')}
            </Button>
          </Group>
        </Stack>
      )}
      {!officer && a.status !== 0 && <Notice color="blue">{t('amendments.submit.sent')}</Notice>}
    </Stack>
  );
}

/** The draft review (status 3): read, sign, accept or reject; after that, where it stands. */
export function PindaanDraft() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a, draft, refresh } = useAmendmentContext();
  const pad = useRef<SignaturePadHandle>(null);
  const [error, setError] = useState<string | null>(null);
  const mine = !can(roleOf(session.user()), 'amendment:verify');
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
      <Title order={2}>{t('amendments.pages.pindaan-draf')}</Title>
      <DraftSummary draft={draft} />
      {a.status === 3 && mine && (
        <Paper withBorder p="md">
          <Stack>
            <Text>{t('amendments.draft.review_intro', { date: formatDateTime(a.expires_at, lang) || '—' })}</Text>
            <SignaturePad ref={pad} label={t('amendments.draft.signature')} required error={error ?? undefined} />
            <Group>
              <Button onClick={accept} data-testid="accept-draft">
                {t('amendments.draft.accept')}
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={async () => {
                  await changeStatus(a.id, { status: 0 });
                  await refresh();
                }}
              >
                {t('amendments.draft.reject')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
