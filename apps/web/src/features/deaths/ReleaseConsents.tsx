/**
 * The heirs' consent on the release page (issue 40 item 5; ADR 0275), shown under an heir's documents once they have
 * opened their release with the code and their MyKad (ReleasePage.tsx). `GET /api/public/release/{id}/consents
 * ?expires&signature&access` → the bequests that need the heirs' consent (a bequest to an heir, or beyond one third),
 * each with its amount (sen, shown as ringgit) and reason; an adult heir consents or refuses each one on its own
 * (`POST …/consents { bequest_ref, decision, confirm: true }`) after a confirmation that says the decision is final;
 * the decision and its time are shown after. A minor, an heir under guardianship, one whose age cannot be read and one
 * faraid excludes see why they do not decide (the server's message); a non-heir sees nothing here. The sealed consent
 * record downloads as a PDF (`GET …/consent-record`). Shown only to a release whose estate role has
 * `estate:consent:decide`, the record's button only with `estate:consent-record:read` (ReleasePage.tsx, domain
 * `canInEstate`; ADR 0288). One column, full-width buttons: made for a phone.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/features/wills/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';

/** One bequest as the heir sees it. */
interface HeirConsentBequest {
  bequest_ref: string;
  reason: 'to_heir' | 'beyond_third';
  reason_text: string;
  amount_sen: number | null;
  label: string;
  to: string[];
  status: string;
  decided_at: string | null;
  can_decide: boolean;
}

/** `GET /api/public/release/{id}/consents` → `{ consents }`. */
export interface HeirConsents {
  heir_name: string | null;
  capacity: 'adult' | 'minor' | 'guardianship' | 'age_unknown' | 'excluded' | 'deceased' | 'not_heir';
  why: string | null;
  bequests: HeirConsentBequest[];
}

/** Props: the release's API path (`public/release/{id}`), its signed query and the access token. */
export interface ReleaseConsentsProps {
  base: string;
  signed: string;
  access: string;
  /** Save a downloaded PDF (ReleasePage's `saveBlob`). */
  save: (blob: Blob, filename: string) => void;
  /** Whether the release's estate role may download the sealed record (`estate:consent-record:read`; ADR 0288). */
  canRecord: boolean;
}

/** The consent section; see the file comment. */
export function ReleaseConsents({ base, signed, access, save, canRecord }: ReleaseConsentsProps) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = `${signed}&access=${encodeURIComponent(access)}`;
  const key = ['release-consents', base, access];
  const q = useQuery({
    queryKey: key,
    queryFn: () => publicApi.get<{ consents: HeirConsents }>(`${base}/consents?${query}`, undefined, { silent: true }),
    retry: false,
  });
  const [asking, setAsking] = useState<{ ref: string; decision: 'consented' | 'refused' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const c = q.data?.consents;

  async function confirm() {
    if (!asking) return;
    setBusy(true);
    setError(null);
    try {
      const out = await publicApi.post<{ message: string; consents: HeirConsents }>(
        `${base}/consents?${query}`,
        { bequest_ref: asking.ref, decision: asking.decision, confirm: true },
        { silent: true },
      );
      qc.setQueryData(key, { consents: out.consents });
      setDone(out.message);
      setAsking(null);
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.errors)[0]?.[0] ?? err.firstMessage) : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function record() {
    save(await publicApi.downloadPdf(`${base}/consent-record?${query}`), 'rekod-persetujuan-waris.pdf');
  }

  if (q.isPending) return <Text size="sm">{t('heir_consent.loading')}</Text>;
  if (!c || c.capacity === 'not_heir') return null;
  return (
    <Stack data-testid="release-consents">
      <Title order={2} size="h3">
        {t('heir_consent.title')}
      </Title>
      <Text size="sm">{t('heir_consent.intro')}</Text>
      {c.why && <Notice color="yellow">{c.why}</Notice>}
      {done && <Notice color="green">{done}</Notice>}
      {c.bequests.length === 0 && <Text>{t('heir_consent.none')}</Text>}
      {c.bequests.map((b) => (
        <Card withBorder key={b.bequest_ref} padding="sm" data-testid={`consent-${b.bequest_ref}`}>
          <Stack gap={6}>
            <Text fw={600}>{b.label}</Text>
            <Badge variant="light" color={b.reason === 'to_heir' ? 'blue' : 'grape'}>
              {b.reason_text}
            </Badge>
            <Text size="sm">
              {b.amount_sen === null
                ? t('heir_consent.amount_unknown')
                : t('heir_consent.amount', { amount: formatRinggit(b.amount_sen) })}
            </Text>
            {b.to.length > 0 && <Text size="sm">{t('heir_consent.to', { names: b.to.join(', ') })}</Text>}
            {(b.status === 'consented' || b.status === 'refused') && (
              <Text fw={600} c={b.status === 'consented' ? 'green.8' : 'red.8'}>
                {t(`heir_consent.status.${b.status}`, { at: formatDateTime(b.decided_at, i18n.language) })}
              </Text>
            )}
            {b.status === 'own' && <Text size="sm">{t('heir_consent.status.own')}</Text>}
            {b.can_decide && asking?.ref !== b.bequest_ref && (
              <Group grow>
                <Button color="green" onClick={() => setAsking({ ref: b.bequest_ref, decision: 'consented' })}>
                  {t('heir_consent.consent')}
                </Button>
                <Button
                  color="red"
                  variant="outline"
                  onClick={() => setAsking({ ref: b.bequest_ref, decision: 'refused' })}
                >
                  {t('heir_consent.refuse')}
                </Button>
              </Group>
            )}
            {asking?.ref === b.bequest_ref && (
              <Stack gap={6} data-testid="consent-confirm">
                <Text size="sm" fw={600}>
                  {t(asking.decision === 'consented' ? 'heir_consent.confirm_consent' : 'heir_consent.confirm_refuse', {
                    label: b.label,
                  })}
                </Text>
                <FormError message={error ?? undefined} />
                <Button loading={busy} onClick={() => void confirm()} fullWidth>
                  {t('heir_consent.confirm')}
                </Button>
                <Button variant="default" onClick={() => setAsking(null)} fullWidth>
                  {t('heir_consent.cancel')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Card>
      ))}
      {canRecord && (
        <Button variant="default" onClick={() => void record()} fullWidth>
          {t('heir_consent.record')}
        </Button>
      )}
    </Stack>
  );
}
