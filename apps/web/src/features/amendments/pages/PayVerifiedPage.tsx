/**
 * /wasiat/{wasiat_id}/pindaanPayVerified — where the gateway returns after an amendment payment
 * (reference §1.9: `?status=1` success, anything else failed/pending). Shows the result and the way on.
 */
import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Notice } from '@/features/wills/index.ts';

export function PayVerifiedPage() {
  const { t } = useTranslation();
  const { wasiat_id } = useParams();
  const [params] = useSearchParams();
  const ok = params.get('status') === '1';
  return (
    <Stack>
      <Title order={1}>{t('amendments.paid.title')}</Title>
      <Notice color={ok ? 'green' : 'red'} role="status" data-testid="amendment-payment-result">
        {ok ? t('amendments.paid.ok') : t('amendments.paid.failed')}
      </Notice>
      {ok ? (
        <Anchor component={Link} to={`/wasiat/${wasiat_id}/pindaan-a`}>
          {t('amendments.apply.continue')}
        </Anchor>
      ) : (
        <Anchor component={Link} to="/wasiat/MohonPindaan">
          {t('amendments.apply.title')}
        </Anchor>
      )}
    </Stack>
  );
}
