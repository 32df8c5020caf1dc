/** A will status label (spec §4 "Basic will status"), coloured with dark shades for contrast. */
import { Badge } from '@mantine/core';
import { willStatusKey } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  none: 'gray.7',
  '0': 'blue.9',
  '1': 'violet.9',
  '2': 'teal.9',
  '3': 'red.9',
};

/** Shows "Belum dimohon" / "Dalam pendaftaran" / … for status null, 0–3 (labels in dashboard.json `will_status`). */
export function WillStatusBadge({ status }: { status: number | null | undefined }) {
  const { t } = useTranslation();
  const key = willStatusKey(status);
  const code = key.split('.')[1] ?? 'none';
  return (
    <Badge color={COLOURS[code] ?? 'gray.7'} variant="filled" size="lg" radius="sm" tt="none" data-testid="will-status">
      {t(key)}
    </Badge>
  );
}

/** Shows a payment state (pending, paid, failed, waived; spec §4 "Payment") with the shared labels. */
export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!status) return <>{t('dashboard.payment_none')}</>;
  const colour = status === 'paid' || status === 'waived' ? 'teal.9' : status === 'failed' ? 'red.9' : 'gray.7';
  const key = `payments.status.${status}`;
  return (
    <Badge color={colour} variant="outline" radius="sm" tt="none">
      {i18n.exists(key) ? t(key) : status}
    </Badge>
  );
}
