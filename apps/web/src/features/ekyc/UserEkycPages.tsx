/**
 * The logged-in /ekyc and /ekyc/validation pages (spec §2 private routes; reference §2.8 `ekyc/index.vue`,
 * a user-level eKYC without a will; issue 3):
 *
 * - /ekyc: the user's verification as it stands — `GET /api/user/{id}/face-verification?return_first=true&
 *   min_verification_score=70` gives the number of attempts, `user.face_verified` and the latest attempt
 *   scoring at least 70 (when, score) — and a new one: a photo of the MyKad front and a selfie (camera or
 *   file) → `POST /api/face-verification { selfie_image, mykad_image, user_id }` (the server computes the
 *   score; ≥ 70 passes, spec §9); then /ekyc/validation. At the attempt limit (spec §8) one alert says so and
 *   the manual route of the wizards follows it (ManualReview.tsx, subject "User": a selfie holding the MyKad
 *   for staff to approve, or to reset the attempts from /ekyc/review; issue 21 item 7, ADR 0147).
 * - /ekyc/validation: the result — the latest attempt (`GET /api/user/{id}/face-verification?return_first=true`:
 *   score, passed or not, when) and whether the user is verified, with a way to try again.
 */
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';
import { CardAndSelfie } from './CardAndSelfie.tsx';
import { MIN_VERIFICATION_SCORE } from './EkycStep.tsx';
import { LimitNotice, ManualReviewPanel, useManualStatus } from './ManualReview.tsx';

/** `GET /api/user/{id}/face-verification` as the pages read it. */
export interface UserVerifications {
  count: number;
  min_verification_score: number;
  user: { id: string; face_verified: number };
  face_verification: { id: string; verification_score: number; passed: boolean; created_at: string } | null;
}

/** The user's verifications (`minScore`: only attempts scoring at least that). */
function useVerifications(minScore?: number) {
  const id = session.user()?.id;
  return useQuery({
    queryKey: ['face-verification', id, minScore ?? null],
    enabled: !!id,
    queryFn: () =>
      api.get<UserVerifications>(
        `user/${id}/face-verification`,
        { return_first: 'true', ...(minScore === undefined ? {} : { min_verification_score: minScore }) },
        { silent: true },
      ),
  });
}

/** /ekyc for a logged-in user; see the file comment. */
export function UserEkycPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = session.user();
  const passed = useVerifications(MIN_VERIFICATION_SCORE);
  const [card, setCard] = useState<string | null>(null);
  const [selfie, setSelfie] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [busy, setBusy] = useState(false);
  const latest = passed.data?.face_verification ?? null;
  const verified = !!passed.data?.user.face_verified;
  const own = useManualStatus({ type: 'User', id: me?.id }, [passed.data?.count]);
  const limit = (limitHit || own.limitReached) && !own.manual?.ekyc_verified_at;

  async function verify() {
    setError(null);
    if (!card) return setError(t('ekyc.public.card_required'));
    if (!selfie) return setError(t('wills.ekyc.selfie_required'));
    setBusy(true);
    try {
      await api.post(
        'face-verification',
        { selfie_image: selfie, mykad_image: card, user_id: me?.id },
        { silent: true },
      );
      navigate('/ekyc/validation');
    } catch (e) {
      // The attempt limit (the one form-level error) is said once, by its alert.
      if (e instanceof ApiError && e.errors._?.length) {
        setLimitHit(true);
        await own.reload();
      } else setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Title order={1}>{t('ekyc.me.title')}</Title>
      <Text>{t('ekyc.me.intro', { score: MIN_VERIFICATION_SCORE })}</Text>
      {passed.data &&
        (verified ? (
          <Notice color="green" title={t('ekyc.me.verified')} data-testid="ekyc-me-status">
            {latest
              ? t('ekyc.me.verified_text', {
                  score: Math.round(latest.verification_score),
                  date: formatDateTime(latest.created_at, i18n.language),
                })
              : t('ekyc.me.verified_manual')}
          </Notice>
        ) : (
          <Notice color="yellow" title={t('ekyc.me.not_verified')} data-testid="ekyc-me-status">
            {own.manual
              ? t('ekyc.me.attempts_of', { n: own.manual.face_verification_count, max: own.manual.max_attempts })
              : t('ekyc.me.attempts', { n: passed.data.count })}
          </Notice>
        ))}
      <Title order={2} size="h3">
        {verified ? t('ekyc.me.again') : t('ekyc.me.new')}
      </Title>
      <CardAndSelfie
        card={card}
        onCard={setCard}
        selfie={selfie}
        onSelfie={setSelfie}
        onReading={setReading}
        disabled={limit}
      />
      {limit && me && (
        <>
          <LimitNotice />
          <ManualReviewPanel subject={{ type: 'User', id: me.id }} manual={own.manual} editable onSent={own.reload} />
        </>
      )}
      <FormError message={error} />
      <Group>
        <Button onClick={verify} loading={busy || reading} disabled={limit} data-testid="ekyc-verify">
          {t('wills.ekyc.verify')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /ekyc/validation for a logged-in user: the result; see the file comment. */
export function UserValidationPage() {
  const { t, i18n } = useTranslation();
  const q = useVerifications();
  const attempt = q.data?.face_verification ?? null;
  return (
    <Stack>
      <Title order={1}>{t('ekyc.result.title')}</Title>
      {q.isLoading && <Text>{t('ekyc.public.loading')}</Text>}
      {q.data && !attempt && <Text data-testid="ekyc-result-none">{t('ekyc.result.none')}</Text>}
      {attempt && (
        <Notice
          color={attempt.passed ? 'green' : 'red'}
          role="status"
          data-testid="ekyc-result"
          title={attempt.passed ? t('wills.ekyc.passed') : t('wills.ekyc.failed')}
        >
          <Stack gap={4}>
            <Group gap="xs">
              <Text>{t('wills.ekyc.score', { score: Math.round(attempt.verification_score) })}</Text>
              <Badge variant="filled" color={attempt.passed ? 'teal.9' : 'red.9'}>
                {attempt.passed ? t('wills.ekyc.pass') : t('wills.ekyc.fail')}
              </Badge>
            </Group>
            <Text size="sm">{t('ekyc.result.when', { date: formatDateTime(attempt.created_at, i18n.language) })}</Text>
          </Stack>
        </Notice>
      )}
      {q.data && (
        <Text data-testid="ekyc-result-status">
          {q.data.user.face_verified ? t('ekyc.result.verified') : t('ekyc.result.not_verified')}
        </Text>
      )}
      <Anchor component={Link} to="/ekyc">
        {attempt?.passed ? t('ekyc.result.back') : t('ekyc.result.again')}
      </Anchor>
    </Stack>
  );
}
