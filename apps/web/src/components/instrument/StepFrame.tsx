/**
 * The frame of every instrument wizard (issue 34 "One instrument"; spec §2 "sidebar wizard"): the will's parts,
 * the hibah's parts, a will amendment's and a hibah amendment's pages. A list of the steps in order beside the
 * current step's content:
 * - the current step carries `aria-current="step"`, so a screen reader announces it (WCAG 1.3.1, 4.1.2), not
 *   only its colour (ADR 0234);
 * - a step's state is said in words (a badge "Selesai" / "Belum selesai" / "Dikunci" where the wizard tracks it;
 *   WCAG 1.4.1); a locked step is not a link;
 * - below Mantine's `md` (62em) the list collapses behind a button naming the current step and its place
 *   ("Bahagian 3 daripada 8: …"; `aria-expanded`), so the form starts at the top of a phone (ADR 0151).
 * The steps come from the wizard (labels already translated, hrefs or callbacks); this file knows no feature.
 */
import { Badge, Box, Button, Grid, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One step of a wizard. */
export interface WizardStep {
  /** Unique within the wizard; `current` names it. */
  key: string;
  /** The translated label shown (and read) for the step. */
  label: string;
  /** Where the step opens (a link); or `onSelect` (a button). */
  href?: string;
  onSelect?: () => void;
  /** Whether the step is done; undefined when the wizard does not track it (no badge then). */
  done?: boolean;
  /** A locked step is no link: `true` says "Dikunci" in a badge; a sentence says why, under the label. */
  locked?: boolean | string;
  /** `data-testid` of the step's row. */
  testId?: string;
}

/** Props of {@link StepList}: the list's accessible name, the steps in order and the current step's key. */
export interface StepListProps {
  label: string;
  steps: readonly WizardStep[];
  current?: string;
}

/** The steps in order, the current one marked `aria-current="step"`; see the file comment. */
export function StepList({ label, steps, current }: StepListProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      {steps.map((s) => {
        const state =
          s.locked === true
            ? { text: t('instrument.wizard.locked'), color: 'gray.7' }
            : s.done === undefined || s.locked
              ? null
              : s.done
                ? { text: t('instrument.wizard.done'), color: 'teal.9' }
                : { text: t('instrument.wizard.todo'), color: 'blue.9' };
        const badge = state ? (
          <Badge key="state" size="xs" variant="filled" color={state.color}>
            {state.text}
          </Badge>
        ) : undefined;
        const common = { label: s.label, rightSection: badge, 'data-testid': s.testId };
        if (s.locked)
          return (
            <NavLink
              key={s.key}
              component="div"
              {...common}
              description={typeof s.locked === 'string' ? s.locked : undefined}
              disabled
              aria-disabled="true"
            />
          );
        const here = current === s.key;
        const marks = {
          active: here,
          variant: 'filled' as const,
          'aria-current': here ? ('step' as const) : undefined,
        };
        return s.href !== undefined ? (
          <NavLink key={s.key} component={Link} to={s.href} {...common} {...marks} />
        ) : (
          <NavLink key={s.key} component="button" type="button" onClick={s.onSelect} {...common} {...marks} />
        );
      })}
    </nav>
  );
}

/**
 * The wizard's frame: the step list (collapsible on small screens) in a side column, `children` (the current
 * step) beside it.
 */
export function StepFrame({ children, ...list }: StepListProps & { children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  const at = list.steps.findIndex((s) => s.key === list.current);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Button
          hiddenFrom="md"
          variant="default"
          fullWidth
          justify="space-between"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={id}
          rightSection={<span aria-hidden="true">{opened ? '▲' : '▼'}</span>}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          py={6}
          data-testid="wizard-parts-toggle"
        >
          {at >= 0
            ? t('instrument.wizard.toggle', { n: at + 1, total: list.steps.length, part: list.steps[at].label })
            : list.label}
        </Button>
        <Box id={id} className={opened ? undefined : 'wasiat-collapsed-below-md'}>
          <StepList {...list} />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
    </Grid>
  );
}
