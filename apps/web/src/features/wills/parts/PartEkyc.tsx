/**
 * Part eKYC — face verification of the testator (issue 3; spec §2 /wasiat/ekyc, §4 "eKYC completion and
 * failed count", §9 minimum score 70). The selfie comes from the device camera (getUserMedia; a clear
 * message when the camera is unavailable or permission is denied) or, as a fallback, from an image file.
 * POST /api/face-verification `{ selfie_image, user_id, ekycable_type: 'Wasiat', ekycable_id }`: the
 * server compares it with the MyKad front uploaded in Part Document and computes the score itself. The
 * page shows the score and the outcome, the failed count (the larger of this browser's count and the
 * server's, spec §4) and the attempt-limit message. A pass marks the part done on the server.
 * After the limit (reference §3.1 Part D) the testator uploads a selfie holding the MyKad
 * (`POST /api/wasiat/{id}/document` type `ekyc-manual`) and sees "awaiting staff review" until staff
 * approve it (GET /api/ekyc/manual/{id} gives the review status) or reject it with a reason.
 * Someone other than the testator (an agent registering them) also sees a signed eKYC link to send the
 * client (features/ekyc/EkycLinkPanel.tsx; public /ekyc, ADR 0091).
 */
import { Badge, Button, Group, Image, Input, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/app/api.ts';
import { session } from '@/app/storage.ts';
import { FormError } from '@/components/FormError.tsx';
import { EkycLinkPanel } from '@/features/ekyc/index.ts';
import { Notice } from '../components/Notice.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import type { Will } from '../types.ts';

/** The server's pass mark (spec §9 `min_verification_score=70`). */
export const MIN_VERIFICATION_SCORE = 70;

/** `GET /api/ekyc/manual/{wasiat_id}`. */
interface ManualStatus {
  review: { status: string; reason: string | null } | null;
  face_verification_count: number;
  max_attempts: number;
}

interface Attempt {
  verification_score: number;
  passed: boolean;
}

const localKey = (wasiatId: string) => `ekyc_failed_${wasiatId}`;
const readLocal = (wasiatId: string | null) => (wasiatId ? Number(sessionStorage.getItem(localKey(wasiatId)) ?? 0) : 0);

/** Failed attempts the server knows of: every attempt, less the passing one (spec §4). */
export const serverFailed = (will: (Pick<Will, 'ekyc_verified_at'> & { face_verification_count?: number }) | null) =>
  will ? Math.max(0, (will.face_verification_count ?? 0) - (will.ekyc_verified_at ? 1 : 0)) : 0;

/** Read a file as a data URL. */
const dataUrlOf = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/** The translation key of a getUserMedia failure. */
function cameraProblem(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'wills.ekyc.camera_denied';
  return 'wills.ekyc.camera_unavailable';
}

/** Part eKYC page; see the file comment. */
export function PartEkyc() {
  const { t } = useTranslation();
  const { will, wasiatId, editable, refresh, goNext } = useWizard();
  const fileId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [selfie, setSelfie] = useState<string | null>(null);
  const [result, setResult] = useState<Attempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [localFailed, setLocalFailed] = useState(() => readLocal(wasiatId));
  const [manual, setManual] = useState<ManualStatus | null>(null);
  const [manualFile, setManualFile] = useState<string | null>(null);
  const [manualBusy, setManualBusy] = useState(false);
  const [manualError, setManualError] = useState<string | null>(null);
  const manualFileId = useId();
  const verified = !!will?.ekyc_verified_at;
  const failed = Math.max(localFailed, serverFailed(will as Will & { face_verification_count?: number }));
  const limitReached = limit || (!!manual && manual.face_verification_count >= manual.max_attempts);
  const pending = manual?.review?.status === 'pending';

  const loadManual = async () => {
    if (!wasiatId) return;
    try {
      setManual(await api.get<ManualStatus>(`ekyc/manual/${wasiatId}`, undefined, { silent: true }));
    } catch {
      setManual(null);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the will (or its count) changes
  useEffect(() => {
    void loadManual();
  }, [
    wasiatId,
    will?.ekyc_verified_at,
    (will as { face_verification_count?: number } | null)?.face_verification_count,
  ]);

  async function sendManual() {
    setManualError(null);
    if (!manualFile) return setManualError(t('wills.ekyc.manual_file_required'));
    setManualBusy(true);
    try {
      await api.post(
        `wasiat/${wasiatId}/document`,
        { is_base64: true, type: 'ekyc-manual', document: manualFile },
        { silent: true },
      );
      setManualFile(null);
      await loadManual();
    } catch (e) {
      setManualError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setManualBusy(false);
    }
  }

  const stopCamera = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setCameraOn(false);
  };
  // Release the camera when the page closes.
  useEffect(
    () => () => {
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(() => setLocalFailed(readLocal(wasiatId)), [wasiatId]);

  async function startCamera() {
    setCameraError(null);
    if (!navigator.mediaDevices?.getUserMedia) return setCameraError(t('wills.ekyc.camera_unavailable'));
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      streamRef.current = stream;
      setCameraOn(true);
      requestAnimationFrame(() => {
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
      });
    } catch (e) {
      setCameraError(t(cameraProblem(e)));
    }
  }

  function capture() {
    const video = videoRef.current;
    if (!video?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    setSelfie(canvas.toDataURL('image/jpeg', 0.92));
    setResult(null);
    stopCamera();
  }

  async function onFile(file: File | null) {
    setResult(null);
    setSelfie(file ? await dataUrlOf(file) : null);
  }

  function countFailure() {
    if (!wasiatId) return;
    const n = Math.max(readLocal(wasiatId), failed) + 1;
    sessionStorage.setItem(localKey(wasiatId), String(n));
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
        { selfie_image: selfie, user_id: will?.user_id, ekycable_type: 'Wasiat', ekycable_id: wasiatId },
        { silent: true },
      );
      setResult(r.face_verification);
      if (!r.face_verification.passed) countFailure();
      await refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        // The attempt limit is the one form-level (`_`) error of this call.
        if (e.errors._?.length) setLimit(true);
        else if (e.status === 422) countFailure();
        setError(e.firstMessage);
      } else setError(String(e));
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Title order={2}>{t('wills.parts.ekyc')}</Title>
      <Text>{t('wills.ekyc.intro', { score: MIN_VERIFICATION_SCORE })}</Text>
      {verified && (
        <Notice color="green" title={t('wills.ekyc.verified_title')} data-testid="ekyc-verified">
          {t('wills.ekyc.verified_text')}
        </Notice>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('wills.ekyc.camera_title')}
            </Title>
            {cameraOn ? (
              <>
                <video ref={videoRef} autoPlay playsInline muted aria-label={t('wills.ekyc.camera_preview')} />
                <Group>
                  <Button onClick={capture}>{t('wills.ekyc.capture')}</Button>
                  <Button variant="default" onClick={stopCamera}>
                    {t('common.cancel')}
                  </Button>
                </Group>
              </>
            ) : (
              <Group>
                <Button variant="light" onClick={startCamera} disabled={!editable || verified}>
                  {t('wills.ekyc.open_camera')}
                </Button>
              </Group>
            )}
            {cameraError && (
              <Notice color="orange" role="alert" data-testid="camera-error">
                {cameraError}
              </Notice>
            )}
            <Input.Wrapper label={t('wills.ekyc.upload_label')} id={fileId} description={t('wills.ekyc.upload_hint')}>
              <input
                id={fileId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                data-testid="selfie-file"
                disabled={!editable || verified}
                onChange={(e) => void onFile(e.currentTarget.files?.[0] ?? null)}
              />
            </Input.Wrapper>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('wills.ekyc.selfie_title')}
            </Title>
            {selfie ? (
              <Image src={selfie} alt={t('wills.ekyc.selfie_alt')} h={200} fit="contain" />
            ) : (
              <Text size="sm" c="dimmed">
                {t('wills.ekyc.no_selfie')}
              </Text>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
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
      {limitReached && !verified && (
        <Notice color="red" data-testid="ekyc-limit">
          {t('wills.ekyc.limit')}
        </Notice>
      )}
      {limitReached && !verified && (
        <Paper withBorder p="md" data-testid="ekyc-manual">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('wills.ekyc.manual_title')}
            </Title>
            {pending ? (
              <Notice
                color="yellow"
                role="status"
                title={t('wills.ekyc.manual_pending')}
                data-testid="ekyc-manual-pending"
              >
                {t('wills.ekyc.manual_pending_text')}
              </Notice>
            ) : (
              <>
                {manual?.review?.status === 'rejected' && (
                  <Notice color="red" data-testid="ekyc-manual-rejected">
                    {t('wills.ekyc.manual_rejected', { reason: manual.review.reason ?? '' })}
                  </Notice>
                )}
                <Text size="sm">{t('wills.ekyc.manual_intro')}</Text>
                <Input.Wrapper label={t('wills.ekyc.manual_upload_label')} id={manualFileId}>
                  <input
                    id={manualFileId}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    data-testid="ekyc-manual-file"
                    disabled={!editable}
                    onChange={(e) => {
                      const f = e.currentTarget.files?.[0];
                      if (f) void dataUrlOf(f).then(setManualFile);
                      else setManualFile(null);
                    }}
                  />
                </Input.Wrapper>
                {manualFile && (
                  <Image src={manualFile} alt={t('wills.ekyc.manual_upload_label')} h={160} fit="contain" />
                )}
                <FormError message={manualError} />
                <Group>
                  <Button
                    onClick={sendManual}
                    loading={manualBusy}
                    disabled={!editable}
                    data-testid="ekyc-manual-submit"
                  >
                    {t('wills.ekyc.manual_submit')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}
      {/* An agent or staff member helping the client can send them a link to do it themselves (ADR 0091). */}
      {!verified && wasiatId && will?.user_id && will.user_id !== session.user()?.id && (
        <EkycLinkPanel wasiatId={wasiatId} />
      )}
      <FormError message={error} />
      <Group>
        {verified ? (
          <Button onClick={() => goNext('ekyc')}>{t('common.next')}</Button>
        ) : (
          <Button onClick={verify} loading={busy} disabled={!editable || limitReached} data-testid="ekyc-verify">
            {t('wills.ekyc.verify')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
