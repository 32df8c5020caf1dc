/**
 * What a hibah gives (`GET /api/hibah/{id}/summary`; issue 21 item 3): per receiver the property and the
 * share, whether a minor, the caretaker with the allowance, a corporate grantor's company and signatories, the
 * trust's terms as entered in part D (purpose, property source, period, distribution instructions; issue 37
 * item 5) — the facts the certificate prints, labels in
 * "Malay / English" from the server — and the document version (SHA-256) being agreed to. Shown where the
 * grantor accepts the draft and where staff approve, so nobody agrees to what they have not seen.
 */
import { Alert, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';

/** The trust's terms in printed order, each with its part D field label (`hibah.f.*`). */
const TRUST_TERMS = [
  ['purposeType', 'trust_purpose_type'],
  ['purpose', 'trust_purpose'],
  ['propertySource', 'hibah_property_source'],
  ['period', 'period'],
  ['otherPeriodInstructions', 'other_period_instructions'],
  ['distributionLifetime', 'distribution_lifetime_instruction'],
  ['distributionAfterDeath', 'distribution_after_death_instruction'],
] as const;
type TrustTerm = (typeof TRUST_TERMS)[number][0];

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
  /** The trust's terms as the certificate prints them (null: not entered); absent from older servers. */
  trust?: Partial<Record<TrustTerm, string | null>>;
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
        <TrustTerms trust={q.data.trust} />
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

/** The trust's terms that were entered, one labelled line each; nothing when none was entered. */
function TrustTerms({ trust }: { trust: Summary['trust'] }) {
  const { t } = useTranslation();
  const entered = TRUST_TERMS.filter(([k]) => trust?.[k]);
  if (!entered.length) return null;
  return (
    <Stack gap={2} data-testid="hibah-summary-trust">
      <Text fw={600}>{t('hibah.summary.trust_terms')}</Text>
      <List size="sm">
        {entered.map(([k, label]) => (
          <List.Item key={k} data-testid={`hibah-summary-trust-${k}`}>
            {t(`hibah.f.${label}`)}: <span style={{ whiteSpace: 'pre-wrap' }}>{trust?.[k]}</span>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
