/**
 * The executor organisation's answer to an executorship (issue 41 item 3; ADR 0276): "Accept" or "Decline" with an
 * optional reason (≤ 500 characters) → `POST /api/wasiat/{willId}/acceptances/{acceptanceId}/decide { decision,
 * reason? }` (`acceptance:decide:executor`). Used on the will's page (AcceptancesPanel) and on the organisation's
 * page of executorships (ExecutorshipsPage), which a partner reaches without seeing the will. `onDone` runs after a
 * recorded answer (the server's message is shown as a toast); a refusal is shown above the buttons.
 */
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';

/** See the file comment. */
export function ExecutorDecision({
  willId,
  acceptanceId,
  onDone,
}: {
  willId: string;
  acceptanceId: string;
  onDone: () => Promise<unknown> | undefined;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function decide(decision: 'accept' | 'decline') {
    setError(null);
    try {
      const out = await api.post<{ message: string }>(
        `wasiat/${willId}/acceptances/${acceptanceId}/decide`,
        decision === 'accept' ? { decision } : { decision, reason: reason || undefined },
        { silent: true },
      );
      successToast(out.message);
      await onDone();
    } catch (err) {
      setError(err instanceof ApiError ? err.firstMessage : String(err));
    }
  }
  return (
    <Stack gap={4} mt={4}>
      <FormError message={error} />
      <Group gap="xs">
        <Button size="xs" onClick={() => void decide('accept')}>
          {t('acceptances.panel.accept')}
        </Button>
        <Button size="xs" variant="outline" color="red" onClick={() => void decide('decline')}>
          {t('acceptances.panel.decline')}
        </Button>
      </Group>
      <Textarea
        size="xs"
        label={t('acceptances.panel.decline_reason')}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </Stack>
  );
}
