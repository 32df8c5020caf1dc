/**
 * /wasiat/{wasiat_id}/details — everything of a will, read-only (GET /api/wasiat/{id} and its lists);
 * for status 2 the will PDF, the receipt and the public verification link. With ?pengesahan=1, or at
 * /wasiat/pengesahan/{wasiat_id}, staff also see the review panel (confirm / cancel for update).
 * A will the API answers 404 for shows the "not found" page (DESIGN.md §3). Staff, officers and admins
 * also see the will's audit history (RecordHistory, issue 11). A registered will shows whether its executed original
 * (signed by hand) is held, and the panel to upload and check it (components/ExecutedOriginal.tsx; ADR 0266).
 */
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { formatRinggit, labelOf, WILL_PLANS, WILL_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { AcceptancesPanel } from '@/features/acceptances/index.ts';
import { WillVersionPanel } from '@/features/amendments/index.ts';
import { RecordHistory } from '@/features/audit/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { Busy } from '../components/Busy.tsx';
import { DetailTable } from '../components/DetailTable.tsx';
import { WillDownloads } from '../components/Downloads.tsx';
import { ExecutedOriginalBadge, ExecutedOriginalPanel } from '../components/ExecutedOriginal.tsx';
import { ReviewPanel } from '../components/ReviewPanel.tsx';
import { SignatureStatusNotice, useSignatureStatus } from '../components/SignatureStatus.tsx';
import { WillSections } from '../components/WillSections.tsx';
import { WillStatusBadge } from '../components/WillStatus.tsx';
import { useWill } from '../hooks/useWill.ts';
import { partUrl, resumePart } from '../lib/parts.ts';

/** The details page; `review` shows the staff review panel. */
export function WillDetailsPage({ review = false }: { review?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { wasiat_id } = useParams();
  const [params] = useSearchParams();
  const showReview = review || params.get('pengesahan') === '1';
  const { will, isLoading, notFound } = useWill(wasiat_id, 'organization,branch,agent,user,userDetail');
  // Whose signature is of an earlier version: staff see it before they confirm (issue 17 item 4).
  const signatures = useSignatureStatus(will && will.status !== 2 ? will.id : null);
  if (isLoading) return <Busy />;
  if (notFound || !will) return <NotFoundPage />;
  const payment = will.payment_status ? t(`payments.status.${will.payment_status}`) : '—';
  return (
    <Stack>
      <Title order={1}>{showReview ? t('wills.verify.review_title') : t('wills.details.title')}</Title>
      <SignatureStatusNotice status={signatures.status} wasiatId={will.id} />
      <DetailTable
        caption={t('wills.details.summary')}
        rows={[
          [t('wills.f.wasiat_no'), will.wasiat_no],
          [t('wills.f.status'), <WillStatusBadge key="s" status={will.status} />],
          [
            t('executed_original.panel.title'),
            will.status === 2 ? <ExecutedOriginalBadge key="eo" at={will.executed_original_at} /> : null,
          ],
          [t('wills.f.rejected_reason'), will.status === 3 ? will.rejected_reason : null],
          [t('wills.f.wasiat_type'), labelOf(WILL_TYPES, will.wasiat_type ?? null, lang)],
          [t('wills.f.plan'), labelOf(WILL_PLANS, will.plan ?? null, lang)],
          [t('wills.f.organization'), will.organization?.name],
          [t('wills.f.branch'), will.branch?.branch_name],
          [t('wills.f.agent'), will.agent?.name],
          [t('wills.pay.price'), will.price_sen != null ? formatRinggit(will.price_sen) : null],
          [t('wills.pay.discount'), will.discount_sen ? formatRinggit(will.discount_sen) : null],
          [t('wills.pay.status'), payment],
          [t('wills.f.created_at'), formatDateTime(will.created_at, lang)],
          [t('wills.f.registered_at'), formatDateTime(will.registered_at, lang)],
        ]}
      />
      {showReview && <ReviewPanel will={will} />}
      <Group>
        <WillDownloads will={will} />
      </Group>
      <Group>
        <Anchor component={Link} to={`/wasiat/${will.id}/IC`}>
          {t('wills.details.view_ic')}
        </Anchor>
        {(will.status === 0 || will.status === 3) && !showReview && (
          <Anchor component={Link} to={partUrl(resumePart(will), will.id)}>
            {t('wills.list.continue')}
          </Anchor>
        )}
      </Group>
      {will.status === 2 && <ExecutedOriginalPanel willId={will.id} />}
      {/* Who the will names and whether they accepted (issue 41 item 3; ADR 0276). */}
      <AcceptancesPanel willId={will.id} />
      <WillVersionPanel willId={will.id} status={will.status} />
      <WillSections will={will} />
      <RecordHistory entityType="Wasiat" entityId={will.id} />
    </Stack>
  );
}

/** /wasiat/pengesahan/{wasiat_id}: the details page with the staff review panel. */
export function WillReviewPage() {
  return <WillDetailsPage review />;
}
