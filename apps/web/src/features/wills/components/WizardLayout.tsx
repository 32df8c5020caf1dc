/**
 * The will wizard frame (spec §2 "sidebar wizard"; docs/api/wills.md "Wizard parts"): the page heading,
 * the will's state (status 1 waiting, status 3 with the staff's reason — spec §4), a sidebar listing the
 * parts in order with done/locked as text, and the current part. A locked part is not a link, and opening
 * its URL redirects to the first unlocked part not yet done.
 */
import { Badge, Box, Button, Grid, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
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
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <CollapsibleParts will={will} wasiatId={wasiatId} current={part?.key} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet context={ctx} />
        </Grid.Col>
      </Grid>
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

/**
 * The part list, collapsed on phones and small tablets (below Mantine's `md`, 62em; ADR 0151, issue 17 item
 * 12): a button names the current part and its place ("Bahagian 3 daripada 8: …") and shows or hides the
 * list (`aria-expanded`), so the form starts at the top of the screen. From `md` up the list always shows
 * beside the form and the button is hidden.
 */
export function CollapsibleParts(props: { will: Will | null; wasiatId: string | null; current?: PartKey }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const parts = visibleParts(props.will);
  const at = parts.findIndex((p) => p.key === props.current);
  const now = at >= 0 ? t(parts[at].labelKey) : '';
  return (
    <>
      <Button
        hiddenFrom="md"
        variant="default"
        fullWidth
        justify="space-between"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls="wizard-parts"
        rightSection={<span aria-hidden="true">{opened ? '▲' : '▼'}</span>}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        h="auto"
        py={6}
        data-testid="wizard-parts-toggle"
      >
        {at >= 0
          ? t('wills.wizard.parts_toggle', { n: at + 1, total: parts.length, part: now })
          : t('wills.wizard.parts_nav')}
      </Button>
      <Box id="wizard-parts" className={opened ? undefined : 'wasiat-collapsed-below-md'}>
        <WizardSidebar {...props} />
      </Box>
    </>
  );
}

/** The parts in order; done and locked are said in words (not only colour); a locked part is not a link. */
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
  return (
    <nav aria-label={t('wills.wizard.parts_nav')}>
      {visibleParts(will).map((p, i) => {
        const unlocked = isUnlocked(will, p.key);
        const done = isDone(will, p.key);
        const state = done ? t('wills.wizard.done') : unlocked ? t('wills.wizard.todo') : t('wills.wizard.locked');
        const label = `${i + 1}. ${t(p.labelKey)}`;
        const badge = (
          <Badge key="state" size="xs" variant="filled" color={done ? 'teal.9' : unlocked ? 'blue.9' : 'gray.7'}>
            {state}
          </Badge>
        );
        return unlocked ? (
          <NavLink
            key={p.key}
            component={Link}
            to={partUrl(p, wasiatId)}
            label={label}
            rightSection={badge}
            active={current === p.key}
            variant="filled"
            aria-current={current === p.key ? 'step' : undefined}
            data-testid={`part-link-${p.key}`}
          />
        ) : (
          <NavLink
            key={p.key}
            component="div"
            label={label}
            rightSection={badge}
            disabled
            aria-disabled="true"
            data-testid={`part-link-${p.key}`}
          />
        );
      })}
    </nav>
  );
}
