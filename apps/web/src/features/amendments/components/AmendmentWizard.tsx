/**
 * The frame of the amendment wizard /wasiat/{wasiat_id}/pindaan-* (spec §2; reference §3.5): loads the
 * will's current amendment (`[0]` of GET /api/wasiat/{id}/amendment), shows its reference, status and
 * timeline, and the instruments' step list (components/instrument/StepFrame.tsx; the current page marked
 * `aria-current="step"`) of parts a–i, the property pages and the draft review. Parts read the
 * amendment from the outlet context; the draft is editable only while drafting (status 0) and paid.
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { StepFrame } from '@/components/instrument/StepFrame.tsx';
import { Busy, Notice } from '@/features/wills/index.ts';
import { useAmendment, useRefreshAmendments, useWillAmendments } from '../api.ts';
import type { Amendment, Draft } from '../types.ts';
import { AmendmentStatusBadge, AmendmentTimeline } from './AmendmentStatus.tsx';

export interface AmendmentContext {
  wasiatId: string;
  amendment: Amendment;
  draft: Draft;
  /** Drafting (status 0) and paid: the draft may be changed. */
  editable: boolean;
  refresh: () => Promise<unknown>;
}
export const useAmendmentContext = () => useOutletContext<AmendmentContext>();

/** The wizard's pages in order (route suffix after `/wasiat/{id}/`). */
export const AMENDMENT_PAGES = [
  'pindaan-a',
  'pindaan-b',
  'pindaan-ekyc',
  'pindaan-c',
  'pindaan-d',
  'pindaan-harta-tak-alih',
  'pindaan-harta-alih',
  'pindaan-e',
  'pindaan-f',
  'pindaan-g',
  'pindaan-h',
  'pindaan-i',
  'pindaan-draf',
] as const;

export function AmendmentWizard() {
  const { t } = useTranslation();
  const { wasiat_id = '' } = useParams();
  const { pathname } = useLocation();
  const list = useWillAmendments(wasiat_id);
  const current = list.data?.[0];
  const one = useAmendment(current?.id);
  const refreshAll = useRefreshAmendments();
  if (list.isLoading || (current && one.isLoading)) return <Busy />;
  if (!current || !one.data?.draft) {
    return (
      <Stack>
        <Title order={1}>{t('amendments.wizard.title')}</Title>
        <Notice color="yellow">{t('amendments.wizard.none')}</Notice>
        <Anchor component={Link} to="/wasiat/MohonPindaan">
          {t('amendments.apply.title')}
        </Anchor>
      </Stack>
    );
  }
  const a = one.data;
  const ctx: AmendmentContext = {
    wasiatId: wasiat_id,
    amendment: a,
    draft: a.draft as Draft,
    editable: a.status === 0 && a.paid === 1,
    refresh: refreshAll,
  };
  return (
    <Stack>
      <Title order={1}>
        {t('amendments.wizard.title')} {a.reference_no}
      </Title>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Text>
            {t('amendments.f.status')}: <AmendmentStatusBadge status={a.status} />
          </Text>
          <AmendmentTimeline status={a.status} />
          {a.status === 0 && a.paid !== 1 && <Notice color="yellow">{t('amendments.wizard.unpaid')}</Notice>}
          {a.reason && (
            <Text>
              {t('amendments.f.reason')}: {a.reason}
            </Text>
          )}
        </Stack>
      </Paper>
      <StepFrame
        label={t('amendments.wizard.parts')}
        steps={AMENDMENT_PAGES.map((p) => ({
          key: p,
          label: t(`amendments.pages.${p}`),
          href: `/wasiat/${wasiat_id}/${p}`,
          testId: `amendment-step-${p}`,
        }))}
        current={AMENDMENT_PAGES.find((p) => pathname.endsWith(`/${p}`))}
      >
        <Outlet context={ctx} />
      </StepFrame>
    </Stack>
  );
}
