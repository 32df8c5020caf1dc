/**
 * The draft step of the hibah wizards (reference §3.2–§3.4; docs/api/hibah.md): the grantor reviews the approved
 * draft (status 3; HibahSummary) and, with a verified one-time code `hibah-finalise`, accepts it within 14 days
 * (`is_draft_accepted`) or rejects it (back to status 1). The server refuses accepting without a passed eKYC and
 * the code (ADR 0096).
 */
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { CodeStep } from '@/components/instrument/CodeStep.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { HibahSummary } from '../components/HibahSummary.tsx';
import { type Hibah, useRefreshHibah } from '../useHibah.ts';

/** Draft: the grantor accepts (or rejects) the approved draft within 14 days. */
export function PartDraft({ hibah }: { hibah: Hibah }) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshHibah();
  const [otpVerified, setOtpVerified] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (hibah.status !== 3 || hibah.is_draft_accepted)
    return <Alert>{t(hibah.status < 3 ? 'hibah.draft.not_yet' : 'hibah.draft.accepted')}</Alert>;
  const until = formatDateTime(hibah.draft_expires_at, i18n.language) || '-';
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text>{t('hibah.draft.until', { date: until })}</Text>
        <HibahSummary hibahId={hibah.id} />
        <CodeStep
          purpose="hibah-finalise"
          record={{ hibah_id: hibah.id }}
          action="accept"
          verified={otpVerified}
          onVerified={() => setOtpVerified(true)}
        />
        <FormError message={error} />
        <Group>
          <Button
            data-testid="hibah-accept-draft"
            disabled={!otpVerified}
            onClick={async () => {
              setError(null);
              try {
                await api.post(`hibah/${hibah.id}`, { status: 3, is_draft_accepted: 1 }, { silent: true });
                await refresh(hibah.id);
              } catch (e) {
                setError(e instanceof ApiError ? e.firstMessage : String(e));
                if (e instanceof ApiError && e.errors.otp) setOtpVerified(false);
              }
            }}
          >
            {t('hibah.draft.accept')}
          </Button>
          <Button
            variant="outline"
            color="red"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 1 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.draft.reject')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
