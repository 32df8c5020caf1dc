/**
 * What the signature on the screen does and does not do (issue 41 item 1; ADR 0266), in the reader's language from
 * the shared `executed_original.signature_law.*` messages (the same text the will PDF prints in Malay and English):
 * an electronic signature recording the approval of this version; not by itself the making of a will — the
 * Electronic Commerce Act 2006 (Act 658) does not apply to the documents of its Schedule (s. 2(2)), which lists the
 * creation of wills and codicils; a digital signature counts as handwritten only when verified against a licensed
 * certification authority's certificate (Digital Signature Act 1997 (Act 562) s. 62) — and how to execute the will
 * by hand. When the platform seals under a licensed CA's certificate (`GET /api/document-seal` kind `licensed_ca`;
 * ADR 0297) one more sentence says so, and that this seal is the provider's, not the testator's signature.
 * Shown on the wizard's signing and submitting steps and on the help page
 * (/bantuan/tandatangan-wasiat, features/public/SignatureHelpPage.tsx).
 */
import { Anchor, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from './Notice.tsx';

/** Path of the help page on the signature and executing a will by hand (features/public/routes.tsx). */
const SIGNATURE_HELP_PATH = '/bantuan/tandatangan-wasiat';

/** `GET /api/document-seal` → `seal` (apps/api/src/modules/documents/routes.ts). */
export interface DocumentSeal {
  kind: 'licensed_ca' | 'platform';
  /** The licensed CA's subject for `licensed_ca`, else null. */
  ca_subject: string | null;
}

let cached: Promise<DocumentSeal | null> | null = null;

/** The seal's kind, fetched once per page load; `null` when the call fails (then nothing more is said). */
export function loadDocumentSeal(): Promise<DocumentSeal | null> {
  cached ??= fetch('/api/document-seal', { headers: { Accept: 'application/json', Type: 'api-public' } })
    .then(async (r) => (r.ok ? (((await r.json()).seal as DocumentSeal | undefined) ?? null) : null))
    .catch(() => null);
  return cached;
}

/** Forget the cached seal (tests). */
export const resetDocumentSeal = () => {
  cached = null;
};

/** The statement as a notice; `helpLink` adds a link to the help page. */
export function SignatureLawNotice({ helpLink = true }: { helpLink?: boolean }) {
  const { t } = useTranslation();
  const [seal, setSeal] = useState<DocumentSeal | null>(null);
  useEffect(() => {
    let live = true;
    void loadDocumentSeal().then((s) => live && setSeal(s));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Notice color="yellow" title={t('executed_original.signature_law.title')} data-testid="signature-law">
      <Text size="sm">{t('executed_original.signature_law.does')}</Text>
      <Text size="sm" mt={6}>
        {t('executed_original.signature_law.does_not')}
      </Text>
      {seal?.kind === 'licensed_ca' && seal.ca_subject && (
        <Text size="sm" mt={6} data-testid="licensed-seal">
          {t('executed_original.signature_law.licensed_seal', { ca: seal.ca_subject })}
        </Text>
      )}
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
