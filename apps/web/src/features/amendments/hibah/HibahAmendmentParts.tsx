/**
 * The parts of a hibah amendment's page (ADR 0038; docs/api/amendments.md "Hibah amendments"): summary
 * (payment; once succeeded, the amended hibah — ADR 0098), receivers, caretakers (of minor receivers),
 * witnesses, submit (PDPA, confirmation, the amendment's eKYC, a code bound to the hibah — ADR 0097; an
 * officer's actions for staff) and the draft review (sign, accept or reject within 14 days). The MyKad &
 * eKYC part is HibahIdentityPart.tsx; the people parts are in HibahPeopleParts.tsx and submit and the draft
 * review in HibahReviewParts.tsx (both re-exported here). The property pages, message and documents reuse
 * the will amendment wizard's parts. Saves replace a section of the draft (`PATCH /api/amendment/{id}/draft`);
 * the server checks the grantor-only rule and the rules of the hibah (shares, caretakers of minors, witnesses).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRinggit, HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { OfflinePayment } from '@/features/payments/index.ts';
import { DetailTable, useLang } from '@/features/wills/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { PindaanF, PindaanG } from '../parts/FlowParts.tsx';
import { payHibahAmendment } from './api.ts';
import { AmendedHibahLink } from './HibahDocuments.tsx';
import { isGrantor, useHibahContext } from './hibah-context.ts';

export { HibahCaretakersPart, HibahReceiversPart, HibahWitnessesPart } from './HibahPeopleParts.tsx';
export { HibahDraftPart, HibahSubmitPart } from './HibahReviewParts.tsx';

/** The amendment's facts; the grantor pays here when a price is due (online, or offline: ADR 0285). */
export function HibahSummaryPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a, refresh } = useHibahContext();
  const d = (v: string | null) => formatDateTime(v, lang) || '—';
  const type = a.amendmentable.hibah_type;
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.summary')}</Title>
      <DetailTable
        caption={t('hibahAmendments.pages.summary')}
        rows={[
          [t('hibahAmendments.f.reference_no'), a.reference_no],
          [t('hibahAmendments.f.hibah_number'), a.amendmentable.hibah_number ?? '—'],
          [t('hibahAmendments.f.product'), type ? labelOf(HIBAH_TYPES, type, lang) : '—'],
          [t('hibahAmendments.f.grantor'), a.amendmentable.user?.name ?? '—'],
          [t('amendments.f.count'), String(a.count)],
          [t('amendments.f.officer'), a.handled_by?.name ?? '—'],
          [t('amendments.f.price'), a.price_sen ? formatRinggit(a.price_sen) : t('hibahAmendments.f.free')],
          [t('amendments.f.paid'), a.paid ? t('common.yes') : t('common.no')],
          [t('amendments.f.applied_at'), d(a.applied_at)],
          [t('amendments.f.submitted_at'), d(a.submitted_at)],
          [t('amendments.f.approved_at'), d(a.approved_at)],
          [t('amendments.f.expires_at'), d(a.expires_at)],
        ]}
      />
      {a.status === 0 && !a.paid && isGrantor(a.user_id) && (
        // Or paid outside the platform: "Luar Talian", confirmed by the accountant (ADR 0285); while such a
        // declaration awaits, it is shown in place of the gateway's "pay" (ADR 0291).
        <OfflinePayment paymentableType="Amendment" paymentableId={a.id} onRecorded={() => void refresh()}>
          <Group>
            <Button onClick={() => payHibahAmendment(a)} data-testid="pay-hibah-amendment">
              {t('hibahAmendments.list.pay', { amount: formatRinggit(a.price_sen ?? 0) })}
            </Button>
          </Group>
        </OfflinePayment>
      )}
      {a.status === 2 && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text>{t('hibahAmendments.documents.amended_intro')}</Text>
            <AmendedHibahLink amendmentId={a.id} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The message to the officer and supporting documents (the will amendment's parts f and g). */
export function HibahMessagePart() {
  return (
    <Stack>
      <PindaanF />
      <PindaanG />
    </Stack>
  );
}
