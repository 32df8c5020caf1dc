/**
 * Part G — Witnesses and submit (docs/api/wills.md witness calls and `{ status: 1 }`; spec §5 "Witness
 * name, MyKad, email, address, postcode and signature are all required"; reference §3.1 Part H): at least
 * two witnesses, each signing on the pad (POST /api/witness with the PNG data URL; DELETE to remove), then
 * a one-time code (issue 3; spec §5) through the instruments' CodeStep: "Minta kod OTP" → POST /api/otp/request
 * `{ purpose: 'will-submit', wasiat_id, channel }` (e-mail or SMS), the 6-digit code → POST /api/otp/verify (a
 * verified code holds across a reload), then "Hantar / Submit" →
 * PATCH /api/wasiat/{id} `{ status: 1 }` (the server spends the verified code); the result "Menunggu
 * pengesahan penyedia" (spec §4 status 1). A will in status 3 is resubmitted the same way.
 * Who may witness (issue 41 item 2, ADR 0259): the rule of the will's governing law and the product's refusals are
 * stated above the list (g/WitnessRule.tsx); a refused witness (under 18, an heir, a receiver, the spouse of one,
 * the executor) gets the server's 422 at its field of the form; each witness is identified by a code to their own
 * e-mail (g/WitnessIdentity.tsx) and the list shows how.
 * Before the submit: what the screen signatures do and do not do in law and how the registered will is executed by
 * hand (components/SignatureLaw.tsx; issue 41 item 1, ADR 0266).
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { witnessFieldsSchema, witnessIdentificationKey } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { CodeStep } from '@/components/instrument/CodeStep.tsx';
import { SignatureLawNotice } from '@/components/SignatureLaw.tsx';
import { SignaturePad } from '@/components/SignaturePad.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { useErr } from '../../../components/instrument/fields.tsx';
import { defaultsFor, witnessSpecs } from '../../../components/instrument/party-fields.ts';
import { RecordForm } from '../../../components/instrument/RecordForm.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { RecordsTable } from '../components/RecordsTable.tsx';
import { SignatureStatusNotice, useSignatureStatus } from '../components/SignatureStatus.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { useGoverningLaw } from '../hooks/useGoverningLaw.ts';
import { useRows } from '../hooks/useRows.ts';
import type { Witness } from '../types.ts';
import { WitnessIdentity } from './g/WitnessIdentity.tsx';
import { WitnessRule } from './g/WitnessRule.tsx';

/** Witnesses needed before the will can be submitted (spec §5; docs/api/wills.md). */
export const MIN_WITNESSES = 2;

/** Part G page; see the file comment. */
export function PartG() {
  const { t } = useTranslation();
  const err = useErr();
  const { will, wasiatId, editable, refresh } = useWizard();
  const witnesses = useRows<Witness>(wasiatId, 'witness', 'witnesses');
  const { law } = useGoverningLaw(wasiatId);
  const [adding, setAdding] = useState(false);
  /** A witness signing again after the will changed (issue 17 item 4). */
  const [resigning, setResigning] = useState<Witness | null>(null);
  const signatures = useSignatureStatus(wasiatId);
  const stateOf = (w: Witness) => signatures.status?.witnesses.find((x) => x.id === w.id)?.state;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const specs = witnessSpecs(t);
  const enough = witnesses.rows.length >= MIN_WITNESSES;
  /** Whether a one-time code for this will is verified (the CodeStep; it holds across a reload). */
  const [otpVerified, setOtpVerified] = useState(false);

  async function submit() {
    setError(null);
    if (!enough) return setError(t('wills.g.need_two'));
    if (!otpVerified) return setError(t('wills.g.otp_needed'));
    setBusy(true);
    try {
      await api.patch(`wasiat/${wasiatId}`, { status: 1 });
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
      // A failed submission keeps the code unspent unless the OTP itself was refused.
      if (e instanceof ApiError && e.errors.otp) setOtpVerified(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Title order={2}>{t('wills.parts.g')}</Title>
      <Text>{t('wills.g.intro', { n: MIN_WITNESSES })}</Text>
      <WitnessRule law={law} />
      <RecordsTable
        rows={witnesses.rows}
        caption={t('wills.g.list')}
        empty={t('wills.g.empty')}
        name={(w) => w.name}
        testId="witnesses"
        columns={[
          { label: t('wills.f.name'), render: (w) => w.name },
          { label: t('wills.f.ic_number'), render: (w) => w.ic_number },
          { label: t('wills.f.email'), render: (w) => w.email ?? '—' },
          {
            label: t('wills.g.signed'),
            render: (w) =>
              stateOf(w) === 'earlier_version'
                ? t('wills.resign.needed')
                : w.signature?.id || w.signature_id
                  ? t('common.yes')
                  : t('common.no'),
          },
          {
            label: t('witness_ui.identified'),
            render: (w) => t(witnessIdentificationKey(w.identified_by)),
          },
        ]}
        onEdit={editable ? setResigning : undefined}
        canEdit={(w) => stateOf(w) === 'earlier_version'}
        editLabel={t('wills.resign.sign_again')}
        onDelete={editable ? (w) => witnesses.remove(w.id, w.name) : undefined}
      />
      {wasiatId && <SignatureStatusNotice status={signatures.status} wasiatId={wasiatId} />}
      {editable && <WitnessIdentity witnesses={witnesses.rows} onChange={witnesses.refresh} />}
      {editable && resigning && (
        <RecordForm
          testId="witness-resign-form"
          title={t('wills.resign.form_title', { name: resigning.name })}
          schema={witnessFieldsSchema}
          fields={specs}
          defaults={{
            ...defaultsFor(specs, resigning as unknown as Record<string, unknown>),
            signature: '',
            signature_method: 'drawn',
          }}
          submitLabel={t('wills.resign.sign_again')}
          onCancel={() => setResigning(null)}
          onSave={async (v) => {
            const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
            await witnesses.update(resigning.id, body);
            setResigning(null);
            await signatures.refresh();
          }}
          extra={(form) => (
            // Signing again sends the method used this time (typed or drawn), as adding does (ADR 0123; issue 34).
            <SignaturePad
              label={t('wills.g.signature_label')}
              required
              error={err(form.formState.errors.signature?.message)}
              typedName={resigning.name}
              onChange={(d, m) => {
                form.setValue('signature', d ?? '', { shouldValidate: form.formState.isSubmitted });
                form.setValue('signature_method', m);
              }}
            />
          )}
        />
      )}
      {editable && adding && (
        <RecordForm
          testId="witness-form"
          title={t('wills.g.add_title')}
          schema={witnessFieldsSchema}
          fields={specs}
          defaults={{ ...defaultsFor(specs), signature: '', signature_method: 'drawn' }}
          submitLabel={t('common.save')}
          onCancel={() => setAdding(false)}
          onSave={async (v) => {
            const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
            await witnesses.create({ ...body, witnessable_type: 'Wasiat', witnessable_id: wasiatId });
            setAdding(false);
          }}
          extra={(form) => (
            <SignaturePad
              label={t('wills.g.signature_label')}
              required
              error={err(form.formState.errors.signature?.message)}
              typedName={form.watch('name') || undefined}
              onChange={(d, m) => {
                form.setValue('signature', d ?? '', { shouldValidate: form.formState.isSubmitted });
                form.setValue('signature_method', m);
              }}
            />
          )}
        />
      )}
      {editable && !adding && (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('wills.g.add')}
          </Button>
        </Group>
      )}
      {/* Before submitting: what the on-screen signatures are, and executing the will by hand (ADR 0266). */}
      <SignatureLawNotice />
      {will?.status === 1 ? (
        <Notice color="blue" title={t('wills.g.submitted_title')} data-testid="submit-result">
          <Text>{t('wills.status.1')}</Text>
          <Text size="sm">{t('wills.g.submitted_text')}</Text>
          <Button component={Link} to={`/wasiat/${wasiatId}/details`} variant="white" mt="xs">
            {t('wills.g.view_details')}
          </Button>
        </Notice>
      ) : (
        <>
          {!enough && editable ? <Text size="sm">{t('wills.g.need_two')}</Text> : null}
          <CodeStep
            purpose="will-submit"
            record={wasiatId ? { wasiat_id: wasiatId } : {}}
            action="submit"
            verified={otpVerified}
            onVerified={() => setOtpVerified(true)}
            disabled={!editable || !enough}
          />
          <FormError message={error} />
          <Group>
            <Button onClick={submit} loading={busy} disabled={!editable || !otpVerified} data-testid="submit-will">
              {will?.status === 3 ? t('wills.g.resubmit') : t('wills.g.submit')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
