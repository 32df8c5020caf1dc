/**
 * The payer's view of their ATB (bank standing instruction) mandate on the payment page (issue 38 item 3;
 * ADR 0264): "n of N instalments received, next on <date>", and the schedule. Reads the will's payments
 * (GET /api/wasiat/{id}/payment) and shows nothing when the will has no mandate.
 */
import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice.tsx';
import { AtbSchedule, atbProgressText } from './AtbSchedule.tsx';
import { type WillPayment, willMandate } from './api.ts';

/** The mandate of the will `wasiatId`, if any: its progress line and schedule. */
export function AtbProgress({ wasiatId }: { wasiatId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [mandate, setMandate] = useState<WillPayment | null>(null);
  useEffect(() => {
    let live = true;
    willMandate(wasiatId)
      .then((m) => live && setMandate(m))
      .catch(() => live && setMandate(null));
    return () => {
      live = false;
    };
  }, [wasiatId]);
  const plan = mandate?.instalments;
  if (!plan) return null;
  return (
    <Stack gap="xs">
      <Notice color={plan.next ? 'blue' : 'green'} title={t('payments.ui.atb.title')} data-testid="atb-progress">
        {atbProgressText(plan, t, lang)}
      </Notice>
      <AtbSchedule instalments={plan} />
    </Stack>
  );
}
