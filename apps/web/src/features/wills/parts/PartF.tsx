/**
 * Part F — Verification (docs/api/wills.md part f; spec §5 "Agreement to the personal data protection act,
 * and to the declaration of understanding/will confirmation, is required", "A signature is required";
 * reference §3.1 Part G): PDPA consent, the will confirmation (its text differs for a conventional will),
 * and the testator's signature → POST /api/wasiat/{id}/signature, then
 * PATCH /api/wasiat/{id} `{ acknowledged_pdpa: 1, acknowledged_confirmation: 1 }`. Only a role with
 * `will:sign:testator` (the testator, the registering agent in person; ADR 0106) sees the signature pad; a
 * Partner or provider staff see who signs instead (the server refuses them with 403).
 *
 * A saved signature of an earlier version of the will (`GET /api/wasiat/{id}/signature-status` testator
 * `earlier_version`: the will changed after signing, e.g. corrected after "cancel for update") counts as none:
 * the page says the testator MUST sign again and the pad is required (the server refuses to submit with
 * `wills.signature_stale`; issue 17 item 4, issue 37 item 6.2). A will returned for update whose signature is
 * still current says signing again becomes mandatory once the will is changed.
 *
 * Above the pad, what the screen signature does and does not do under the Electronic Commerce Act 2006 and the
 * Digital Signature Act 1997, and how to execute the will by hand (components/SignatureLaw.tsx; ADR 0266).
 *
 * One preparing the will who is not its testator also sees "Send a link to the testator" (f/TestatorLinkPanel.tsx;
 * ADR 0298): once the testator signed through the link (of the will as it is now), the page says so and "Next" goes
 * on without saving the declarations again (they are the testator's own, recorded as such).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { SignatureLawNotice } from '@/components/SignatureLaw.tsx';
import { type SignatureMethod, SignaturePad } from '@/components/SignaturePad.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useSignatureStatus } from '../components/SignatureStatus.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { Declarations, partFErrors } from './f/Declarations.tsx';
import { TestatorLinkPanel, useTestatorLink } from './f/TestatorLinkPanel.tsx';

/** The client-side checks of part F, as message keys per field (empty when all is given). */
export function verificationErrors(v: {
  pdpa: boolean;
  confirmation: boolean;
  signature: string | null;
  hasSaved: boolean;
}) {
  const e: Partial<Record<'pdpa' | 'confirmation' | 'signature', string>> = {};
  if (!v.pdpa) e.pdpa = 'validation.pdpa_required';
  if (!v.confirmation) e.confirmation = 'validation.confirmation_required';
  if (!v.signature && !v.hasSaved) e.signature = 'validation.signature_required';
  return e;
}

/** Part F page; see the file comment. */
export function PartF() {
  const { t } = useTranslation();
  const { will, wasiatId, editable, goNext } = useWizard();
  const [pdpa, setPdpa] = useState(!!will?.acknowledged_pdpa);
  const [confirmation, setConfirmation] = useState(!!will?.acknowledged_confirmation);
  const [signature, setSignature] = useState<string | null>(null);
  const [method, setMethod] = useState<SignatureMethod>('drawn');
  const [errors, setErrors] = useState<ReturnType<typeof verificationErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signatures = useSignatureStatus(wasiatId);
  /** The saved signature is of an earlier version of the will: it counts as none (signing again is mandatory). */
  const stale = signatures.status?.testator.state === 'earlier_version';
  const hasSaved = !!(will?.signature?.id ?? will?.signature_id) && !stale;
  const maySign = can(roleOf(session.user()), 'will:sign:testator');
  const conventional = will?.wasiat_type === 2;
  /** One preparing the will for its testator (not the testator): may send the testator a link (ADR 0298). */
  const forTestator = !!will && will.user_id !== session.user()?.id;
  const testatorLink = useTestatorLink(wasiatId, forTestator);
  const signedByLink = testatorLink.data?.state === 'signed' && !stale;

  async function save() {
    setFormError(null);
    // signed and declared by the testator through the link: nothing to save here
    if (signedByLink) return goNext('f');
    // one who may not sign leaves the signature to the testator
    const e = verificationErrors({ pdpa, confirmation, signature, hasSaved: hasSaved || !maySign });
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      if (signature)
        await api.post(`wasiat/${wasiatId}/signature`, {
          is_base64: true,
          document: signature,
          signature_method: method,
        });
      await api.patch(`wasiat/${wasiatId}`, { acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
      await goNext('f');
    } catch (err) {
      if (err instanceof ApiError) {
        const { errors: placed, placed: atFields } = partFErrors(err.errors);
        setErrors(placed);
        if (!atFields) setFormError(err.firstMessage);
      } else setFormError(String(err));
    } finally {
      setBusy(false);
    }
  }
  const tr = (k?: string) => (k ? t(k) : undefined);

  return (
    <Stack>
      <Title order={2}>{t('wills.parts.f')}</Title>
      <Declarations
        pdpa={pdpa}
        onPdpa={setPdpa}
        confirmation={confirmation}
        onConfirmation={setConfirmation}
        errors={errors}
        conventional={conventional}
        disabled={!editable}
      />
      <Paper withBorder p="md">
        <Stack>
          <Title order={3}>{t('wills.f_part.signature_title')}</Title>
          {/* What this signature does and does not do in law, and how to execute by hand (ADR 0266). */}
          <SignatureLawNotice />
          {stale && (
            <Notice color="orange" data-testid="signature-must-resign">
              {t('wills.f_part.signature_stale')}
            </Notice>
          )}
          {hasSaved && (
            <Notice color="green" data-testid="signature-saved">
              {t(will?.status === 3 ? 'wills.f_part.signature_saved_returned' : 'wills.f_part.signature_saved')}
            </Notice>
          )}
          {maySign ? (
            <SignaturePad
              label={t('wills.f_part.signature_label')}
              required={!hasSaved}
              error={tr(errors.signature)}
              typedName={will?.user_detail?.name ?? undefined}
              onChange={(url, m) => {
                setSignature(url);
                setMethod(m);
              }}
              disabled={!editable}
            />
          ) : (
            <Text size="sm" data-testid="signature-testator-only">
              {t('wills.f_part.signature_testator_only')}
            </Text>
          )}
        </Stack>
      </Paper>
      {forTestator && wasiatId && (
        <TestatorLinkPanel
          wasiatId={wasiatId}
          editable={editable}
          link={testatorLink.data}
          refetch={testatorLink.refetch}
        />
      )}
      <FormError message={formError} />
      <Group>
        <Button onClick={save} loading={busy} disabled={!editable}>
          {t('common.next')}
        </Button>
      </Group>
    </Stack>
  );
}
