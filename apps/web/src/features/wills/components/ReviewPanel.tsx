/**
 * Provider staff's review of a will awaiting confirmation (spec §4 status 1 → 2 or 3; docs/api/wills.md
 * staff transitions; payments.md confirm): "Sahkan / Confirm" → PATCH /api/wasiat/{id} `{ status: 2 }`;
 * "Sahkan bayaran" when a cash/direct payment is pending → POST /api/payment/{id}/confirm; "Batal untuk
 * kemas kini / Cancel for update" with one of the three reasons of spec §2 (`CANCEL_REASONS`: eKYC failed,
 * information not valid, dummy data) and a required note to the client → PATCH
 * `{ status: 3, option_delete_id, rejected_reason }` (ADR 0250).
 * Confirming, cancelling and "Sahkan bayaran" each ask first in a dialog (lib/notify `confirmAction`; issue 37 item
 * 6.7, issue 38): nothing is sent until the staff member confirms there; "Kembali / Back" leaves the will as it is.
 */
import { Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CANCEL_REASONS, can, formatRinggit, labelOf, PAYMENT_TYPES, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { confirmAction } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { Notice } from '../../../components/Notice.tsx';
import type { Page, Payment, Will } from '../types.ts';

/** The review panel; see the file comment. */
export function ReviewPanel({ will }: { will: Will }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const role = roleOf(session.user());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [choice, setChoice] = useState('');
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const payments = useQuery({
    queryKey: ['wasiat', will.id, 'payment'],
    queryFn: async () => {
      const r = await api.get<{ payments: Page<Payment> }>(`wasiat/${will.id}/payment`, undefined, { silent: true });
      return r.payments?.data ?? [];
    },
  });
  const pending = (payments.data ?? []).find((p) => p.status === 'pending');
  const refresh = () => qc.invalidateQueries({ queryKey: ['wasiat'] });

  async function run(name: string, fn: () => Promise<unknown>, message: string) {
    setError(null);
    setBusy(name);
    try {
      await fn();
      setDone(message);
      await refresh();
    } catch (e) {
      const fields = e instanceof ApiError ? e.errors : {};
      if (fields.option_delete_id) setChoiceError(fields.option_delete_id[0]);
      if (fields.rejected_reason) setReasonError(fields.rejected_reason[0]);
      if (!fields.option_delete_id && !fields.rejected_reason) {
        setError(e instanceof ApiError ? e.firstMessage : String(e));
      }
    } finally {
      setBusy(null);
    }
  }

  if (!can(role, 'will:verify') && !can(role, 'payment:confirm')) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="review-title">
      <Stack>
        <Title order={2} id="review-title">
          {t('wills.verify.panel_title')}
        </Title>
        {done && (
          <Notice color="green" role="status">
            {done}
          </Notice>
        )}
        {pending && (
          <Stack gap="xs">
            <Text>
              {t('wills.verify.payment_pending', {
                mode: PAYMENT_TYPES.find((p) => p.code === pending.payment_options_id)?.[lang] ?? '',
                amount: formatRinggit(pending.amount_sen),
                reference: pending.reference ?? '—',
              })}
            </Text>
            {can(role, 'payment:confirm') && (
              <Group>
                <Button
                  variant="default"
                  loading={busy === 'pay'}
                  data-testid="confirm-will-payment"
                  onClick={() =>
                    confirmAction({
                      title: t('wills.verify.payment_confirm_title'),
                      message: t('wills.verify.payment_confirm_text', {
                        mode: PAYMENT_TYPES.find((p) => p.code === pending.payment_options_id)?.[lang] ?? '',
                        amount: formatRinggit(pending.amount_sen),
                        reference: pending.reference ?? '—',
                      }),
                      confirm: t('wills.verify.confirm_payment'),
                      onConfirm: () =>
                        void run(
                          'pay',
                          () => api.post(`payment/${pending.id}/confirm`, {}),
                          t('wills.verify.payment_confirmed'),
                        ),
                    })
                  }
                >
                  {t('wills.verify.confirm_payment')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {will.status === 1 && can(role, 'will:verify') ? (
          <>
            <Group>
              <Button
                loading={busy === 'confirm'}
                onClick={() =>
                  confirmAction({
                    title: t('wills.verify.confirm_title'),
                    message: t('wills.verify.confirm_text', { no: will.wasiat_no ?? '' }),
                    confirm: t('wills.verify.confirm'),
                    onConfirm: () =>
                      void run(
                        'confirm',
                        () => api.patch(`wasiat/${will.id}`, { status: 2 }),
                        t('wills.verify.confirmed'),
                      ),
                  })
                }
                data-testid="confirm-will"
              >
                {t('wills.verify.confirm')}
              </Button>
            </Group>
            <Radio.Group
              label={t('wills.verify.reason')}
              required
              value={choice}
              onChange={setChoice}
              error={choiceError}
              data-testid="cancel-reason"
            >
              <Stack gap="xs" mt="xs">
                {CANCEL_REASONS.map((r) => (
                  <Radio key={r.code} value={String(r.code)} label={r[lang]} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('wills.verify.remark')}
              required
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
              autosize
              minRows={2}
            />
            <Group>
              <Button
                variant="default"
                loading={busy === 'cancel'}
                onClick={() => {
                  setReasonError(undefined);
                  setChoiceError(undefined);
                  if (!choice) setChoiceError(t('wills.cancel_reason_required'));
                  if (!reason.trim()) setReasonError(t('wills.rejected_reason_required'));
                  if (!choice || !reason.trim()) return;
                  confirmAction({
                    title: t('wills.verify.cancel_title'),
                    message: t('wills.verify.cancel_text', {
                      reason: `${labelOf(CANCEL_REASONS, Number(choice), lang)}: ${reason.trim()}`,
                    }),
                    confirm: t('wills.verify.cancel'),
                    color: 'red',
                    onConfirm: () =>
                      void run(
                        'cancel',
                        () =>
                          api.patch(`wasiat/${will.id}`, {
                            status: 3,
                            option_delete_id: Number(choice),
                            rejected_reason: reason.trim(),
                          }),
                        t('wills.verify.cancelled'),
                      ),
                  });
                }}
                data-testid="cancel-will"
              >
                {t('wills.verify.cancel')}
              </Button>
            </Group>
          </>
        ) : (
          !done && <Text>{t('wills.verify.not_pending')}</Text>
        )}
        <FormError message={error} />
      </Stack>
    </Paper>
  );
}
