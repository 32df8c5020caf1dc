/**
 * The manual eKYC route after the attempt limit (reference §3.1 Part D; issue 3; issue 21 item 7, ADR 0147),
 * written once for every subject: the will, hibah and amendment wizards' eKYC steps (EkycStep.tsx) and the
 * logged-in /ekyc page (UserEkycPages.tsx, subject "User").
 *
 * - {@link useManualStatus}: `GET /api/ekyc/manual/{id}?ekycable_type=` → the subject's attempt count, its
 *   limit and its latest review.
 * - {@link LimitNotice}: the one attempt-limit alert (spec §8 "eKYC attempt limit reached: contact the
 *   provider") saying what to do next.
 * - {@link ManualReviewPanel}: a selfie holding the MyKad sent for staff review (by default `POST
 *   /api/ekyc/manual { ekycable_type, ekycable_id, document }`), then "awaiting staff review", or the reason
 *   of a rejection with a new upload.
 */
import { Button, Group, Image, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { dataUrlOf } from './SelfieCapture.tsx';

/** Every kind whose eKYC has an attempt limit: the records and a user's own eKYC ("User"). */
export type EkycSubjectType = 'Wasiat' | 'Hibah' | 'Amendment' | 'User';

/** `GET /api/ekyc/manual/{id}?ekycable_type=`. */
export interface ManualStatus {
  review: { status: string; reason: string | null } | null;
  face_verification_count: number;
  max_attempts: number;
  ekyc_verified_at: string | null;
  ekyc_method: string | null;
}

/**
 * The subject's manual-review state; reloaded when one of `deps` changes (e.g. its attempt count).
 * `manual` is null until read (or when the subject is not visible).
 */
export function useManualStatus(subject: { type: EkycSubjectType; id: string | undefined }, deps: unknown[] = []) {
  const [manual, setManual] = useState<ManualStatus | null>(null);
  const reload = useCallback(async () => {
    if (!subject.id) return;
    try {
      setManual(
        await api.get<ManualStatus>(`ekyc/manual/${subject.id}`, { ekycable_type: subject.type }, { silent: true }),
      );
    } catch {
      setManual(null);
    }
  }, [subject.id, subject.type, ...deps]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const limitReached = !!manual && manual.face_verification_count >= manual.max_attempts;
  return { manual, reload, limitReached, pending: manual?.review?.status === 'pending' };
}

/** The single attempt-limit alert, pointing at the manual route below it. */
export function LimitNotice() {
  const { t } = useTranslation();
  return (
    <Notice color="red" title={t('wills.ekyc.limit')} data-testid="ekyc-limit">
      {t('wills.ekyc.limit_way')}
    </Notice>
  );
}

/** Props of {@link ManualReviewPanel}. */
export interface ManualReviewPanelProps {
  subject: { type: EkycSubjectType; id: string };
  manual: ManualStatus | null;
  /** Whether the subject may still be changed (uploads allowed). */
  editable: boolean;
  /** Re-read the state after an upload. */
  onSent: () => Promise<unknown>;
  /** Send the photo (data URL); default `POST /api/ekyc/manual`. */
  uploadManual?: (document: string) => Promise<unknown>;
}

/** The manual-review panel; see the file comment. */
export function ManualReviewPanel({ subject, manual, editable, onSent, uploadManual }: ManualReviewPanelProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const pending = manual?.review?.status === 'pending';

  async function send() {
    setError(null);
    if (!file) return setError(t('wills.ekyc.manual_file_required'));
    setBusy(true);
    try {
      if (uploadManual) await uploadManual(file);
      else
        await api.post(
          'ekyc/manual',
          { ekycable_type: subject.type, ekycable_id: subject.id, document: file },
          { silent: true },
        );
      setFile(null);
      await onSent();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="ekyc-manual">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('wills.ekyc.manual_title')}
        </Title>
        {pending ? (
          <Notice color="yellow" role="status" title={t('wills.ekyc.manual_pending')} data-testid="ekyc-manual-pending">
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
            <Input.Wrapper label={t('wills.ekyc.manual_upload_label')} id={fileId}>
              <input
                id={fileId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                data-testid="ekyc-manual-file"
                disabled={!editable}
                onChange={(e) => {
                  const f = e.currentTarget.files?.[0];
                  if (f) void dataUrlOf(f).then(setFile);
                  else setFile(null);
                }}
              />
            </Input.Wrapper>
            {file && <Image src={file} alt={t('wills.ekyc.manual_upload_label')} h={160} fit="contain" />}
            <FormError message={error} />
            <Group>
              <Button onClick={send} loading={busy} disabled={!editable} data-testid="ekyc-manual-submit">
                {t('wills.ekyc.manual_submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
