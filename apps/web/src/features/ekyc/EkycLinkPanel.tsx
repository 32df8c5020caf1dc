/**
 * For an agent (or staff) helping a client: a signed link the client opens to do the eKYC without
 * logging in (`POST /api/route/sign { route_name: "ekyc", wasiat_id }` → `{ url }`, 72 hours; ADR 0091).
 * The full address is shown with a copy button, to send by WhatsApp or e-mail. An empty `url` (already
 * verified, or not the caller's will) shows a message instead.
 */
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/app/api.ts';

/** The link panel for will `wasiatId`. */
export function EkycLinkPanel({ wasiatId }: { wasiatId: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function make() {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ url: string }>(
        'route/sign',
        { route_name: 'ekyc', wasiat_id: wasiatId },
        { silent: true },
      );
      if (r.url) setUrl(`${window.location.origin}${r.url}`);
      else setError(t('ekyc.link.none'));
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="ekyc-link-panel">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('ekyc.link.title')}
        </Title>
        <Text size="sm">{t('ekyc.link.intro')}</Text>
        {url ? (
          <Group align="end">
            <TextInput label={t('ekyc.link.label')} value={url} readOnly style={{ flex: 1 }} data-testid="ekyc-link" />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('ekyc.link.copied') : t('ekyc.link.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Group>
            <Button variant="light" onClick={make} loading={busy}>
              {t('ekyc.link.make')}
            </Button>
          </Group>
        )}
        {error && (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
