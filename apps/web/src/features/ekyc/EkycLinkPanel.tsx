/**
 * For an agent (or staff) helping a client: a signed link the client opens to do the eKYC without
 * logging in (`POST /api/route/sign { route_name: "ekyc", wasiat_id }` → `{ url }`, 72 hours; ADR 0091).
 * The full address is shown with a copy button, to send by WhatsApp or e-mail. An empty `url` (already
 * verified, or not the caller's will) shows a message instead.
 *
 * The will's links still valid are listed (`GET /api/ekyc/links?wasiat_id=`) with who issued them and
 * until when; the issuer or staff with `ekyc:review` may revoke one (`POST /api/ekyc/links/{id}/revoke`),
 * after which the link and the sessions opened from it are refused (410; ADR 0095).
 */
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { ShareLink } from '@/components/ShareLink.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';

/** A link as `GET /api/ekyc/links` lists it. */
export interface EkycLink {
  id: string;
  issued_by: { id: string; name: string } | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  active: boolean;
  can_revoke: boolean;
}

/** The link panel for will `wasiatId`. */
export function EkycLinkPanel({ wasiatId }: { wasiatId: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const key = ['ekyc-links', wasiatId];
  const links = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.get<{ links: EkycLink[] }>('ekyc/links', { wasiat_id: wasiatId }, { silent: true })).links,
  });
  const active = (links.data ?? []).filter((l) => l.active);

  async function make() {
    setBusy('make');
    setError(null);
    try {
      const r = await api.post<{ url: string }>(
        'route/sign',
        { route_name: 'ekyc', wasiat_id: wasiatId },
        { silent: true },
      );
      if (r.url) setUrl(`${window.location.origin}${r.url}`);
      else setError(t('ekyc.link.none'));
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function revoke(link: EkycLink) {
    setBusy(link.id);
    setError(null);
    try {
      await api.post(`ekyc/links/${link.id}/revoke`, {}, { silent: true });
      if (url?.includes(`link_id=${link.id}`)) setUrl(null);
      successToast(t('ekyc.link.revoked'));
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="ekyc-link-panel">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('ekyc.link.title')}
        </Title>
        <Text size="sm">{t('ekyc.link.intro')}</Text>
        {url ? (
          <ShareLink url={url} label={t('ekyc.link.label')} messageKey="common.share.ekyc_message" testId="ekyc-link" />
        ) : (
          <Group>
            <Button variant="light" onClick={make} loading={busy === 'make'}>
              {t('ekyc.link.make')}
            </Button>
          </Group>
        )}
        {active.length > 0 && (
          <ListTable data-testid="ekyc-links">
            <Table.Caption>{t('ekyc.link.active')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ekyc.link.issued_by')}</Table.Th>
                <Table.Th>{t('ekyc.link.expires')}</Table.Th>
                <Table.Th>{t('ekyc.link.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {active.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.issued_by?.name ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(l.expires_at, i18n.language)}</Table.Td>
                  <Table.Td>
                    {l.can_revoke ? (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        loading={busy === l.id}
                        onClick={() => void revoke(l)}
                        data-testid={`ekyc-link-revoke-${l.id}`}
                      >
                        {t('ekyc.link.revoke')}
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        )}
        {error && (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
