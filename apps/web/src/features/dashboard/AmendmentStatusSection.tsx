/**
 * Dashboard "amendment status" of a Client (spec §2 Dashboard content; statuses spec §4: 0 being drafted,
 * 1 awaiting confirmation, 2 succeeded, 3 draft must be reviewed, 4 awaiting witness confirmation,
 * 5 cancelled, any other value invalid/cancelled — domain `amendmentStatusKey`).
 *
 * Amendments belong to a registered will: the section takes the client's newest will in status 2 (from the
 * same `GET /api/wasiat?user_id=<me>&load_with=payment&limit=50` as the will status, so no second request)
 * and reads `GET /api/wasiat/{id}/amendment?limit=1`, newest first — the first entry is the current
 * amendment (reference §2.4). It shows the status label and what it means, the reference number, the
 * application date and, while the client must act (3, 4), the 14-day deadline (spec §4), with the next step.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { amendmentStatusKey } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { clientWills } from './queries.ts';
import type { WillSummary } from './types.ts';
import { useWills } from './useWills.ts';

/** The fields of an amendment the section shows (docs/api/amendments.md). */
export interface AmendmentBrief {
  id: string;
  reference_no: string | null;
  status: number;
  applied_at?: string | null;
  created_at?: string | null;
  expires_at?: string | null;
}

/** The client's newest registered will (status 2), or null. */
export function latestRegisteredWill(wills: readonly WillSummary[]): WillSummary | null {
  let best: WillSummary | null = null;
  for (const w of wills) {
    if (w.status !== 2) continue;
    const at = (x: WillSummary) => String(x.registered_at ?? x.created_at ?? '');
    if (!best || at(w) > at(best)) best = w;
  }
  return best;
}

/** The help text key of a status: 0–5, anything else "invalid". */
const helpKey = (s: number) => `dashboard.amendment.help.${s >= 0 && s <= 5 ? s : 'invalid'}`;

// Filled, dark shades keep white text at 4.5:1 (the colour only repeats the text).
const COLOURS: Record<number, string> = { 0: 'gray.7', 1: 'blue.9', 2: 'teal.9', 3: 'cyan.9', 4: 'violet.9' };

/** The amendment status card of a Client. */
export function AmendmentStatusSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const wills = useWills(clientWills(userId));
  const will = latestRegisteredWill(wills.data?.wasiats?.data ?? []);
  const list = useQuery({
    queryKey: ['dashboard', 'amendment', will?.id],
    enabled: !!will,
    queryFn: () => api.get<{ amendments?: { data?: AmendmentBrief[] } }>(`wasiat/${will?.id}/amendment`, { limit: 1 }),
  });
  const current = list.data?.amendments?.data?.[0] ?? null;
  const loading = wills.isLoading || (!!will && list.isLoading);
  const failed = wills.isError || list.isError;

  let body: React.ReactNode;
  if (loading) body = <Text c="dimmed">{t('common.loading')}</Text>;
  else if (failed) body = <Text c="dimmed">{t('dashboard.load_failed')}</Text>;
  else if (!will) body = <Text data-testid="amendment-none">{t('dashboard.amendment.no_registered')}</Text>;
  else if (!current)
    body = (
      <>
        <Text data-testid="amendment-none">{t('dashboard.amendment.none')}</Text>
        <Group>
          <Button component={Link} to="/wasiat/MohonPindaan">
            {t('dashboard.amendment.apply')}
          </Button>
        </Group>
      </>
    );
  else {
    const s = current.status;
    const action =
      s === 0
        ? { to: `/wasiat/${will.id}/pindaan-a`, label: t('dashboard.amendment.continue') }
        : s === 3
          ? { to: `/wasiat/${will.id}/pindaan-draf`, label: t('dashboard.amendment.review') }
          : s === 1 || s === 4
            ? { to: '/pindaan/list', label: t('dashboard.amendment.view') }
            : { to: '/wasiat/MohonPindaan', label: t('dashboard.amendment.apply') };
    const applied = current.applied_at ?? current.created_at;
    body = (
      <>
        <Group gap="sm">
          <Badge color={COLOURS[s] ?? 'red.9'} variant="filled" data-testid="amendment-status">
            {t(amendmentStatusKey(s))}
          </Badge>
          {current.reference_no ? (
            <Text size="sm">
              {t('dashboard.amendment.reference')}: <strong>{current.reference_no}</strong>
            </Text>
          ) : null}
          {will.wasiat_no ? (
            <Text size="sm">
              {t('dashboard.will_no')}: <strong>{will.wasiat_no}</strong>
            </Text>
          ) : null}
        </Group>
        <Text data-testid="amendment-meaning">{t(helpKey(s))}</Text>
        {applied ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.applied_at')}: {formatDateTime(applied, lang)}
          </Text>
        ) : null}
        {(s === 3 || s === 4) && current.expires_at ? (
          <Text size="sm" fw={600} data-testid="amendment-deadline">
            {t('dashboard.amendment.confirm_by')}: {formatDateTime(current.expires_at, lang)}
          </Text>
        ) : null}
        <Group>
          <Button component={Link} to={action.to} variant={s === 1 || s === 4 ? 'light' : 'filled'}>
            {action.label}
          </Button>
        </Group>
      </>
    );
  }

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="amendment-status-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="amendment-status-heading">
          {t('dashboard.amendment.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
