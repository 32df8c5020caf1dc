/**
 * /ekyc — public eKYC by the signed link an agent sent (issue 3; spec §2 public routes; ADR 0091). No
 * login: the link becomes a public token (publicSession.ts). The testator gives a photo of the MyKad front
 * and a selfie (camera or file); `POST /api/ekyc/public/face-verification` reads the card (a number that is
 * not theirs is refused), compares the faces on the server and answers the score (pass ≥ 70, spec §9).
 * The failed count is the larger of this browser's and the server's (spec §4); after the limit the
 * message of spec §8. A pass leads to /ekyc/validation to confirm the particulars read from the card.
 */
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, publicApi } from '@/lib/api.ts';
import { CardAndSelfie } from './CardAndSelfie.tsx';
import { type PublicEkyc, startPublicEkyc } from './publicSession.ts';

interface Attempt {
  verification_score: number;
  passed: boolean;
}

const localKey = (id: string) => `ekyc_failed_${id}`;

/** The public eKYC page; see the file comment. */
export function PublicEkycPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<PublicEkyc | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const [selfie, setSelfie] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<Attempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [localFailed, setLocalFailed] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per link
  useEffect(() => {
    startPublicEkyc(params)
      .then((s) => {
        setState(s);
        setLocalFailed(Number(sessionStorage.getItem(localKey(s.wasiat_id)) ?? 0));
      })
      .catch((e) => setLinkError(e instanceof ApiError ? e.firstMessage : String(e)));
  }, [params.toString()]);

  if (linkError) {
    return (
      <Stack>
        <Title order={1}>{t('ekyc.public.title')}</Title>
        <Text c="red.9" role="alert" data-testid="ekyc-link-invalid">
          {linkError}
        </Text>
      </Stack>
    );
  }
  if (!state) return <Text>{t('ekyc.public.loading')}</Text>;

  const verified = !!state.ekyc_verified_at;
  const serverFailed = Math.max(0, state.face_verification_count - (verified ? 1 : 0));
  const failed = Math.max(localFailed, serverFailed);
  const limit = !verified && state.face_verification_count >= state.max_attempts;

  async function verify() {
    if (!state) return;
    setError(null);
    setResult(null);
    if (!card) return setError(t('ekyc.public.card_required'));
    if (!selfie) return setError(t('wills.ekyc.selfie_required'));
    setBusy(true);
    try {
      const r = await publicApi.post<{ face_verification: Attempt }>(
        'ekyc/public/face-verification',
        { selfie_image: selfie, mykad_image: card },
        { silent: true },
      );
      setResult(r.face_verification);
      if (!r.face_verification.passed) {
        const n = failed + 1;
        sessionStorage.setItem(localKey(state.wasiat_id), String(n));
        setLocalFailed(n);
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
      try {
        setState((await publicApi.get<{ ekyc: PublicEkyc }>('ekyc/public/status', undefined, { silent: true })).ekyc);
      } catch {
        /* the token expired: the next action shows it */
      }
    }
  }

  return (
    <Stack>
      <Title order={1}>{t('ekyc.public.title')}</Title>
      <Text>{t('ekyc.public.intro', { name: state.name, score: 70 })}</Text>
      {verified ? (
        <Paper withBorder p="md" data-testid="ekyc-verified">
          <Stack gap="xs">
            <Text fw={600}>{t('wills.ekyc.verified_title')}</Text>
            <Anchor component={Link} to="/ekyc/validation?public=1">
              {t('ekyc.public.to_validation')}
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <CardAndSelfie
          card={card}
          onCard={setCard}
          selfie={selfie}
          onSelfie={setSelfie}
          onReading={setReading}
          disabled={limit}
        />
      )}
      {result && (
        <Paper withBorder p="md" role="status" data-testid="ekyc-result">
          <Group gap="xs">
            <Text fw={600}>{result.passed ? t('wills.ekyc.passed') : t('wills.ekyc.failed')}</Text>
            <Text>{t('wills.ekyc.score', { score: Math.round(result.verification_score) })}</Text>
            <Badge variant="filled" color={result.passed ? 'teal.9' : 'red.9'}>
              {result.passed ? t('wills.ekyc.pass') : t('wills.ekyc.fail')}
            </Badge>
          </Group>
        </Paper>
      )}
      <Text data-testid="ekyc-failed-count">{t('wills.ekyc.failed_count', { n: failed })}</Text>
      {limit && (
        <Text c="red.9" data-testid="ekyc-limit">
          {t('wills.ekyc.limit')}
        </Text>
      )}
      <FormError message={error} />
      {!verified && (
        <Group>
          <Button onClick={verify} loading={busy || reading} disabled={limit} data-testid="ekyc-verify">
            {t('wills.ekyc.verify')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
