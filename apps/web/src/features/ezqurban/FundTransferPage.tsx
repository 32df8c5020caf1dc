/**
 * /ezqurban/fund-transfer/list (spec §2; reference §2.15; issue 10): the transfers of collected funds to
 * the executing partner with their sum, the season balance (collected − transferred, from the ledger),
 * and — for an Accountant (`qurban:transfer`) — the form: season, amount (RM), bank reference, date and
 * time of the transfer (Kuala Lumpur), description and the proof document (PDF or image).
 */
import {
  Button,
  FileInput,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, formatRinggit, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { openPdf } from '../programmes/index.ts';
import { fetchTransfers, postTransfer } from './api.ts';
import { SeasonSelect, useSeasons } from './SeasonSelect.tsx';

const EMPTY = { amount: '', reference: '', description: '', date: '', time: '' };

/** The Accountant's fund transfer form. */
function TransferForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [season, setSeason] = useState<string | null>(null);
  const [v, setV] = useState(EMPTY);
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setV({ ...v, [k]: e.currentTarget.value });
  const submit = async () => {
    const f = new FormData();
    f.append('season_id', season ?? '');
    f.append('amount', v.amount);
    f.append('reference', v.reference);
    f.append('description', v.description);
    f.append('fund_transferred_at_date', v.date);
    f.append('fund_transferred_at_time', v.time);
    if (proof) f.append('document', proof, proof.name);
    setBusy(true);
    try {
      await postTransfer(f);
      setErrors({});
      setV(EMPTY);
      setProof(null);
      successToast(t('ezqurban.transfer_saved'));
      onDone();
    } catch (e) {
      const errs = (e as { errors?: Record<string, string[]> }).errors ?? {};
      const map: Record<string, string> = {};
      for (const [k, m] of Object.entries(errs))
        map[k === 'amount_sen' ? 'amount' : k === 'fund_transferred_at' ? 'date' : k] = m[0];
      setErrors(map);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="transfer-form">
      <Stack maw={560}>
        <Title order={2} size="h4">
          {t('ezqurban.new_transfer')}
        </Title>
        <SeasonSelect value={season} onChange={setSeason} error={errors.season_id} required />
        <TextInput
          label={t('ezqurban.f.amount_rm')}
          value={v.amount}
          onChange={set('amount')}
          error={errors.amount}
          inputMode="decimal"
          required
        />
        <TextInput
          label={t('ezqurban.f.reference')}
          value={v.reference}
          onChange={set('reference')}
          error={errors.reference}
          required
        />
        <Group grow>
          <TextInput
            label={t('ezqurban.f.transfer_date')}
            placeholder="YYYY-MM-DD"
            value={v.date}
            onChange={set('date')}
            error={errors.date}
            required
          />
          <TextInput
            label={t('ezqurban.f.transfer_time')}
            placeholder="HH:mm"
            value={v.time}
            onChange={set('time')}
            required
          />
        </Group>
        <Textarea
          label={t('ezqurban.f.description')}
          value={v.description}
          onChange={set('description')}
          error={errors.description}
        />
        <FileInput
          label={t('ezqurban.f.proof')}
          accept="application/pdf,image/png,image/jpeg"
          value={proof}
          onChange={setProof}
          error={errors.document}
          required
        />
        <Group>
          <Button onClick={submit} loading={busy}>
            {t('ezqurban.save_transfer')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /ezqurban/fund-transfer/list */
export function FundTransferPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const role = roleOf(session.user());
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const seasons = useSeasons();
  const q = useQuery({
    queryKey: ['qurban-transfers', seasonId, page],
    queryFn: () => fetchTransfers({ season_id: seasonId ?? undefined, page }),
  });
  const current = (seasons.data ?? []).find((s) => s.id === seasonId);
  return (
    <Stack>
      <Title order={1}>{t('ezqurban.transfers_title')}</Title>
      {can(role, 'qurban:transfer') && (
        <TransferForm
          onDone={() => {
            qc.invalidateQueries({ queryKey: ['qurban-transfers'] });
            qc.invalidateQueries({ queryKey: ['qurban-seasons'] });
          }}
        />
      )}
      <SeasonSelect value={seasonId} onChange={setSeasonId} clearable />
      {current?.balance && (
        <Text data-testid="season-balance">
          {t('ezqurban.balance_line', {
            collected: formatRinggit(current.balance.collected_sen),
            transferred: formatRinggit(current.balance.transferred_sen),
            balance: formatRinggit(current.balance.ledger_balance_sen),
          })}
        </Text>
      )}
      {q.data && (
        <Text fw={600} data-testid="transfer-sum">
          {t('ezqurban.transfer_sum')}: {formatRinggit(q.data.sum)}
        </Text>
      )}
      {q.data && q.data.fund_transfers.data.length === 0 ? (
        <Text>{t('ezqurban.no_transfers')}</Text>
      ) : (
        <ListTable data-testid="fund-transfers">
          <Table.Caption>{t('ezqurban.transfers_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ezqurban.f.transfer_date')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.reference')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.description')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.amount')}</Table.Th>
              <Table.Th scope="col">{t('ezqurban.f.proof')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data?.fund_transfers.data ?? []).map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{formatDateTime(f.fund_transferred_at, i18n.language)}</Table.Td>
                <Table.Td>{f.reference}</Table.Td>
                <Table.Td>{f.description ?? '—'}</Table.Td>
                <Table.Td>{formatRinggit(f.amount_sen)}</Table.Td>
                <Table.Td>
                  {f.has_proof && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => openPdf(`ez-qurban/fund-transfer/${f.id}/document`)}
                    >
                      {t('ezqurban.view_proof')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {q.data && q.data.fund_transfers.last_page > 1 && (
        <Pagination
          total={q.data.fund_transfers.last_page}
          value={page}
          onChange={setPage}
          aria-label={t('ezqurban.pages')}
        />
      )}
    </Stack>
  );
}
