/**
 * The will wizard frame (spec §2 "sidebar wizard"; docs/api/wills.md "Wizard parts"): the page heading,
 * the will's state (status 1 waiting, status 3 with the staff's reason — spec §4), the instruments' step list
 * (components/instrument/StepFrame.tsx: the parts in order with done/locked as text, the current part marked
 * `aria-current="step"`, collapsed below `md`), and the current part. A locked part is not a link, and opening
 * its URL redirects to the first unlocked part not yet done.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { StepFrame, StepList, type WizardStep } from '@/components/instrument/StepFrame.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { useRefreshWill, useWasiatId, useWill } from '../hooks/useWill.ts';
import {
  isDone,
  isEditable,
  isUnlocked,
  nextPart,
  partForPath,
  partUrl,
  redirectFor,
  resumePart,
  visibleParts,
} from '../lib/parts.ts';
import type { PartKey, Will } from '../types.ts';
import { Busy } from './Busy.tsx';

/** What every part page receives from the frame. */
export interface WizardContext {
  will: Will | null;
  wasiatId: string | null;
  /** Saves are allowed (status 0 or 3; docs/api/wills.md). */
  editable: boolean;
  /** Use a will (after part A created or found it). */
  setWasiatId: (id: string) => void;
  /** Re-read the will after a save; returns the fresh will. */
  refresh: () => Promise<Will | null>;
  /** Re-read the will and open the part after `key`. */
  goNext: (key: PartKey, willId?: string) => Promise<void>;
}

/** The part pages read the frame's context with this hook. */
export const useWizard = () => useOutletContext<WizardContext>();

/** The wizard frame; see the file comment. */
export function WizardLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // `?resume=1` (the dashboard's "continue"): open the part in progress at once (issue 17 item 13).
  const [params] = useSearchParams();
  const resume = params.get('resume') === '1';
  const { wasiatId, resolving, setWasiatId } = useWasiatId();
  const { will, isLoading, notFound } = useWill(wasiatId);
  const refreshWill = useRefreshWill();
  const part = partForPath(location.pathname);

  const refresh = useCallback(async () => (wasiatId ? refreshWill(wasiatId) : null), [wasiatId, refreshWill]);
  const goNext = useCallback(
    async (key: PartKey, willId?: string) => {
      const id = willId ?? wasiatId;
      const fresh = id ? await refreshWill(id) : null;
      const next = nextPart(fresh, key);
      const target = next && isUnlocked(fresh, next.key) ? next : resumePart(fresh);
      navigate(partUrl(target, id));
    },
    [wasiatId, refreshWill, navigate],
  );

  // The page's heading shows at once, the spinner under it while the will loads: the heading is the same element
  // once the will is there (same place in the tree), so it paints once and keeps the focus (issue 18 item 4).
  const heading = <Title order={1}>{t('wills.wizard.title')}</Title>;
  if (resolving || (wasiatId && isLoading))
    return (
      <Stack>
        {heading}
        <Busy />
      </Stack>
    );
  if (notFound) return <NotFoundPage />;
  if (part && wasiatId && will) {
    const to = resume ? resumePart(will) : redirectFor(will, part.key);
    if (to) return <Navigate to={partUrl(to, wasiatId)} replace />;
  } else if (part && part.key !== 'a') {
    return <Navigate to={partUrl(resumePart(null), wasiatId)} replace />;
  }

  const ctx: WizardContext = { will, wasiatId, editable: isEditable(will), setWasiatId, refresh, goNext };
  return (
    <Stack>
      {heading}
      {will?.wasiat_no && <Text>{t('wills.wizard.number', { no: will.wasiat_no })}</Text>}
      <WillStateAlert will={will} />
      <StepFrame label={t('wills.wizard.parts_nav')} steps={willSteps(will, wasiatId, t)} current={part?.key}>
        <Outlet context={ctx} />
      </StepFrame>
    </Stack>
  );
}

/** Status 1, 2 and 3 explained at the top of the wizard (spec §4). */
export function WillStateAlert({ will }: { will: Will | null }) {
  const { t } = useTranslation();
  if (!will) return null;
  if (will.status === 3)
    return (
      <Notice color="orange" title={t('wills.status.3')} data-testid="rejected-reason">
        <Text>{t('wills.wizard.rejected_reason', { reason: will.rejected_reason ?? '' })}</Text>
        <Text size="sm">{t('wills.wizard.rejected_help')}</Text>
      </Notice>
    );
  if (will.status === 1)
    return (
      <Notice color="blue" title={t('wills.status.1')}>
        {t('wills.wizard.waiting_help')}
      </Notice>
    );
  if (will.status === 2)
    return (
      <Notice color="green" title={t('wills.status.2')}>
        {t('wills.wizard.registered_help')}
      </Notice>
    );
  return null;
}

/** The will's parts as the instruments' wizard steps: done, to do or locked, a locked part not a link. */
export function willSteps(will: Will | null, wasiatId: string | null, t: TFunction): WizardStep[] {
  return visibleParts(will).map((p, i) => ({
    key: p.key,
    label: `${i + 1}. ${t(p.labelKey)}`,
    href: partUrl(p, wasiatId),
    done: isDone(will, p.key),
    locked: !isUnlocked(will, p.key),
    testId: `part-link-${p.key}`,
  }));
}

/** The parts in order (the instruments' step list); done and locked are said in words (not only colour). */
export function WizardSidebar({
  will,
  wasiatId,
  current,
}: {
  will: Will | null;
  wasiatId: string | null;
  current?: PartKey;
}) {
  const { t } = useTranslation();
  return <StepList label={t('wills.wizard.parts_nav')} steps={willSteps(will, wasiatId, t)} current={current} />;
}
