/**
 * /trust-onecent/redeem (reference §3.3): enter a redeem code → `POST /api/one-cent/hibah-coupon/{code}/redeem`
 * → the one-cent hibah, then its wizard (grantor particulars).
 */
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '@/app/api.ts';

/** The redeem form. */
export function RedeemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  return (
    <Stack>
      <Title order={1}>{t('hibah.redeem.title')}</Title>
      <Paper withBorder p="md" maw={480}>
        <Stack>
          <TextInput
            label={t('hibah.redeem.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
            data-testid="redeem-code"
          />
          <Group>
            <Button
              disabled={!code.trim()}
              data-testid="redeem-submit"
              onClick={async () => {
                const r = await api.post<{ hibah: { id: string } }>(
                  `one-cent/hibah-coupon/${encodeURIComponent(code.trim())}/redeem`,
                  {},
                );
                navigate(`/trust-onecent/part-d?id=${r.hibah.id}`);
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
