/**
 * /verification/{wasiat_id}/success — what a testator sees after confirming through the public link an agent
 * sent (spec §2 "Public"; issue 17 item 2; the flow of ADR 0091: /ekyc face check → /ekyc/validation
 * particulars → here). With the public session of that link (`GET /api/ekyc/public/status`, public token) and
 * the same will, it greets the testator by name with the time of the eKYC confirmation; otherwise (a
 * bookmark, another browser, an expired session) it says the verification through the link is complete and
 * how to resume if it was not — it never shows another person's data, and is never a not-found page.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PublicEkyc } from '@/features/ekyc/index.ts';
import { Busy, Notice } from '@/features/wills/index.ts';
import { publicApi } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { session } from '@/lib/storage.ts';

/** The success page; see the file comment. */
export function VerificationSuccessPage() {
  const { t, i18n } = useTranslation();
  const { wasiat_id } = useParams();
  const hasPublicToken = !!session.publicToken();
  const q = useQuery({
    queryKey: ['public', 'ekyc-status', wasiat_id],
    enabled: hasPublicToken,
    queryFn: async () => {
      try {
        return (await publicApi.get<{ ekyc: PublicEkyc }>('ekyc/public/status', undefined, { silent: true })).ekyc;
      } catch {
        return null;
      }
    },
  });
  if (hasPublicToken && q.isLoading) return <Busy />;
  const ekyc = q.data && String(q.data.wasiat_id) === wasiat_id && q.data.ekyc_verified_at ? q.data : null;
  return (
    <Stack data-testid="verification-success">
      <Title order={1}>{t('public.verification_success.title')}</Title>
      <Notice color="green">
        {ekyc
          ? t('public.verification_success.text', { name: ekyc.name })
          : t('public.verification_success.text_generic')}
      </Notice>
      {ekyc?.ekyc_verified_at && (
        <Text>
          {t('public.verification_success.verified_at')}: {formatDateTime(ekyc.ekyc_verified_at, i18n.language)}
        </Text>
      )}
      <Title order={2} size="h4">
        {t('public.verification_success.next_title')}
      </Title>
      <Text>{t('public.verification_success.next')}</Text>
      {!ekyc && <Text size="sm">{t('public.verification_success.not_done')}</Text>}
    </Stack>
  );
}
