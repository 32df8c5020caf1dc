/**
 * The estate file (issue 40 item 4; ADR 0274), at /kematian/:id/fail, opened from the estate page (/kematian/:id/
 * pejabat). `GET /api/death-report/{id}/estate-file` → `{ file }`: the deceased; the distribution (each heir's faraid
 * share, amounts in sen shown as RM, the bequests that took effect, await consent or were refused, Baitulmal); the
 * claims (funeral, executor fee, zakat, debts) with the rule each follows; the executor fee of spec §9; the heirs
 * asked again, with the forms to correct them (EstateFileForms.tsx); the wasiat wajibah to the grandchildren of a
 * predeceased child, its own line (EstateFileWajibah.tsx); the property and asset map, each asset once;
 * the hibahs, outside the estate when complete. A report out of the caller's scope is the server's 404, shown as a
 * message. Tables stack into cards on a phone (ListTable).
 */
import { Anchor, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { DEATHS_KEY } from './api.ts';
import { ClaimsForm, HeirChangeForm, withdrawChange } from './EstateFileForms.tsx';
import { EstateFileWajibah } from './EstateFileWajibah.tsx';
import type { EstateFile } from './estate-file-types.ts';

export type { EstateFile } from './estate-file-types.ts';

const rm = (sen: number | null) => (sen == null ? '—' : formatRinggit(sen));

/** The distribution: each heir's line, the bequests, Baitulmal. */
function Distribution({ file }: { file: EstateFile }) {
  const { t } = useTranslation();
  const d = file.distribution;
  return (
    <Stack gap="xs" data-testid="estate-distribution">
      <Title order={2} size="h4">
        {t('estate_file.distribution')}
      </Title>
      {!d.computable && <FormError message={t('estate_file.not_computable')} />}
      <ListTable minWidth={640}>
        <Table.Caption>{t('estate_file.distribution')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('estate_file.col.heir')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.share')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.faraid')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.borne')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.bequests')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.heirs.map((h) => (
            <Table.Tr key={h.heir_id} data-testid={`estate-heir-${h.heir_id}`}>
              <Table.Td>{h.name}</Table.Td>
              <Table.Td>{h.fraction ?? t('estate_file.not_mapped')}</Table.Td>
              <Table.Td>{rm(h.faraid_sen)}</Table.Td>
              <Table.Td>
                {rm(h.borne_sen)}
                {h.awaiting_sen > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('estate_file.awaiting_own', { amount: rm(h.awaiting_sen) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{rm(h.bequests_sen)}</Table.Td>
              <Table.Td fw={600}>{rm(h.total_sen)}</Table.Td>
            </Table.Tr>
          ))}
          {d.baitulmal_sen > 0 && (
            <Table.Tr>
              <Table.Td>{t('estate_file.baitulmal')}</Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td>{rm(d.baitulmal_sen)}</Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td fw={600}>{rm(d.baitulmal_sen)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </ListTable>
      <Text size="xs" c="dimmed">
        {d.heirs[0]?.source}
      </Text>
      <EstateFileWajibah file={file} />
      {d.bequests.length > 0 && (
        <ListTable minWidth={640}>
          <Table.Caption>{t('estate_file.bequests')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('estate_file.col.bequest')}</Table.Th>
              <Table.Th scope="col">{t('estate_file.col.asked')}</Table.Th>
              <Table.Th scope="col">{t('estate_file.col.effective')}</Table.Th>
              <Table.Th scope="col">{t('estate_file.col.awaiting')}</Table.Th>
              <Table.Th scope="col">{t('estate_file.col.refused')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.bequests.map((b, i) => (
              <Table.Tr key={`${b.ref}|${b.name}|${b.heir_id ?? ''}`} data-testid={`estate-bequest-${i}`}>
                <Table.Td>
                  <Text size="sm">
                    {b.label} → {b.name}
                  </Text>
                  {b.reason && <Badge size="xs">{t(`estate_file.reason.${b.reason}`)}</Badge>}
                  <Text size="xs" c="dimmed">
                    {b.source}
                  </Text>
                </Table.Td>
                <Table.Td>{rm(b.asked_sen)}</Table.Td>
                <Table.Td>{rm(b.effective_sen)}</Table.Td>
                <Table.Td>{rm(b.awaiting_sen)}</Table.Td>
                <Table.Td>{rm(b.refused_sen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
    </Stack>
  );
}

/** The claims, the executor fee and the totals. */
function Claims({ file }: { file: EstateFile }) {
  const { t } = useTranslation();
  const d = file.distribution;
  const fee = d.executor_fee;
  return (
    <Stack gap="xs" data-testid="estate-claims">
      <Title order={2} size="h4">
        {t('estate_file.claims')}
      </Title>
      <Text>{t('estate_file.gross', { amount: rm(d.gross_sen) })}</Text>
      <ListTable minWidth={480}>
        <Table.Caption>{t('estate_file.claims')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('estate_file.col.claim')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.asked')}</Table.Th>
            <Table.Th scope="col">{t('estate_file.col.paid')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.deductions.map((x) => (
            <Table.Tr key={x.code}>
              <Table.Td>
                <Text size="sm">{t(`estate_file.deduction.${x.code}`)}</Text>
                <Text size="xs" c="dimmed">
                  {x.source}
                </Text>
              </Table.Td>
              <Table.Td>{rm(x.asked_sen)}</Table.Td>
              <Table.Td>{rm(x.paid_sen)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ListTable>
      {d.unpaid_sen > 0 && <FormError message={t('estate_file.unpaid', { amount: rm(d.unpaid_sen) })} />}
      <Text>{t('estate_file.after_claims', { amount: rm(d.after_claims_sen), third: rm(d.third_sen) })}</Text>
      <Text size="sm" data-testid="estate-executor-fee">
        {t('estate_file.executor_fee', {
          fee: rm(fee.fee_sen),
          percent: fee.provider_percent,
          provider: rm(fee.provider_bears_sen),
          estate: rm(fee.estate_pays_sen),
        })}
      </Text>
    </Stack>
  );
}

/** The page; see the file comment. */
export function EstateFilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const key = [...DEATHS_KEY, 'estate-file', id];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<{ file: EstateFile }>(`death-report/${id}/estate-file`) });
  const [error, setError] = useState<string | null>(null);
  const set = (f: EstateFile) => qc.setQueryData(key, { file: f });
  const back = (
    <Anchor component={Link} to={`/kematian/${id}/pejabat`}>
      {t('estate_file.back')}
    </Anchor>
  );
  if (q.isPending) return <Text>{t('estate_file.loading')}</Text>;
  const file = q.data?.file;
  if (q.isError || !file) {
    return (
      <Stack maw={560} data-testid="estate-file-page">
        <Title order={1}>{t('estate_file.title')}</Title>
        <FormError message={q.error instanceof ApiError ? q.error.firstMessage : t('estate_file.failed')} />
        {back}
      </Stack>
    );
  }
  async function withdraw(changeId: string) {
    setError(null);
    try {
      set(await withdrawChange(changeId));
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  }
  return (
    <Stack gap="md" data-testid="estate-file-page">
      {back}
      <Title order={1}>{t('estate_file.title')}</Title>
      <Text>
        {t('estate_file.deceased', {
          name: file.deceased.name ?? file.deceased.ic_number,
          ic: file.deceased.ic_number,
          date: file.deceased.date_of_death,
        })}
      </Text>
      <Distribution file={file} />
      <Claims file={file} />
      <ClaimsForm key={`${file.claims.funeral_sen}-${file.claims.other_debts_sen}`} file={file} onSaved={set} />
      <Title order={2} size="h4">
        {t('estate_file.heirs')}
      </Title>
      <FormError message={error} />
      <Stack gap={4} data-testid="estate-heirs">
        {file.heirs.map((h) => (
          <Text key={h.id} size="sm">
            {h.name} · {t(`estate_file.relationship.${h.relationship}`, { defaultValue: h.relationship })} ·{' '}
            {t(`estate_file.status.${h.status}`)}
            {h.origin === 'added' && ` · ${t('estate_file.added_since')}`}
            {!h.can_consent && h.status === 'living' && ` · ${t('estate_file.cannot_consent')}`}
            {h.change_id && (
              <Button size="compact-xs" variant="subtle" onClick={() => void withdraw(h.change_id as string)}>
                {t('estate_file.withdraw')}
              </Button>
            )}
          </Text>
        ))}
      </Stack>
      <HeirChangeForm file={file} onSaved={set} />
      <Title order={2} size="h4">
        {t('estate_file.property')}
      </Title>
      <Stack gap={4} data-testid="estate-property">
        {file.property.map((p) => (
          <Text key={p.id} size="sm">
            {p.label}: {rm(p.value_sen)}
            {p.from_asset_map && ` · ${t('estate_file.map_value')}`}
          </Text>
        ))}
        {file.asset_map
          .filter((a) => a.counted !== 'in_will')
          .map((a) => (
            <Text key={a.id} size="sm">
              {a.label}: {rm(a.value_sen)} · {t(`estate_file.counted.${a.counted}`)}
            </Text>
          ))}
      </Stack>
      <Title order={2} size="h4">
        {t('estate_file.hibahs')}
      </Title>
      <Stack gap={4} data-testid="estate-hibahs">
        {file.hibahs.length === 0 && <Text size="sm">{t('estate_file.no_hibahs')}</Text>}
        {file.hibahs.map((h) => (
          <Text key={h.id} size="sm">
            {h.product} {h.hibah_number ?? ''} · {rm(h.value_sen)} ·{' '}
            {h.complete
              ? t('estate_file.hibah_outside')
              : t('estate_file.hibah_incomplete', {
                  missing: h.missing.map((m) => t(`estate_file.missing.${m}`)).join(', '),
                })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
