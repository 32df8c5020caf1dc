/**
 * What a hibah gives (`GET /api/hibah/{id}/summary`; issue 21 item 3): per receiver the property and the
 * share, whether a minor, the caretaker with the allowance, a corporate grantor's company and signatories — the facts the certificate prints, labels in
 * "Malay / English" from the server — and the document version (SHA-256) being agreed to. Shown where the
 * grantor accepts the draft and where staff approve, so nobody agrees to what they have not seen.
 */
import { Alert, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';

interface Summary {
  receivers: {
    name: string;
    ic: string;
    relationship: string;
    minor: boolean;
    shares: { property: string; portion: string }[];
    caretakers: {
      name: string;
      ic: string;
      relationship: string;
      allowance: { amount: string; frequency: string } | null;
    }[];
  }[];
  properties: { line: string; kind: string }[];
  /** The grantor company of a corporate hibah (ADR 0165), else null. */
  company?: {
    name: string;
    registration_number: string;
    signatories: { name: string; ic_number: string; designation: string }[];
  } | null;
  document_sha256: string;
}

/** The summary of hibah `hibahId` (see the module comment). */
export function HibahSummary({ hibahId }: { hibahId: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['hibah', hibahId, 'summary'],
    queryFn: async () => (await api.get<{ summary: Summary }>(`hibah/${hibahId}/summary`)).summary,
  });
  if (q.isLoading) return <Loader size="sm" />;
  if (!q.data) return <Alert color="red">{t('hibah.summary.unavailable')}</Alert>;
  return (
    <Paper withBorder p="md" data-testid="hibah-summary">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('hibah.summary.title')}
        </Title>
        {q.data.company ? (
          <Stack gap={2} data-testid="hibah-summary-company">
            <Text fw={600}>
              {t('hibah.summary.company')}: {q.data.company.name} ({q.data.company.registration_number})
            </Text>
            <Text size="sm">{t('hibah.summary.signatories')}:</Text>
            <List size="sm">
              {q.data.company.signatories.map((s) => (
                <List.Item key={s.ic_number}>
                  {s.name} ({s.ic_number}) — {s.designation}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {q.data.receivers.map((r) => (
          <Stack key={`${r.name}${r.ic}`} gap={2}>
            <Text fw={600}>
              {r.name} ({r.ic}) — {r.relationship}
              {r.minor ? ` · ${t('hibah.summary.minor')}` : ''}
            </Text>
            <List size="sm">
              {r.shares.map((s) => (
                <List.Item key={s.property}>
                  {t('hibah.party.share', { property: s.property, portion: s.portion })}
                </List.Item>
              ))}
              {r.caretakers.map((c) => (
                <List.Item key={c.name + c.ic}>
                  {t('hibah.party.caretaker', { name: c.name, ic: c.ic, relationship: c.relationship })}{' '}
                  {c.allowance
                    ? t('hibah.party.allowance', { amount: c.allowance.amount, frequency: c.allowance.frequency })
                    : t('hibah.party.no_allowance')}
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          {t('hibah.party.version', { sha: q.data.document_sha256 })}
        </Text>
      </Stack>
    </Paper>
  );
}
