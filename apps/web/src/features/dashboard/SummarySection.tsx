/**
 * Dashboard figures (spec §2 "Dashboard content"; issue 8): counts of the wills the caller may see by
 * status, and their sales (paid wills, collected ringgit), then the hibahs and trusts (total, in process,
 * registered, collected; ADR 0063), all time and this Kuala Lumpur month, from `GET /api/dashboard/summary`
 * (scoped by the server like the wills and hibah lists). The same card is
 * - the Agent's "My sales" (their clients' wills),
 * - a Partner's "Organisation pipeline" (their organisation's wills),
 * - the provider's staff "Pipeline, all organisations" (every will),
 * with a link to the reports for roles that may read them (`report:read`).
 */
import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, formatRinggit, type Role } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/lib/api.ts';

/** Counts of `GET /api/dashboard/summary` (amount in sen). */
export interface SummaryCounts {
  total: number;
  new: number;
  in_process: number;
  approved: number;
  cancelled: number;
  paid: number;
  amount_sen: number;
  /**
   * The ledger's collections (sen): every paid payment of every payable kind — wills, amendments, hibahs,
   * qurban — in the caller's organisations (ADR 0248); null for an Agent (the will figure is shown).
   */
  collected_sen?: number | null;
}
/** Hibah and trust counts of `GET /api/dashboard/summary` (statuses -1 … 5; amount in sen; ADR 0063). */
export interface HibahSummaryCounts {
  total: number;
  placeholder: number;
  new: number;
  grantor_review: number;
  awaiting_verification: number;
  draft: number;
  awaiting_witnesses: number;
  registered: number;
  paid: number;
  amount_sen: number;
}
/** Reply of `GET /api/dashboard/summary`. */
export interface DashboardSummary {
  summary: {
    totals: SummaryCounts;
    this_month: SummaryCounts & { period: { label: string } };
    hibah?: { totals: HibahSummaryCounts; this_month: HibahSummaryCounts };
  };
}

/** Hibahs in process: from new to awaiting the witnesses (statuses 0–4; spec §2 "hibah in process"). */
export const hibahInProcess = (c: HibahSummaryCounts) =>
  c.new + c.grantor_review + c.awaiting_verification + c.draft + c.awaiting_witnesses;

/** Which heading the card carries for a role. */
export function summaryTitleKey(role: Role | undefined): string {
  if (role === 'Agent') return 'dashboard.summary.title_agent';
  if (role === 'Partner') return 'dashboard.summary.title_partner';
  return 'dashboard.summary.title_all';
}

const STATS = ['total', 'new', 'in_process', 'approved', 'cancelled', 'paid'] as const;

/** The pipeline / sales card of a non-client role. */
export function SummarySection({ role }: { role: Role | undefined }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['dashboard-summary'],
    queryFn: () => api.get<DashboardSummary>('dashboard/summary'),
  });
  const s = q.data?.summary;
  const value = (c: SummaryCounts | undefined, k: (typeof STATS)[number]) =>
    q.isLoading ? '…' : c && typeof c[k] === 'number' ? c[k] : '—';
  const money = (c: SummaryCounts | undefined) =>
    q.isLoading
      ? '…'
      : typeof c?.collected_sen === 'number'
        ? formatRinggit(c.collected_sen)
        : c && typeof c.amount_sen === 'number'
          ? formatRinggit(c.amount_sen)
          : '—';
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="summary-heading" data-testid="summary">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="summary-heading">
            {t(summaryTitleKey(role))}
          </Title>
          {can(role, 'report:read') ? (
            <Anchor component={Link} to="/dashboard/report">
              {t('dashboard.summary.reports')}
            </Anchor>
          ) : null}
        </Group>
        {(['totals', 'this_month'] as const).map((part) => (
          <Stack key={part} gap={6}>
            <Text fw={600} size="sm">
              {t(`dashboard.summary.${part}`)}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
              {STATS.map((k) => (
                <Paper key={k} withBorder p="sm" radius="sm" data-testid={`summary-${part}-${k}`}>
                  <Text size="xs" c="dimmed">
                    {t(`dashboard.summary.${k}`)}
                  </Text>
                  <Text fz={22} fw={700}>
                    {value(s?.[part], k)}
                  </Text>
                </Paper>
              ))}
              <Paper withBorder p="sm" radius="sm" data-testid={`summary-${part}-amount`}>
                <Text size="xs" c="dimmed">
                  {t('dashboard.summary.amount')}
                </Text>
                <Text fz={18} fw={700}>
                  {money(s?.[part])}
                </Text>
              </Paper>
            </SimpleGrid>
            <HibahFigures counts={s?.hibah?.[part]} loading={q.isLoading} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** The hibah and trust figures of one part (all time or this month): total, in process, registered, collected. */
function HibahFigures({ counts, loading }: { counts: HibahSummaryCounts | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const cells: [string, string | number][] = [
    ['total', counts ? counts.total : '—'],
    ['in_process', counts ? hibahInProcess(counts) : '—'],
    ['registered', counts ? counts.registered : '—'],
    ['amount', counts ? formatRinggit(counts.amount_sen) : '—'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label={t('dashboard.summary.hibah.title')}>
      {cells.map(([k, v]) => (
        <Paper key={k} withBorder p="sm" radius="sm" data-testid={`summary-hibah-${k}`}>
          <Text size="xs" c="dimmed">
            {t(`dashboard.summary.hibah.${k}`)}
          </Text>
          <Text fz={k === 'amount' ? 18 : 22} fw={700}>
            {loading ? '…' : v}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
