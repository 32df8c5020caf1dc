/**
 * /trust-onecent/redeem (reference §3.3): enter a redeem code → `POST /api/one-cent/hibah-coupon/{code}/redeem`
 * → the one-cent hibah, then its wizard (grantor particulars). A refused code (used, unknown) is said under
 * the field, once, and the code stays for correction (issue 17 item 16: a second redemption threw an uncaught
 * error in the page). The page says what the code is and where it comes from (issue 37 item 6.8): a code the
 * trust provider gives out (`hibah:coupon:manage` staff generate them, /trust-onecent/codes; ADR 0035) that opens
 * a one-cent trust with its token amount paid.
 */
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '@/lib/api.ts';

/** The redeem form. */
export function RedeemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Title order={1}>{t('hibah.redeem.title')}</Title>
      <Text maw={640} data-testid="redeem-intro">
        {t('hibah.redeem.intro')}
      </Text>
      <Paper withBorder p="md" maw={480}>
        <Stack>
          <TextInput
            label={t('hibah.redeem.code')}
            description={t('hibah.redeem.code_help')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            data-testid="redeem-code"
          />
          <Group>
            <Button
              disabled={!code.trim()}
              loading={busy}
              data-testid="redeem-submit"
              onClick={async () => {
                setBusy(true);
                try {
                  const r = await api.post<{ hibah: { id: string } }>(
                    `one-cent/hibah-coupon/${encodeURIComponent(code.trim())}/redeem`,
                    {},
                    { silent: true },
                  );
                  navigate(`/trust-onecent/part-d?id=${r.hibah.id}`);
                } catch (e) {
                  setError(e instanceof ApiError ? e.firstMessage : t('hibah.redeem.failed'));
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('hibah.redeem.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
