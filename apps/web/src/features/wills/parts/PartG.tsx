/**
 * Part G — Witnesses and submit (docs/api/wills.md witness calls and `{ status: 1 }`; spec §5 "Witness
 * name, MyKad, email, address, postcode and signature are all required"; reference §3.1 Part H): at least
 * two witnesses, each signing on the pad (POST /api/witness with the PNG data URL; DELETE to remove), then
 * a one-time code (issue 3; spec §5): "Minta kod OTP" → POST /api/otp/request `{ purpose: 'will-submit',
 * wasiat_id }` (mailed), the 6-digit code → POST /api/otp/verify, then "Hantar / Submit" →
 * PATCH /api/wasiat/{id} `{ status: 1 }` (the server spends the verified code); the result "Menunggu
 * pengesahan penyedia" (spec §4 status 1). A will in status 3 is resubmitted the same way.
 */
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { witnessFieldsSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, api } from '@/app/api.ts';
import { FormError } from '@/components/FormError.tsx';
import { SignaturePad } from '@/components/SignaturePad.tsx';
import { useErr } from '../components/fields.tsx';
import { Notice } from '../components/Notice.tsx';
import { defaultsFor, witnessSpecs } from '../components/personFields.ts';
import { RecordForm } from '../components/RecordForm.tsx';
import { RecordsTable } from '../components/RecordsTable.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { useRows } from '../hooks/useRows.ts';
import type { Witness } from '../types.ts';

/** Witnesses needed before the will can be submitted (spec §5; docs/api/wills.md). */
export const MIN_WITNESSES = 2;

/** Part G page; see the file comment. */
export function PartG() {
  const { t } = useTranslation();
  const err = useErr();
  const { will, wasiatId, editable, refresh } = useWizard();
  const witnesses = useRows<Witness>(wasiatId, 'witness', 'witnesses');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const specs = witnessSpecs(t);
  const enough = witnesses.rows.length >= MIN_WITNESSES;
  /** OTP state: not asked, code sent (to `sentTo`), verified. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [otpVerified, setOtpVerified] = useState(false);
  const [otpBusy, setOtpBusy] = useState(false);

  async function requestOtp() {
    setError(null);
    setCodeError(null);
    if (!enough) return setError(t('wills.g.need_two'));
    setOtpBusy(true);
    try {
      const r = await api.post<{ otp: { destination: string } }>(
        'otp/request',
        { purpose: 'will-submit', wasiat_id: wasiatId },
        { silent: true },
      );
      setSentTo(r.otp.destination);
      setCode('');
      setOtpVerified(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setOtpBusy(false);
    }
  }

  async function verifyOtp() {
    setCodeError(null);
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t('wills.g.otp_format'));
    setOtpBusy(true);
    try {
      await api.post(
        'otp/verify',
        { code: code.trim(), purpose: 'will-submit', wasiat_id: wasiatId },
        { silent: true },
      );
      setOtpVerified(true);
    } catch (e) {
      setCodeError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setOtpBusy(false);
    }
  }

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
            render: (w) => (w.signature?.id || w.signature_id ? t('common.yes') : t('common.no')),
          },
        ]}
        onDelete={editable ? (w) => witnesses.remove(w.id, w.name) : undefined}
      />
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
          <Stack gap="xs" data-testid="otp-step">
            <Title order={3} size="h4">
              {t('wills.g.otp_title')}
            </Title>
            <Text size="sm">{t('wills.g.otp_intro')}</Text>
            <Group>
              <Button variant="light" onClick={requestOtp} loading={otpBusy && !sentTo} disabled={!editable}>
                {sentTo ? t('wills.g.otp_resend') : t('wills.g.otp_request')}
              </Button>
            </Group>
            {sentTo && !otpVerified && (
              <>
                <Text size="sm" role="status" data-testid="otp-sent">
                  {t('wills.g.otp_sent', { to: sentTo })}
                </Text>
                <Group align="flex-start">
                  <TextInput
                    label={t('wills.g.otp_code')}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value)}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    error={codeError}
                  />
                  <Button mt={25} onClick={verifyOtp} loading={otpBusy}>
                    {t('wills.g.otp_verify')}
                  </Button>
                </Group>
              </>
            )}
            {otpVerified && (
              <Notice color="green" role="status" data-testid="otp-verified">
                {t('wills.g.otp_verified')}
              </Notice>
            )}
          </Stack>
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
