/**
 * Part G: identify each witness by a code to their own e-mail (issue 41 item 2; ADR 0259). For a witness not yet
 * identified: "Hantar kod kepada …" → `POST /api/witness/{id}/identification/code` (the witness receives a
 * 6-digit code), then the code they give → `POST /api/witness/{id}/identification { code }` (a wrong or expired
 * code shows the server's message at the field). How each witness was identified is shown from the row
 * (`identified_by`, server messages `witness.identified.*`); staff record an identification in front of them
 * on their side.
 */
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { witnessIdentificationKey } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/lib/api.ts';
import type { Witness } from '../../types.ts';

/** One witness's row: their identification, or the code steps. */
function WitnessCode({ w, onDone }: { w: Witness; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await f();
    } catch (e) {
      if (e instanceof ApiError) {
        e.shownInline = true;
        setError(e.firstMessage);
      } else setError(String(e));
    } finally {
      setBusy(false);
    }
  };
  if (w.identified_by) {
    return (
      <Text size="sm" data-testid={`witness-identified-${w.id}`}>
        {w.name}: {t(witnessIdentificationKey(w.identified_by))}
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid={`witness-identify-${w.id}`}>
      <Text size="sm">
        {w.name}: {t(witnessIdentificationKey(null))}
      </Text>
      <Group align="flex-end">
        <Button
          size="xs"
          variant="light"
          loading={busy && !sent}
          onClick={() =>
            run(async () => {
              const r = await api.post<{ message: string }>(`witness/${w.id}/identification/code`);
              setSent(r.message);
            })
          }
        >
          {t('witness_ui.send_code', { name: w.name })}
        </Button>
        {sent && (
          <>
            <TextInput
              label={t('witness_ui.code_label', { name: w.name })}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={error}
            />
            <Button
              size="xs"
              loading={busy}
              onClick={() =>
                run(async () => {
                  await api.post(`witness/${w.id}/identification`, { code: code.trim() });
                  await onDone();
                })
              }
            >
              {t('witness_ui.verify', { name: w.name })}
            </Button>
          </>
        )}
      </Group>
      {sent && !error && (
        <Text size="xs" c="dimmed">
          {sent}
        </Text>
      )}
      {!sent && error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The identification panel of part G for the will's witnesses (editable wills only). */
export function WitnessIdentity({ witnesses, onChange }: { witnesses: Witness[]; onChange: () => Promise<unknown> }) {
  const { t } = useTranslation();
  if (witnesses.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="witness-identity">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('witness_ui.identify_title')}
        </Title>
        <Text size="sm">{t('witness_ui.identify_intro')}</Text>
        {witnesses.map((w) => (
          <WitnessCode key={w.id} w={w} onDone={onChange} />
        ))}
      </Stack>
    </Paper>
  );
}
