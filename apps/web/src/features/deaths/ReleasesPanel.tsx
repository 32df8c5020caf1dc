/**
 * The links sent to the people a verified deceased's instruments name (issue 40 item 3; ADR 0267), under a report
 * of /kematian/senarai: `GET /api/death-report/{id}/releases` → per person the record (kind, number), their roles,
 * e-mail, when the link was sent and its state (mail waiting or sent, opened, identity confirmed, revoked — when
 * and by whom). Staff (`death:verify`, the server's `can_revoke`) revoke a link after confirming
 * (`POST …/releases/{release_id}/revoke`); the link then answers 410. The registering organisation's partner sees
 * its own records' links, read-only.
 */
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { DEATHS_KEY, type DeathRelease } from './api.ts';

/** The state words of one release (see the file comment). */
function useStateText() {
  const { t, i18n } = useTranslation();
  return (r: DeathRelease) => {
    if (r.revoked_at) {
      return t('deaths.releases.state.revoked', {
        date: formatDateTime(r.revoked_at, i18n.language),
        name: r.revoked_by_name ?? '',
      });
    }
    const parts = [t(r.mail_sent_at ? 'deaths.releases.state.mailed' : 'deaths.releases.state.mail_pending')];
    if (r.opened_at) parts.push(t('deaths.releases.state.opened'));
    if (r.identified_at) parts.push(t('deaths.releases.state.identified'));
    return parts.join(' · ');
  };
}

/** The panel for report `reportId`; see the file comment. */
export function ReleasesPanel({ reportId }: { reportId: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const stateText = useStateText();
  const [confirming, setConfirming] = useState<DeathRelease | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = [...DEATHS_KEY, 'releases', reportId];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ releases: DeathRelease[] }>(`death-report/${reportId}/releases`),
  });
  const rows = q.data?.releases ?? [];

  async function revoke(r: DeathRelease) {
    setError(null);
    try {
      const out = await api.post<{ message: string }>(
        `death-report/${reportId}/releases/${r.id}/revoke`,
        {},
        { silent: true },
      );
      successToast(out.message);
      setConfirming(null);
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  }

  return (
    <Stack gap="xs" data-testid="death-releases">
      <Title order={2} size="h4">
        {t('deaths.releases.title')}
      </Title>
      <FormError message={error} />
      {q.isSuccess && rows.length === 0 ? (
        <Text>{t('deaths.releases.none')}</Text>
      ) : (
        <ListTable minWidth={720}>
          <Table.Caption>{t('deaths.releases.title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('deaths.releases.col.person')}</Table.Th>
              <Table.Th scope="col">{t('deaths.releases.col.instrument')}</Table.Th>
              <Table.Th scope="col">{t('deaths.releases.col.email')}</Table.Th>
              <Table.Th scope="col">{t('deaths.releases.col.issued')}</Table.Th>
              <Table.Th scope="col">{t('deaths.releases.col.state')}</Table.Th>
              <Table.Th scope="col">{t('deaths.releases.col.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.person_name} ({r.roles.map((x) => t(`deaths.release.role.${x}`)).join(', ')})
                </Table.Td>
                <Table.Td>
                  {t(`deaths.kind.${r.instrument_type}`)} {r.instrument_reference}
                </Table.Td>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>{formatDateTime(r.issued_at, i18n.language)}</Table.Td>
                <Table.Td>{stateText(r)}</Table.Td>
                <Table.Td>
                  {r.can_revoke && (
                    <Button size="xs" variant="default" color="red" onClick={() => setConfirming(r)}>
                      {t('deaths.releases.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      {confirming && (
        <Group data-testid="release-revoke-confirm">
          <Text>{t('deaths.releases.revoke_confirm', { person: confirming.person_name })}</Text>
          <Button color="red" size="xs" onClick={() => void revoke(confirming)}>
            {t('deaths.releases.revoke')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setConfirming(null)}>
            {t('deaths.page.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
