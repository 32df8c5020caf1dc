/**
 * The one-time code step (spec §5 "OTP must be requested and verified first; a wrong OTP is rejected"):
 * "request" sends a code (by e-mail), the 6-digit code is verified; `onVerified` tells the parent.
 * Used by part h (the testator's submission) and the witness page (their confirmation).
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/features/wills/index.ts';
import { ApiError } from '@/lib/api.ts';

export function OtpBox({
  request,
  verify,
  onVerified,
  disabled,
}: {
  request: () => Promise<{ otp: { destination: string } }>;
  verify: (code: string) => Promise<unknown>;
  onVerified: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await f();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  };
  if (verified) {
    return (
      <Notice color="green" role="status" data-testid="otp-verified">
        {t('amendments.otp.verified')}
      </Notice>
    );
  }
  return (
    <Stack gap="xs" data-testid="otp-step">
      <Text fw={600}>{t('amendments.otp.title')}</Text>
      <Group>
        <Button
          variant="light"
          disabled={disabled}
          loading={busy && !sentTo}
          onClick={() => run(async () => setSentTo((await request()).otp.destination))}
        >
          {sentTo ? t('amendments.otp.resend') : t('amendments.otp.request')}
        </Button>
      </Group>
      {sentTo && (
        <Group align="start">
          <Text size="sm" role="status" w="100%">
            {t('amendments.otp.sent', { to: sentTo })}
          </Text>
          <TextInput
            label={t('amendments.otp.code')}
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
          />
          <Button
            mt={25}
            loading={busy}
            onClick={() =>
              run(async () => {
                if (!/^\d{6}$/.test(code.trim())) throw new Error(t('amendments.otp.format'));
                await verify(code.trim());
                setVerified(true);
                onVerified();
              })
            }
          >
            {t('amendments.otp.verify')}
          </Button>
        </Group>
      )}
      {!sentTo && error && <Text c="red.8">{error}</Text>}
    </Stack>
  );
}
