/**
 * What the signature on the screen does and does not do (issue 41 item 1; ADR 0266), in the reader's language from
 * the shared `executed_original.signature_law.*` messages (the same text the will PDF prints in Malay and English):
 * an electronic signature recording the approval of this version; not by itself the making of a will — the
 * Electronic Commerce Act 2006 (Act 658) does not apply to the documents of its Schedule (s. 2(2)), which lists the
 * creation of wills and codicils; a digital signature counts as handwritten only when verified against a licensed
 * certification authority's certificate (Digital Signature Act 1997 (Act 562) s. 62) — and how to execute the will
 * by hand. Shown on the wizard's signing and submitting steps and on the help page
 * (/bantuan/tandatangan-wasiat, features/public/SignatureHelpPage.tsx).
 */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from './Notice.tsx';

/** Path of the help page on the signature and executing a will by hand (features/public/routes.tsx). */
const SIGNATURE_HELP_PATH = '/bantuan/tandatangan-wasiat';

/** The statement as a notice; `helpLink` adds a link to the help page. */
export function SignatureLawNotice({ helpLink = true }: { helpLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Notice color="yellow" title={t('executed_original.signature_law.title')} data-testid="signature-law">
      <Text size="sm">{t('executed_original.signature_law.does')}</Text>
      <Text size="sm" mt={6}>
        {t('executed_original.signature_law.does_not')}
      </Text>
      <Text size="sm" mt={6}>
        {t('executed_original.signature_law.execute')}
      </Text>
      {helpLink && (
        <Anchor component={Link} to={SIGNATURE_HELP_PATH} size="sm" mt={6} display="inline-block">
          {t('executed_original.help_link')}
        </Anchor>
      )}
    </Notice>
  );
}
