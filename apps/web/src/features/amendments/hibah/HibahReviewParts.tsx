/**
 * Submitting a hibah amendment and reviewing its draft (ADR 0038, 0097): PDPA, confirmation, the amendment's
 * eKYC and a one-time code bound to the hibah (an officer's actions for staff), then the draft review (sign,
 * accept or reject within 14 days). Reached through HibahAmendmentParts.tsx.
 */
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { can, roleOf } from '@wasiat/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStep } from '@/components/instrument/CodeStep.tsx';
import { PdpaLink } from '@/components/PdpaLink.tsx';
import { SignaturePad, type SignaturePadHandle } from '@/components/SignaturePad.tsx';
import { Notice, useLang } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';
import { changeStatus } from '../api.ts';
import { OfficerActions } from '../parts/FlowParts.tsx';
import { HibahDraftSummary } from './HibahDraftSummary.tsx';
import { isGrantor, useHibahContext } from './hibah-context.ts';

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
          <CodeStep
            disabled={!editable}
            purpose={OTP_PURPOSE}
            record={{ hibah_id: hibahId }}
            action="submit"
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
