/**
 * /trust/part-listpindaan — the grantor's amendments of a hibah (spec §2 Trusts; reference §3.2
 * "Amendment list": `GET amendment?hibah_id`, new → `POST amendment { amendmentable_type: "Hibah" }`;
 * ADR 0038). `?id={hibah_id}` shows that hibah; without it every registered hibah of the grantor. Each
 * amendment shows its status label (spec §4; any other value "invalid/cancelled"); "apply" when none is
 * open, "pay" when one is unpaid (or that an offline payment awaits confirmation, ADR 0291), "open" into the amendment's page /trust/pindaan/{amendment_id}. After
 * the payment gateway the page comes back with `?status=1|0`. Each registered hibah shows its versions'
 * certificates (the current one; earlier ones for staff) and a succeeded amendment its amended hibah (ADR
 * 0098).
 */
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit, HIBAH_TYPES, labelOf, OPEN_AMENDMENT_STATUSES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { OfflinePendingGate } from '@/features/payments/index.ts';
import { Busy, Notice, useLang } from '@/features/wills/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';
import { useRefreshAmendments } from '../api.ts';
import { AmendmentStatusBadge, AmendmentTimeline } from '../components/AmendmentStatus.tsx';
import {
  applyHibahAmendment,
  type HibahBrief,
  payHibahAmendment,
  useHibahAmendments,
  useRegisteredHibahs,
} from './api.ts';
import { AmendedHibahLink, HibahVersionsPanel } from './HibahDocuments.tsx';

/** One registered hibah with its amendments, newest first. */
function HibahAmendmentsCard({ hibah }: { hibah: HibahBrief }) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useHibahAmendments(hibah.id);
  const refresh = useRefreshAmendments();
  const rows = list.data ?? [];
  const current = rows[0];
  const open = !!current && OPEN_AMENDMENT_STATUSES.includes(current.status);
  const grantor = hibah.user_id === session.user()?.id;
  const number = hibah.hibah_number ?? hibah.id.slice(0, 8);
  return (
    <Paper withBorder p="md" data-testid="hibah-amendments-card">
      <Stack>
        <Title order={2}>
          {t('hibahAmendments.list.hibah')} {number} — {labelOf(HIBAH_TYPES, hibah.hibah_type, lang)}
        </Title>
        <Text>{t('hibahAmendments.list.version', { n: hibah.current_version ?? 1 })}</Text>
        {hibah.status === 5 && <HibahVersionsPanel hibahId={hibah.id} />}
        {current && <AmendmentTimeline status={current.status} />}
        {list.isLoading ? (
          <Busy />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('hibahAmendments.list.none')}</Text>
        ) : (
          <ListTable minWidth={600} data-testid="hibah-amendment-list">
            <Table.Caption>{t('hibahAmendments.list.caption', { number })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('hibahAmendments.f.reference_no')}</Table.Th>
                <Table.Th scope="col">{t('hibahAmendments.f.status')}</Table.Th>
                <Table.Th scope="col">{t('hibahAmendments.f.applied_at')}</Table.Th>
                <Table.Th scope="col">{t('hibahAmendments.f.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.reference_no}</Table.Td>
                  <Table.Td>
                    <AmendmentStatusBadge status={a.status} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(a.applied_at, lang)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {a.status === 0 && !a.paid && grantor && (
                        // No gateway while an offline declaration awaits confirmation (ADR 0291).
                        <OfflinePendingGate paymentableType="Amendment" paymentableId={a.id}>
                          <Button size="xs" onClick={() => payHibahAmendment(a)} data-testid="pay-hibah-amendment">
                            {t('hibahAmendments.list.pay', { amount: formatRinggit(a.price_sen ?? 0) })}
                          </Button>
                        </OfflinePendingGate>
                      )}
                      <Anchor
                        component={Link}
                        to={`/trust/pindaan/${a.id}`}
                        aria-label={`${t('hibahAmendments.list.open')} ${a.reference_no}`}
                      >
                        {t('hibahAmendments.list.open')}
                      </Anchor>
                      {a.status === 2 && <AmendedHibahLink amendmentId={a.id} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        )}
        {grantor && !open && hibah.status === 5 && (
          <Group>
            <Button
              data-testid="apply-hibah-amendment"
              onClick={async () => {
                await applyHibahAmendment(hibah.id);
                await refresh();
              }}
            >
              {t('hibahAmendments.list.apply')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function ListPindaanPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const paid = params.get('status');
  const q = useRegisteredHibahs(session.user()?.id, id);
  const hibahs = q.data ?? [];
  return (
    <Stack>
      <Title order={1}>{t('hibahAmendments.list.title')}</Title>
      <Text>{t('hibahAmendments.list.intro')}</Text>
      {paid !== null && (
        <Notice color={paid === '1' ? 'green' : 'red'} role="status" data-testid="hibah-amendment-payment-result">
          {paid === '1' ? t('amendments.paid.ok') : t('amendments.paid.failed')}
        </Notice>
      )}
      {q.isLoading ? (
        <Busy />
      ) : hibahs.length === 0 ? (
        <Notice color="yellow">{t('hibahAmendments.list.none_registered')}</Notice>
      ) : (
        hibahs.map((h) => <HibahAmendmentsCard key={h.id} hibah={h} />)
      )}
    </Stack>
  );
}
