/**
 * The heirs' consent on the estate page (issue 40 item 5; ADR 0275), read-only, for staff and the registering
 * organisation (the will's executor): `GET /api/death-report/{id}/consents` → per bequest needing consent (a bequest
 * to an heir, or beyond one third: its name, reason and amount in sen shown as ringgit) each heir's status — their
 * decision and its time, not decided, the bequest is to them, or why they do not consent (minor, under guardianship,
 * age unknown, excluded by faraid) — and the counts. A link downloads the sealed consent record
 * (`GET …/consent-record`, PDF). Staff (`can_mark_wards`) mark an heir under guardianship, or clear the mark
 * (`PUT …/consent-heirs/{heir_id} { under_guardianship }`): such an heir does not consent. Nothing is shown when the
 * caller may not see it (the server's 404).
 */
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';

/** `GET /api/death-report/{id}/consents` → `{ consents }`. */
export interface EstateConsents {
  will: { id: string; wasiat_no: string | null } | null;
  bequests: {
    bequest_ref: string;
    reason: 'to_heir' | 'beyond_third';
    amount_sen: number | null;
    label: string;
    to: string[];
    heirs: { heir_id: string; name: string; status: string; decided_at: string | null }[];
    consented: number;
    refused: number;
    pending: number;
  }[];
  heirs: { id: string; name: string; relationship: string; capacity: string; ward_note: string | null }[];
  can_mark_wards: boolean;
}

/** Save a Blob as `filename`. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The section; see the file comment. */
export function ConsentStatus({ deathReportId }: { deathReportId: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const key = ['death-report', deathReportId, 'consents'];
  const q = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<{ consents: EstateConsents }>(`death-report/${deathReportId}/consents`, undefined, { silent: true }),
    retry: false,
  });
  const c = q.data?.consents;
  if (!c) return null;

  async function mark(heirId: string, under: boolean) {
    const out = await api.put<{ message: string; consents: EstateConsents }>(
      `death-report/${deathReportId}/consent-heirs/${heirId}`,
      { under_guardianship: under },
    );
    qc.setQueryData(key, { consents: out.consents });
    successToast(out.message);
  }

  async function record() {
    saveBlob(await api.downloadPdf(`death-report/${deathReportId}/consent-record`), 'rekod-persetujuan-waris.pdf');
  }

  return (
    <Stack data-testid="estate-consents">
      <Title order={2} size="h3">
        {t('heir_consent.estate.title')}
      </Title>
      <Text size="sm">{t('heir_consent.estate.intro')}</Text>
      {c.bequests.length === 0 && <Text>{t('heir_consent.estate.none')}</Text>}
      {c.bequests.map((b) => (
        <Stack gap={4} key={b.bequest_ref}>
          <Text fw={600}>
            {b.label} — {t(`consents.reason.${b.reason}`)} —{' '}
            {b.amount_sen === null ? t('heir_consent.amount_unknown') : formatRinggit(b.amount_sen)}
          </Text>
          {b.to.length > 0 && <Text size="sm">{t('heir_consent.to', { names: b.to.join(', ') })}</Text>}
          <Text size="sm">
            {t('heir_consent.estate.counts', { consented: b.consented, refused: b.refused, pending: b.pending })}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('heir_consent.estate.heir')}</Table.Th>
                  <Table.Th>{t('heir_consent.estate.decision')}</Table.Th>
                  <Table.Th>{t('heir_consent.estate.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {b.heirs.map((h) => (
                  <Table.Tr key={h.heir_id}>
                    <Table.Td>{h.name}</Table.Td>
                    <Table.Td>{t(`heir_consent.estate.status.${h.status}`)}</Table.Td>
                    <Table.Td>{h.decided_at ? formatDateTime(h.decided_at, i18n.language) : '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
      {c.can_mark_wards && c.heirs.length > 0 && (
        <Stack gap={4} data-testid="consent-wards">
          <Text fw={600}>{t('heir_consent.estate.wards')}</Text>
          {c.heirs.map((h) => (
            <Group key={h.id} justify="space-between" wrap="wrap">
              <Text size="sm">
                {h.name} — {t(`heir_consent.estate.capacity.${h.capacity}`)}
              </Text>
              {(h.capacity === 'adult' || h.capacity === 'guardianship') && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void mark(h.id, h.capacity !== 'guardianship').catch(() => {})}
                >
                  {t(h.capacity === 'guardianship' ? 'heir_consent.estate.unmark' : 'heir_consent.estate.mark')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component="button" type="button" onClick={() => void record()}>
        {t('heir_consent.estate.record')}
      </Anchor>
    </Stack>
  );
}
