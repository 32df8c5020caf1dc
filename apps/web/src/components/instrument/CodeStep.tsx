/**
 * The one-time code step of every instrument (issue 3; spec §5 "OTP must be requested and verified first; a
 * wrong OTP is rejected"; issue 34 "One instrument"): the will's submission (part G, `will-submit`), the
 * hibah's submission and draft acceptance (`hibah-submit`, `hibah-finalise`), a will amendment's submission
 * (`amendment-submit`) and a hibah amendment's (`hibah-amendment-submit`) — every place a code is asked of the
 * signed-in person — and, through `link`, the witness's confirmation of an amendment (a public signed link).
 *
 * Signed in (`purpose` and `record`):
 * - the person chooses e-mail or SMS (issue 17 item 15); "Minta kod OTP" → `POST /api/otp/request { purpose,
 *   …record, channel }` → `{ otp: { channel, destination (masked) } }`; the texts name the channel chosen
 *   ("… dihantar ke e-mel anda" / "… ke telefon anda melalui SMS"; ADR 0234); when an agent, partner or staff
 *   submits a will for a client the code goes to the testator (`to_testator`; issue 38 item 5, ADR 0278) and the
 *   text says so: the testator gives it to them only if they agree;
 * - the 6-digit code → `POST /api/otp/verify { code, purpose, …record }`; a wrong code shows the server's
 *   message under the field;
 * - a code verified earlier and not yet spent holds for its lifetime (15 minutes; issue 17 item 13): on
 *   opening (or reloading) the page `GET /api/otp/verified?purpose&…record` → `{ otp: { verified,
 *   valid_until } }`, and the step shows it verified with the time it holds until.
 * `onVerified` tells the parent, whose action then lets the server spend the code.
 */
import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';

/** A channel a code may be sent by. */
export type CodeChannel = 'email' | 'sms';

/** What the answer of a code request tells: where it went (masked) and, from the API, by which channel. */
export interface CodeSent {
  otp: { destination: string; channel?: string; to_testator?: boolean };
}

/** A public flow's own endpoints (the witness's signed link): e-mail only, no remembered code. */
export interface CodeLink {
  request: () => Promise<CodeSent>;
  verify: (code: string) => Promise<unknown>;
}

/**
 * Props: `purpose` (an OTP purpose of the API) and `record` (`{ wasiat_id }` or `{ hibah_id }`) for the signed-in
 * person, or `link` for a public flow; `action` picks the sentence above the step (what the code unlocks);
 * `verified` may be held by the parent (the step also remembers its own); `disabled` while the record is locked.
 */
export function CodeStep({
  purpose,
  record,
  link,
  action,
  verified: verifiedByParent,
  onVerified,
  disabled,
}: {
  purpose?: string;
  record?: Record<string, string>;
  link?: CodeLink;
  action?: 'submit' | 'accept' | 'confirm';
  verified?: boolean;
  onVerified: () => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [sent, setSent] = useState<{ to: string; channel: CodeChannel; testator: boolean } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [own, setOwn] = useState<{ until: string | null } | null>(null);
  // Held by the parent when it passes `verified` (it may take it back when the server refuses the code).
  const verified = verifiedByParent ?? own !== null;
  const fields = { purpose, ...record };
  const fieldsKey = JSON.stringify(fields);
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  // A code verified before (a reload, another tab) still holds until it is spent or out of time.
  useEffect(() => {
    if (link || verifiedByParent) return;
    setOwn(null);
    let live = true;
    api
      .get<{ otp: { verified: boolean; valid_until?: string | null } }>('otp/verified', JSON.parse(fieldsKey), {
        silent: true,
      })
      .then((r) => {
        if (!live || !r.otp.verified) return;
        setOwn({ until: r.otp.valid_until ?? null });
        onVerifiedRef.current();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [link, fieldsKey, verifiedByParent]);

  const fail = (e: unknown) => (e instanceof ApiError ? e.firstMessage : String(e));

  async function request() {
    setError(null);
    setCodeError(null);
    setBusy(true);
    try {
      const r = link
        ? await link.request()
        : await api.post<CodeSent>('otp/request', { ...fields, channel }, { silent: true });
      const by = link ? 'email' : r.otp.channel === 'sms' || r.otp.channel === 'email' ? r.otp.channel : channel;
      setSent({ to: r.otp.destination, channel: by, testator: !!r.otp.to_testator });
      setCode('');
    } catch (e) {
      setError(fail(e));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setCodeError(null);
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t('instrument.code.format'));
    setBusy(true);
    try {
      if (link) await link.verify(code.trim());
      else await api.post('otp/verify', { ...fields, code: code.trim() }, { silent: true });
      setOwn({ until: null });
      onVerified();
    } catch (e) {
      setCodeError(fail(e));
    } finally {
      setBusy(false);
    }
  }

  // The sentence names the channel of the code sent, else the one chosen (a witness: e-mail).
  const shown: CodeChannel = sent?.channel ?? (link ? 'email' : channel);
  const intro = action ? t(`instrument.code.intro_${action}_${action === 'confirm' ? 'email' : shown}`) : null;
  return (
    <Stack gap="xs" data-testid="otp-step">
      <Title order={3} size="h4">
        {t('instrument.code.title')}
      </Title>
      {intro && !verified && (
        <Text size="sm" data-testid="otp-intro">
          {intro}
        </Text>
      )}
      {verified ? (
        <Notice color="green" role="status" data-testid="otp-verified">
          {own?.until
            ? t('instrument.code.verified_until', { until: formatDateTime(own.until, i18n.language) })
            : t('instrument.code.verified')}
        </Notice>
      ) : (
        <>
          <Group>
            {!link && (
              <SegmentedControl
                aria-label={t('instrument.code.channel')}
                value={channel}
                onChange={(v) => setChannel(v === 'sms' ? 'sms' : 'email')}
                disabled={disabled}
                data={[
                  { value: 'email', label: t('instrument.code.by_email') },
                  { value: 'sms', label: t('instrument.code.by_sms') },
                ]}
                data-testid="otp-channel"
              />
            )}
            <Button variant="light" onClick={request} loading={busy && !sent} disabled={disabled}>
              {sent ? t('instrument.code.resend') : t('instrument.code.request')}
            </Button>
          </Group>
          {sent && (
            <>
              <Text size="sm" role="status" data-testid="otp-sent">
                {t(`instrument.code.${sent.testator ? 'testator_' : ''}sent_${sent.channel}`, { to: sent.to })}
              </Text>
              <Group align="flex-start">
                <TextInput
                  label={t('instrument.code.code')}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  error={codeError}
                />
                <Button mt={25} onClick={verify} loading={busy}>
                  {t('instrument.code.verify')}
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
