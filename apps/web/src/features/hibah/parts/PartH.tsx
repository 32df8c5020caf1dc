/**
 * Part H of the hibah wizards — verification (spec §6; reference §3.2–§3.4; docs/api/hibah.md): payment
 * (`POST /api/payment`, online, cash, or offline — "Luar Talian", the payments feature's shared offline fields,
 * ADR 0285, which itself shows a declaration awaiting confirmation in place of online and cash, ADR 0291; a cash
 * payment awaiting the accountant's confirmation is shown), then
 * the grantor's signature (`POST /api/hibah/{id}/signature`), PDPA and confirmation, a verified one-time code
 * `hibah-submit` and submit (status 2). The server refuses submitting without a passed eKYC and the code
 * (ADR 0096).
 */
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hibahStepEditable } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { CodeStep } from '@/components/instrument/CodeStep.tsx';
import { PdpaLink } from '@/components/PdpaLink.tsx';
import { SignaturePad, useSignatureValue } from '@/components/SignaturePad.tsx';
import { OfflinePayment } from '@/features/payments/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { isGrantor } from '../access.ts';
import { rm } from '../products.ts';
import { type Hibah, useRefreshHibah } from '../useHibah.ts';

const filling = (h: Hibah) => hibahStepEditable('content', h.status);

/**
 * Part H: payment (anyone who may fill it, e.g. the agent taking cash), then the grantor's own signature,
 * PDPA and confirmation, a one-time code and submit (status 2) — the grantor alone (spec §6; an agent sees
 * who submits).
 */
export function PartH({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const [sig, setSig] = useSignatureValue();
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
            // Online and cash are offered only while no offline declaration awaits confirmation; that declaration,
            // and "Luar Talian" itself, are shown by the shared OfflinePayment (ADR 0285, ADR 0291).
            <OfflinePayment
              paymentableType="Hibah"
              paymentableId={hibah.id}
              onRecorded={async () => {
                await payments.refetch();
                await refresh(hibah.id);
              }}
            >
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
            </OfflinePayment>
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
                  if (!sig) return;
                  // The method as signed, also when signing again (ADR 0123; issue 34).
                  await api.post(`hibah/${hibah.id}/signature`, { signature: sig.url, signature_method: sig.method });
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
            <CodeStep
              purpose="hibah-submit"
              record={{ hibah_id: hibah.id }}
              action="submit"
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
