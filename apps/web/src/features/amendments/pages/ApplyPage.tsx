/**
 * /wasiat/MohonPindaan — apply for an amendment (reference §3.5 "Apply"): the client's registered wills
 * (GET /api/wasiat?status=2), each with its latest amendment and timeline; "apply" creates one
 * (POST /api/amendment) — a free one (nothing due) opens the wizard /wasiat/{wasiat_id}/pindaan-a at once —,
 * "pay" shows what is due (`due_sen`: the price, or a change of the will's type, ADR 0253) and goes to the
 * payment gateway (POST /api/payment { paymentable_type: "Amendment" }, returning to
 * /wasiat/{wasiat_id}/pindaanPayVerified, which leads into the wizard) or, when the server offers it, records an
 * offline payment ("Luar Talian", the payments feature's shared offline fields; ADR 0285) that waits for the
 * accountant's confirmation — and while it waits, shows it in place of "pay" (ADR 0291); "continue" opens the
 * wizard once paid.
 * A refused call shows its message on the card (never an uncaught page error).
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OfflinePayment } from '@/features/payments/index.ts';
import { Busy, Notice } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { payAmendment, useRefreshAmendments, useWillAmendments } from '../api.ts';
import { AmendmentStatusBadge, AmendmentTimeline } from '../components/AmendmentStatus.tsx';
import type { Amendment, Page } from '../types.ts';

interface WillBrief {
  id: string;
  wasiat_no: string | null;
  status: number;
  current_version?: number;
}

function WillAmendmentCard({ will }: { will: WillBrief }) {
  const { t } = useTranslation();
  const list = useWillAmendments(will.id);
  const refresh = useRefreshAmendments();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const current = list.data?.[0];
  const open = current && [0, 1, 3, 4].includes(current.status);
  const due = current?.due_sen ?? (current?.paid ? 0 : (current?.price_sen ?? 0));
  /** Run a call; a refusal shows on the card (the toast is left out, ADR 0124). */
  const guarded = async (run: () => Promise<void>) => {
    setError(null);
    try {
      await run();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      e.shownInline = true;
      setError(e.firstMessage);
    }
  };
  const apply = () =>
    guarded(async () => {
      const r = await api.post<{ amendment: Amendment }>('amendment', {
        amendmentable_type: 'Wasiat',
        amendmentable_id: will.id,
        notes: null,
        status: 0,
      });
      await refresh();
      // Nothing to pay (a free amendment is settled when applied): straight into the wizard.
      if (r.amendment.paid === 1) navigate(`/wasiat/${will.id}/pindaan-a`);
    });
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
          {open && (current.paid === 1 || !!current.payment_received_at || current.status !== 0) && (
            <Anchor component={Link} to={`/wasiat/${will.id}/pindaan-a`}>
              {t('amendments.apply.continue')}
            </Anchor>
          )}
        </Group>
        {open && current.status === 0 && due > 0 && (
          // "Pay" (the gateway) only while no offline declaration awaits confirmation (ADR 0291).
          <OfflinePayment paymentableType="Amendment" paymentableId={current.id} onRecorded={() => void refresh()}>
            <Group>
              <Button
                onClick={() => guarded(async () => void (await payAmendment(current)))}
                data-testid="pay-amendment"
              >
                {t('amendments.apply.pay', { amount: formatRinggit(due) })}
              </Button>
            </Group>
          </OfflinePayment>
        )}
        {error && (
          <Notice color="red" data-testid="amendment-apply-error">
            {error}
          </Notice>
        )}
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
