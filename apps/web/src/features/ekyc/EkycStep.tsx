/**
 * The eKYC step of a record — a will, a hibah or an amendment (issue 3; spec §2 /wasiat/ekyc, trust part B;
 * §4 "eKYC completion and failed count"; §9 minimum score 70; ADR 0094). The will wizard's part eKYC, the
 * hibah wizards' part B and the amendment wizard's eKYC page all use it.
 *
 * The selfie comes from the device camera or a file (SelfieCapture.tsx). `POST /api/face-verification
 * { selfie_image, user_id, ekycable_type, ekycable_id }`: the server compares it with the record's MyKad
 * front and computes the score itself. The page shows the score and the outcome, the failed count (the
 * larger of this browser's count and the server's, spec §4) and the attempt-limit message. After the limit
 * (reference §3.1 Part D) a selfie holding the MyKad is sent for staff review (`uploadManual`, by default
 * `POST /api/ekyc/manual`), and "awaiting staff review" shows until staff approve or reject it
 * (`GET /api/ekyc/manual/{id}?ekycable_type=`) — ManualReview.tsx, shared with the /ekyc page.
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { LimitNotice, ManualReviewPanel, useManualStatus } from './ManualReview.tsx';
import { SelfieCapture } from './SelfieCapture.tsx';

/** The server's pass mark (spec §9 `min_verification_score=70`). */
export const MIN_VERIFICATION_SCORE = 70;

export type EkycableType = 'Wasiat' | 'Hibah' | 'Amendment';

/** The record whose eKYC this is, with its eKYC facts as the API gives them. */
export interface EkycRecord {
  type: EkycableType;
  id: string;
  /** The testator / grantor (whose face is compared). */
  userId: string;
  ekycVerifiedAt: string | null;
  faceVerificationCount: number;
}

interface Attempt {
  verification_score: number;
  passed: boolean;
}

const localKey = (r: Pick<EkycRecord, 'type' | 'id'>) =>
  r.type === 'Wasiat' ? `ekyc_failed_${r.id}` : `ekyc_failed_${r.type}_${r.id}`;
const readLocal = (r: Pick<EkycRecord, 'type' | 'id'>) => Number(sessionStorage.getItem(localKey(r)) ?? 0);

/** Failed attempts the server knows of: every attempt, less the passing one (spec §4). */
export const serverFailed = (r: Pick<EkycRecord, 'ekycVerifiedAt' | 'faceVerificationCount'>) =>
  Math.max(0, r.faceVerificationCount - (r.ekycVerifiedAt ? 1 : 0));

/** Props of {@link EkycStep}. */
export interface EkycStepProps {
  record: EkycRecord;
  /** Whether the record may still be changed (attempts and manual uploads). */
  editable: boolean;
  /** Re-read the record after an attempt (its count and verified time). */
  onChanged: () => Promise<unknown>;
  /** "Next" once verified (omitted: no button). */
  onNext?: () => void;
  /** Heading of the step. */
  title: string;
  /** Send the manual selfie (data URL); default `POST /api/ekyc/manual`. */
  uploadManual?: (document: string) => Promise<unknown>;
  /** Shown below the manual panel (e.g. the agent's public link for a will). */
  children?: ReactNode;
}

/** The eKYC step; see the file comment. */
export function EkycStep({ record, editable, onChanged, onNext, title, uploadManual, children }: EkycStepProps) {
  const { t } = useTranslation();
  const [selfie, setSelfie] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<Attempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [localFailed, setLocalFailed] = useState(() => readLocal(record));
  const status = useManualStatus(record, [record.ekycVerifiedAt, record.faceVerificationCount]);
  const verified = !!record.ekycVerifiedAt;
  const failed = Math.max(localFailed, serverFailed(record));
  const limitReached = limit || status.limitReached;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the browser's count belongs to the record
  useEffect(() => setLocalFailed(readLocal(record)), [record.id, record.type]);

  function countFailure() {
    const n = Math.max(readLocal(record), failed) + 1;
    sessionStorage.setItem(localKey(record), String(n));
    setLocalFailed(n);
  }

  async function verify() {
    setError(null);
    setResult(null);
    if (!selfie) return setError(t('wills.ekyc.selfie_required'));
    setBusy(true);
    try {
      const r = await api.post<{ face_verification: Attempt }>(
        'face-verification',
        { selfie_image: selfie, user_id: record.userId, ekycable_type: record.type, ekycable_id: record.id },
        { silent: true },
      );
      setResult(r.face_verification);
      if (!r.face_verification.passed) countFailure();
      await onChanged();
    } catch (e) {
      if (e instanceof ApiError) {
        // The attempt limit is the one form-level (`_`) error of this call; its alert says it once.
        if (e.errors._?.length) setLimit(true);
        else {
          if (e.status === 422) countFailure();
          setError(e.firstMessage);
        }
      } else setError(String(e));
      await onChanged();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Text>{t('wills.ekyc.intro', { score: MIN_VERIFICATION_SCORE })}</Text>
      {verified && (
        <Notice color="green" title={t('wills.ekyc.verified_title')} data-testid="ekyc-verified">
          {t('wills.ekyc.verified_text')}
        </Notice>
      )}
      {!verified && (
        <SelfieCapture
          selfie={selfie}
          onSelfie={(s) => {
            setResult(null);
            setSelfie(s);
          }}
          disabled={!editable}
          onReading={setReading}
        />
      )}
      {result && (
        <Notice
          color={result.passed ? 'green' : 'red'}
          role="status"
          data-testid="ekyc-result"
          title={result.passed ? t('wills.ekyc.passed') : t('wills.ekyc.failed')}
        >
          <Group gap="xs">
            <Text>{t('wills.ekyc.score', { score: Math.round(result.verification_score) })}</Text>
            <Badge variant="filled" color={result.passed ? 'teal.9' : 'red.9'}>
              {result.passed ? t('wills.ekyc.pass') : t('wills.ekyc.fail')}
            </Badge>
          </Group>
          {!result.passed && <Text size="sm">{t('wills.ekyc.try_again')}</Text>}
        </Notice>
      )}
      <Text data-testid="ekyc-failed-count">{t('wills.ekyc.failed_count', { n: failed })}</Text>
      {limitReached && !verified && <LimitNotice />}
      {limitReached && !verified && (
        <ManualReviewPanel
          subject={record}
          manual={status.manual}
          editable={editable}
          onSent={status.reload}
          uploadManual={uploadManual}
        />
      )}
      {children}
      <FormError message={error} />
      <Group>
        {verified ? (
          onNext && <Button onClick={onNext}>{t('common.next')}</Button>
        ) : (
          <Button
            onClick={verify}
            loading={busy || reading}
            disabled={!editable || limitReached}
            data-testid="ekyc-verify"
          >
            {t('wills.ekyc.verify')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
