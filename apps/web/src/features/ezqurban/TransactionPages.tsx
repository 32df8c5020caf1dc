/**
 * ezQurban transactions (spec §2 /ezqurban/transaction/list; reference §2.15; issue 10): the list
 * (staff: every purchase with the pending/paid counts and sums; a participant: their own), and the
 * purchase form — a season, a number of shares (1/7 of a cow or camel, or a whole goat/sheep) and the
 * person on whose behalf the qurban is made — followed by payment through the gateway or, when the server offers
 * it, an offline payment ("Luar Talian", the payments feature's shared offline fields; ADR 0285) that waits for the
 * accountant's confirmation. The payment page is /ezqurban/purchase?id=… (kept on reload, reached from the list's
 * "pay"); while an offline declaration awaits confirmation, neither it nor the list offers the gateway (ADR 0291).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, formatRinggit, qurbanPurchaseSchema, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { ListTable } from '@/components/ListTable.tsx';
import { OfflinePayment } from '@/features/payments/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import {
  cancelPurchase,
  fetchTransaction,
  fetchTransactions,
  payPurchase,
  postPurchase,
  type Transaction,
} from './api.ts';
import { SeasonSelect, useSeasons } from './SeasonSelect.tsx';

export function TxStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    // dark shades: white text keeps a 4.5:1 contrast (colour only repeats the text)
    <Badge color={status === 1 ? 'teal.9' : status === 0 ? 'blue.9' : 'gray.7'} variant="filled">
      {t(`ezqurban.status.${status}`)}
    </Badge>
  );
}

const allocText = (tx: Transaction, t: (k: string, o?: Record<string, unknown>) => string) =>
  (tx.allocations ?? []).map((a) => t('ezqurban.alloc', { animal: a.animal_no, slot: a.slot })).join(', ');

/** /ezqurban/transaction/list */
export function TransactionListPage() {
  const { t, i18n } = useTranslation();
  const role = roleOf(session.user());
  // a participant sees (and may cancel) only their own purchases; staff who manage seasons any
  const mayCancel = can(role, 'qurban:manage') || !can(role, 'qurban:read');
  const [status, setStatus] = useState('-1');
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['qurban-tx', status, seasonId, page],
    queryFn: () => fetchTransactions({ status, season_id: seasonId ?? undefined, page }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('ezqurban.transactions_title')}</Title>
        <Button component={Link} to="/ezqurban/purchase">
          {t('ezqurban.buy')}
        </Button>
      </Group>
      <Group align="end">
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          data={[
            { value: '-1', label: t('ezqurban.all') },
            { value: '0', label: t('ezqurban.status.0') },
            { value: '1', label: t('ezqurban.status.1') },
          ]}
        />
        <SeasonSelect value={seasonId} onChange={setSeasonId} clearable />
      </Group>
      {q.data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="qurban-sums">
          <Paper withBorder p="sm">
            <Text size="sm">{t('ezqurban.pending_sum')}</Text>
            <Text fw={600}>
              {q.data.total_pending} · {formatRinggit(q.data.sum_pending)}
            </Text>
          </Paper>
          <Paper withBorder p="sm">
            <Text size="sm">{t('ezqurban.paid_sum')}</Text>
            <Text fw={600}>
              {q.data.total_verified} · {formatRinggit(q.data.sum_verified)}
            </Text>
          </Paper>
        </SimpleGrid>
      )}
      {q.data && q.data.transactions.data.length === 0 ? (
        <Text>{t('ezqurban.no_transactions')}</Text>
      ) : (
        <ListTable data-testid="qurban-transactions">
          <Table.Caption>{t('ezqurban.transactions_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ezqurban.f.ref_no')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.date')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.client')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.on_behalf_of')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.shares')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.amount')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.transactions.data ?? []).map((x) => (
              <Table.Tr key={x.id} data-ref={x.ref_no}>
                <Table.Td>{x.ref_no}</Table.Td>
                <Table.Td>{formatDateTime(x.product_purchased_at, i18n.language)}</Table.Td>
                <Table.Td>{x.client_name}</Table.Td>
                <Table.Td>{x.on_behalf_of}</Table.Td>
                <Table.Td>
                  {x.shares}
                  <Text size="xs">{allocText(x, t)}</Text>
                </Table.Td>
                <Table.Td>{formatRinggit(x.amount_sen)}</Table.Td>
                <Table.Td>
                  <TxStatus status={x.status} />
                  {x.status === 0 && <PayLink tx={x} />}
                  {x.status === 0 && mayCancel && <CancelButton id={x.id} onDone={() => q.refetch()} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.transactions.last_page > 1 && (
        <Pagination
          total={q.data.transactions.last_page}
          value={page}
          onChange={setPage}
          aria-label={t('ezqurban.pages')}
        />
      )}
    </Stack>
  );
}

/** Cancel a purchase waiting for payment (the server frees its shares). */
function CancelButton({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const cancel = async () => {
    await cancelPurchase(id);
    successToast(t('ezqurban.cancelled'));
    onDone();
  };
  return (
    <Button size="xs" ml="xs" variant="light" color="red" onClick={cancel}>
      {t('ezqurban.cancel')}
    </Button>
  );
}

/** Whether the purchase's latest payment is an offline declaration awaiting confirmation (ADR 0291). */
const offlinePending = (tx: Transaction) => tx.payment_status === 'pending' && tx.payment_channel === 'offline';

/**
 * A list row's way to the purchase's payment page (/ezqurban/purchase?id=…: the gateway and "Luar Talian"): "pay",
 * or, while an offline declaration awaits confirmation, that it awaits and a link to see it — never the gateway.
 */
function PayLink({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const to = `/ezqurban/purchase?id=${encodeURIComponent(tx.id)}`;
  if (offlinePending(tx)) {
    return (
      <Text size="xs" data-testid="qurban-offline-pending">
        {t('payments.ui.offline_pending_short')}{' '}
        <Anchor component={Link} to={to} aria-label={`${t('ezqurban.payment_details')} ${tx.ref_no}`}>
          {t('ezqurban.payment_details')}
        </Anchor>
      </Text>
    );
  }
  return (
    <Button size="xs" ml="xs" component={Link} to={to} aria-label={`${t('ezqurban.pay')} ${tx.ref_no}`}>
      {t('ezqurban.pay')}
    </Button>
  );
}

/** Pay a pending purchase through the gateway (redirects to the gateway page). */
function PayButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      const r = await payPurchase(id);
      if (r.payment_link) window.location.assign(r.payment_link);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" ml="xs" onClick={pay} loading={busy}>
      {t('ezqurban.pay')}
    </Button>
  );
}

type PurchaseForm = z.input<typeof qurbanPurchaseSchema>;
const FIELDS = ['season_id', 'shares', 'on_behalf_of'] as const;

/**
 * The payment of a purchase: its reference, shares and amount, then — while it waits for payment — the gateway's
 * "pay" and "Luar Talian" through the shared offline choice, which shows an offline declaration awaiting confirmation
 * in place of the gateway (ADR 0285, ADR 0291); a paid or cancelled purchase shows its status.
 */
function PurchasePayment({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('ezqurban.purchase_title')}</Title>
      <Paper withBorder p="md" data-testid="purchase-done">
        <Text fw={600}>{t('ezqurban.purchase_done', { ref: tx.ref_no })}</Text>
        <Text>
          {t('ezqurban.f.shares')}: {tx.shares} · {formatRinggit(tx.amount_sen)}
        </Text>
        <Text size="sm">{allocText(tx, t)}</Text>
        {tx.status !== 0 && <TxStatus status={tx.status} />}
      </Paper>
      {tx.status === 0 && (
        <OfflinePayment paymentableType="QurbanTransaction" paymentableId={tx.id}>
          <Group>
            <PayButton id={tx.id} />
          </Group>
        </OfflinePayment>
      )}
      <Group>
        <Button variant="default" component={Link} to="/ezqurban/transaction/list">
          {t('ezqurban.transactions_title')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /ezqurban/purchase — the purchase form, then the payment. `?id={transaction}` (set once a purchase is made, and by
 * the list's "pay") shows that purchase's payment, so a reload keeps it (`GET /api/ez-qurban/transaction/{id}`).
 */
export function PurchasePage() {
  const { t } = useTranslation();
  const seasons = useSeasons();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Transaction | null>(null);
  const existing = useQuery({
    queryKey: ['qurban-tx', 'one', id],
    enabled: !!id && done?.id !== id,
    queryFn: () => fetchTransaction(id as string),
  });
  const form = useForm<PurchaseForm>({
    resolver: zodResolver(qurbanPurchaseSchema) as never,
    defaultValues: { season_id: '', shares: 1, on_behalf_of: '' },
  });
  const season = (seasons.data ?? []).find((s) => s.id === form.watch('season_id'));
  const shares = Number(form.watch('shares') ?? 0);
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await postPurchase({
        season_id: String(v.season_id),
        shares: Number(v.shares),
        on_behalf_of: String(v.on_behalf_of),
      });
      setDone(r.transaction);
      setParams({ id: r.transaction.id }, { replace: true });
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS));
    }
  });
  const shown = done ?? (id ? existing.data : null);
  if (shown) return <PurchasePayment tx={shown} />;
  if (id && existing.isLoading) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack>
      <Title order={1}>{t('ezqurban.purchase_title')}</Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={560}>
          <Controller
            control={form.control}
            name="season_id"
            render={({ field, fieldState }) => (
              <SeasonSelect
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={errorText(t, fieldState.error?.message)}
                required
                openOnly
              />
            )}
          />
          <Controller
            control={form.control}
            name="shares"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('ezqurban.f.shares')}
                description={season ? t('ezqurban.shares_help', { n: season.shares_per_animal }) : undefined}
                min={1}
                max={50}
                allowDecimal={false}
                value={field.value as number}
                onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                error={errorText(t, fieldState.error?.message)}
                required
              />
            )}
          />
          <TextInput
            label={t('ezqurban.f.on_behalf_of')}
            description={t('ezqurban.on_behalf_help')}
            {...form.register('on_behalf_of')}
            error={errorText(t, form.formState.errors.on_behalf_of?.message)}
            required
          />
          {season && shares > 0 && (
            <Text data-testid="purchase-total">
              {t('ezqurban.total')}: {formatRinggit(season.price_per_share_sen * shares)}
            </Text>
          )}
          {formError && <Text c="red">{formError}</Text>}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('ezqurban.confirm_purchase')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
