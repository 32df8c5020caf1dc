/**
 * A one-time code before a guarded step (issue 3; spec §5 "OTP must be requested and verified first; a wrong
 * OTP is rejected"): "Minta kod OTP" → `POST /api/otp/request { purpose, …record }` (by e-mail), the 6-digit
 * code → `POST /api/otp/verify { code, purpose, …record }`; `onVerified` tells the parent, whose action then
 * lets the server spend the code. Used by the will's part G (`will-submit` with `wasiat_id`) and the hibah
 * wizards (purposes `hibah-submit`, `hibah-finalise` with `hibah_id`; ADR 0096).
 *
 * The person chooses e-mail or SMS (issue 17 item 15). A code verified earlier and not yet spent holds for its
 * lifetime: on opening (or reloading) the page `GET /api/otp/verified` tells, and the step shows it verified
 * (issue 17 item 13).
 */
import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';

/** Props: the code's purpose and record (`{ hibah_id }` or `{ wasiat_id }`), and what it unlocks. */
export function OtpStep({
  purpose,
  record,
  intro,
  verified,
  onVerified,
  disabled,
}: {
  purpose: string;
  record: Record<string, string>;
  intro: string;
  verified: boolean;
  onVerified: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const recordKey = JSON.stringify(record);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  // A code verified before a reload still holds until it is spent or out of time.
  useEffect(() => {
    if (verified) return;
    let live = true;
    api
      .get<{ otp: { verified: boolean } }>('otp/verified', { purpose, ...JSON.parse(recordKey) }, { silent: true })
      .then((r) => {
        if (live && r.otp.verified) onVerifiedRef.current();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [purpose, recordKey, verified]);

  async function request() {
    setError(null);
    setCodeError(null);
    setBusy(true);
    try {
      const r = await api.post<{ otp: { destination: string } }>(
        'otp/request',
        { purpose, ...record, channel },
        { silent: true },
      );
      setSentTo(r.otp.destination);
      setCode('');
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setCodeError(null);
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t('wills.g.otp_format'));
    setBusy(true);
    try {
      await api.post('otp/verify', { code: code.trim(), purpose, ...record }, { silent: true });
      onVerified();
    } catch (e) {
      setCodeError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="otp-step">
      <Title order={3} size="h4">
        {t('wills.g.otp_title')}
      </Title>
      <Text size="sm">{intro}</Text>
      {verified ? (
        <Notice color="green" role="status" data-testid="otp-verified">
          {t('ekyc.otp.verified')}
        </Notice>
      ) : (
        <>
          <Group>
            <SegmentedControl
              aria-label={t('ekyc.otp.channel')}
              value={channel}
              onChange={(v) => setChannel(v === 'sms' ? 'sms' : 'email')}
              disabled={disabled}
              data={[
                { value: 'email', label: t('ekyc.otp.by_email') },
                { value: 'sms', label: t('ekyc.otp.by_sms') },
              ]}
              data-testid="otp-channel"
            />
            <Button variant="light" onClick={request} loading={busy && !sentTo} disabled={disabled}>
              {sentTo ? t('wills.g.otp_resend') : t('wills.g.otp_request')}
            </Button>
          </Group>
          {sentTo && (
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
                <Button mt={25} onClick={verify} loading={busy}>
                  {t('wills.g.otp_verify')}
                </Button>
              </Group>
            </>
          )}
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
