/**
 * /wasiat/MohonPindaan — apply for an amendment (reference §3.5 "Apply"): the client's registered wills
 * (GET /api/wasiat?status=2), each with its latest amendment and timeline; "apply" creates one
 * (POST /api/amendment), "pay" goes to the payment gateway (POST /api/payment { paymentable_type:
 * "Amendment" }, returning to /wasiat/{wasiat_id}/pindaanPayVerified), "continue" opens the wizard.
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Busy, Notice } from '@/features/wills/index.ts';
import { api } from '@/lib/api.ts';
import { useRefreshAmendments, useWillAmendments } from '../api.ts';
import { AmendmentStatusBadge, AmendmentTimeline } from '../components/AmendmentStatus.tsx';
import type { Amendment, Page } from '../types.ts';

interface WillBrief {
  id: string;
  wasiat_no: string | null;
  status: number;
  current_version?: number;
}

/** Pay an amendment through the gateway; the browser leaves for the payment page. */
export async function payAmendment(a: Amendment) {
  const r = await api.post<{ payment_link?: string; payment: { status: string } }>('payment', {
    paymentable_type: 'Amendment',
    paymentable_id: a.id,
    payment_options_id: 1,
    redirect_url: `/wasiat/${a.amendmentable_id}/pindaanPayVerified`,
  });
  if (r.payment.status === 'pending' && r.payment_link) window.location.assign(r.payment_link);
  return r;
}

function WillAmendmentCard({ will }: { will: WillBrief }) {
  const { t } = useTranslation();
  const list = useWillAmendments(will.id);
  const refresh = useRefreshAmendments();
  const current = list.data?.[0];
  const open = current && [0, 1, 3, 4].includes(current.status);
  const apply = async () => {
    await api.post('amendment', { amendmentable_type: 'Wasiat', amendmentable_id: will.id, notes: null, status: 0 });
    await refresh();
  };
  return (
    <Paper withBorder p="md" data-testid="will-amendment-card">
      <Stack>
        <Title order={2}>
          {t('amendments.f.wasiat_no')}: {will.wasiat_no}
        </Title>
        <Text>
          {t('amendments.f.current_version')}: {will.current_version ?? 1}
        </Text>
        {list.isLoading ? (
          <Busy />
        ) : current ? (
          <Stack gap="xs">
            <Text>
              {t('amendments.f.reference_no')}: {current.reference_no} <AmendmentStatusBadge status={current.status} />
            </Text>
            <AmendmentTimeline status={current.status} />
          </Stack>
        ) : (
          <Text c="dimmed">{t('amendments.apply.none')}</Text>
        )}
        <Group>
          {!open && (
            <Button onClick={apply} data-testid="apply-amendment">
              {t('amendments.apply.button')}
            </Button>
          )}
          {open && current.status === 0 && !current.paid && (
            <Button onClick={() => payAmendment(current)} data-testid="pay-amendment">
              {t('amendments.apply.pay', { amount: formatRinggit(current.price_sen ?? 0) })}
            </Button>
          )}
          {open && (current.paid === 1 || current.status !== 0) && (
            <Anchor component={Link} to={`/wasiat/${will.id}/pindaan-a`}>
              {t('amendments.apply.continue')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function ApplyPage() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['amendments', 'wills'],
    queryFn: async () =>
      (await api.get<{ wasiats: Page<WillBrief> }>('wasiat', { status: '2', limit: 50 })).wasiats.data,
  });
  return (
    <Stack>
      <Title order={1}>{t('amendments.apply.title')}</Title>
      <Text>{t('amendments.apply.intro')}</Text>
      {q.isLoading ? (
        <Busy />
      ) : (q.data ?? []).length === 0 ? (
        <Notice color="yellow">{t('amendments.apply.no_will')}</Notice>
      ) : (
        (q.data ?? []).map((w) => <WillAmendmentCard key={w.id} will={w} />)
      )}
    </Stack>
  );
}
