/**
 * /kematian/senarai (issue 40 item 1; ADR 0261): the death reports. Staff (`death:verify`) see every report,
 * pending first, filtered by status, with the certificate's scan, the reporter and their relationship, the
 * verifications given and needed (two different staff members when the deceased has a registered will or hibah),
 * and Verify / Refuse (a refusal needs its reason) — the server refuses the reporter's own decision and a second
 * verification by the same person, and its message is shown. A partner (`death:read:organisation`) sees the
 * verified deaths of their organisation's clients with the records concerned, without actions. Under a verified
 * report, "People named" opens the links sent to the people its instruments name (ReleasesPanel; ADR 0267).
 */
import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { fetchAttachmentBlob } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { DEATHS_KEY, type DeathReport, type DeathReportsAnswer } from './api.ts';
import { EstateRouteLink } from './EstateRouteLink.tsx';
import { ReleasesPanel } from './ReleasesPanel.tsx';
import { DeathStatusBadge } from './ReportDeathPage.tsx';

const STATUSES = ['pending', 'verified', 'refused'] as const;

/** Open the scan in a new tab (fetched with the bearer token; the link carries no id). */
async function openScan(id: string) {
  const url = URL.createObjectURL(await fetchAttachmentBlob(id));
  window.open(url, '_blank', 'noopener');
}

/** The page; see the file comment. */
export function DeathReportsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const staff = can(roleOf(session.user()), 'death:verify');
  const [status, setStatus] = useState<string | null>(staff ? 'pending' : 'verified');
  const [refusing, setRefusing] = useState<DeathReport | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [releasesOf, setReleasesOf] = useState<string | null>(null);
  const q = useQuery({
    queryKey: [...DEATHS_KEY, 'list', status ?? 'all'],
    queryFn: () => api.get<DeathReportsAnswer>('death-report', { limit: 100, ...(status ? { status } : {}) }),
  });
  const rows = q.data?.death_reports.data ?? [];

  async function decide(r: DeathReport, action: 'verify' | 'refuse') {
    setError(null);
    if (action === 'refuse' && reason.trim().length < 3) return setError(t('deaths.reason_required'));
    try {
      const out = await api.post<{ message: string }>(
        `death-report/${r.id}/${action}`,
        action === 'refuse' ? { reason: reason.trim() } : {},
        { silent: true },
      );
      successToast(out.message);
      setRefusing(null);
      setReason('');
      await qc.invalidateQueries({ queryKey: DEATHS_KEY });
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  }

  const records = (r: DeathReport) =>
    (r.records ?? [])
      .map((x) => `${t(`deaths.kind.${x.type}`)} ${x.reference ?? ''} (${t(`deaths.state.${x.state}`)})`)
      .join('; ');

  return (
    <Stack>
      <Title order={1}>{t('deaths.page.list_title')}</Title>
      <Text size="sm">{t(staff ? 'deaths.page.list_intro' : 'deaths.page.org_intro')}</Text>
      {staff && (
        <Select
          label={t('deaths.page.filter_status')}
          data={STATUSES.map((s) => ({ value: s, label: t(`deaths.status.${s}`) }))}
          value={status}
          onChange={setStatus}
          clearable
          maw={260}
        />
      )}
      {error && !refusing && (
        <Text c="red" role="alert" data-testid="death-error">
          {error}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text>{t('deaths.page.none')}</Text>
      ) : (
        <ListTable minWidth={760} data-testid="death-reports">
          <Table.Caption>{t('deaths.page.list_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('deaths.page.col.deceased')}</Table.Th>
              <Table.Th scope="col">{t('deaths.page.col.date')}</Table.Th>
              <Table.Th scope="col">{t('deaths.page.col.certificate')}</Table.Th>
              {staff && <Table.Th scope="col">{t('deaths.page.col.reporter')}</Table.Th>}
              <Table.Th scope="col">{t('deaths.page.col.status')}</Table.Th>
              {staff && <Table.Th scope="col">{t('deaths.page.col.verifications')}</Table.Th>}
              <Table.Th scope="col">{t('deaths.page.col.records')}</Table.Th>
              {staff && <Table.Th scope="col">{t('deaths.page.col.action')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.deceased_name ? `${r.deceased_name} · ` : ''}
                  {r.deceased_ic_number}
                </Table.Td>
                <Table.Td>{formatDate(r.date_of_death, i18n.language)}</Table.Td>
                <Table.Td>
                  {r.certificate_no}
                  {r.certificate_attachment_id && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      ml="xs"
                      onClick={() => void openScan(r.certificate_attachment_id as string)}
                    >
                      {t('deaths.page.view_scan')}
                    </Button>
                  )}
                </Table.Td>
                {staff && (
                  <Table.Td>
                    {r.reporter_name} ({t(`deaths.relationship.${r.relationship}`)}),{' '}
                    {formatDateTime(r.created_at, i18n.language)}
                  </Table.Td>
                )}
                <Table.Td>
                  <DeathStatusBadge status={r.status} />
                  {r.refusal_reason ? ` ${r.refusal_reason}` : ''}
                </Table.Td>
                {staff && (
                  <Table.Td>
                    {t('deaths.page.of_needed', {
                      given: r.status === 'verified' ? r.verifications_needed : r.first_verified_by ? 1 : 0,
                      needed: r.verifications_needed ?? 1,
                    })}
                    {r.first_verified_by_name
                      ? ` · ${t('deaths.page.first_by', { name: r.first_verified_by_name })}`
                      : ''}
                  </Table.Td>
                )}
                <Table.Td>
                  {records(r)}
                  {r.status === 'verified' && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      ml="xs"
                      onClick={() => setReleasesOf(releasesOf === r.id ? null : r.id)}
                    >
                      {t(releasesOf === r.id ? 'deaths.releases.hide' : 'deaths.releases.show_short')}
                    </Button>
                  )}
                  <EstateRouteLink reportId={r.id} verified={r.status === 'verified'} />
                </Table.Td>
                {staff && (
                  <Table.Td>
                    {r.status === 'pending' && (
                      <Group gap="xs">
                        <Button size="xs" onClick={() => void decide(r, 'verify')}>
                          {t('deaths.page.verify')}
                        </Button>
                        <Button size="xs" variant="default" color="red" onClick={() => setRefusing(r)}>
                          {t('deaths.page.refuse')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {releasesOf && <ReleasesPanel reportId={releasesOf} />}
      {refusing && (
        <Stack gap="xs" maw={520} data-testid="death-refuse-form">
          <Text>{t('deaths.page.refuse_confirm', { ic: refusing.deceased_ic_number })}</Text>
          <TextInput
            label={t('deaths.page.refuse_reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            required
          />
          <Group>
            <Button color="red" onClick={() => void decide(refusing, 'refuse')}>
              {t('deaths.page.refuse')}
            </Button>
            <Button variant="default" onClick={() => setRefusing(null)}>
              {t('deaths.page.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
