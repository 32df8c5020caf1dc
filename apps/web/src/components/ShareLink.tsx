/**
 * A link to share with someone (a witness's or receiver's confirmation link, a public eKYC link): shown
 * read-only, with "copy" and "send by WhatsApp" (issue 17 item 15: how Malaysians reach each other).
 * WhatsApp opens `https://wa.me/<number>?text=<message>` — the number in international digits when known
 * (`+60123456789` → `60123456789`), else the person picks the chat — with a prefilled message in the user's
 * language that carries the link.
 */
import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The wa.me address for `message`, to `phone` (any format; its digits are used) when given. */
export function whatsappUrl(message: string, phone?: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  // A Malaysian number written locally (0123456789) is sent as 60123456789.
  const intl = digits.startsWith('0') ? `6${digits}` : digits;
  return `https://wa.me/${intl}?text=${encodeURIComponent(message)}`;
}

/** Props: the link, the accessible label of the field, the message's i18n key (`{{url}}` is the link). */
export function ShareLink({
  url,
  label,
  messageKey,
  phone,
  testId,
}: {
  url: string;
  label: string;
  /** i18n key of the WhatsApp message; it receives `url`. */
  messageKey: string;
  phone?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group align="end" gap="xs" wrap="wrap">
      <TextInput label={label} value={url} readOnly style={{ flex: 1, minWidth: 200 }} data-testid={testId} />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? t('common.share.copied') : t('common.share.copy')}
          </Button>
        )}
      </CopyButton>
      <Button
        component="a"
        href={whatsappUrl(t(messageKey, { url }), phone)}
        target="_blank"
        rel="noopener noreferrer"
        color="green.9"
        data-testid={testId ? `${testId}-whatsapp` : undefined}
      >
        {t('common.share.whatsapp')}
      </Button>
    </Group>
  );
}
