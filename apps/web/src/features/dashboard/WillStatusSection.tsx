/**
 * Dashboard "Will status" of a Client (spec §2 Dashboard content; §4 Basic will status): the status of
 * the client's latest will — none (not applied) or 0–3 with its meaning — the will number once
 * registered, the rejection reason when status 3, and the next step (start, continue, update, view).
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { willStatusKey } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format.ts';
import { WillStatusBadge } from './StatusBadge.tsx';
import type { WillSummary } from './types.ts';

/** The wizard at the part in progress of a will (the wizard resolves `resume=1`; issue 17 item 13). */
const resumeUrl = (id: string) => `/wasiat/part-a?wasiat_id=${encodeURIComponent(id)}&resume=1`;

/** The client's latest will, or `null` for "not applied". `loading`/`failed` while the list loads or failed. */
export function WillStatusSection({
  will,
  loading,
  failed,
}: {
  will: WillSummary | null;
  loading?: boolean;
  failed?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const status = will?.status ?? null;
  const code = willStatusKey(status).split('.')[1];
  const action =
    status === null || !will
      ? { to: '/wasiat/part-a', label: t('dashboard.actions.start') }
      : status === 0
        ? { to: resumeUrl(will.id), label: t('dashboard.actions.continue') }
        : status === 3
          ? { to: resumeUrl(will.id), label: t('dashboard.actions.update') }
          : { to: `/wasiat/${will.id}/details`, label: t('dashboard.actions.view') };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="will-status-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="will-status-heading">
          {t('dashboard.sections.will_status')}
        </Title>
        {loading ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : failed ? (
          <Text c="dimmed">{t('dashboard.load_failed')}</Text>
        ) : (
          <>
            <Group gap="sm">
              <WillStatusBadge status={status} />
              {will?.wasiat_no ? (
                <Text size="sm">
                  {t('dashboard.will_no')}: <strong>{will.wasiat_no}</strong>
                </Text>
              ) : null}
            </Group>
            <Text data-testid="will-status-meaning">{t(`dashboard.will_status_help.${code}`)}</Text>
            {will?.created_at ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.applied_at')}: {formatDateTime(will.created_at, lang)}
              </Text>
            ) : null}
            {status === 3 ? (
              <Alert color="red" title={t('dashboard.rejected_reason')} data-testid="rejected-reason">
                {will?.rejected_reason || t('dashboard.rejected_reason_none')}
              </Alert>
            ) : null}
            <Group>
              <Button component={Link} to={action.to}>
                {action.label}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
