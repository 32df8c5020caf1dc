/**
 * The amendment status badge (spec §4: 0–5; any other value "invalid/cancelled") and the client's
 * timeline "application sent → passed → awaiting witness verification → completed" (domain
 * `amendmentTimelineStep`).
 */
import { Badge, Stepper, Text } from '@mantine/core';
import { AMENDMENT_TIMELINE, amendmentStatusKey, amendmentTimelineStep } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';

// Filled, dark shades: white text keeps a 4.5:1 contrast (axe); the colour only repeats the text.
const COLOURS: Record<number, string> = {
  0: 'gray.7',
  1: 'blue.9',
  2: 'teal.9',
  3: 'cyan.9',
  4: 'violet.9',
  5: 'red.9',
};

/** A badge with the status label. */
export function AmendmentStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status] ?? 'red.9'} variant="filled" data-testid="amendment-status">
      {t(amendmentStatusKey(status))}
    </Badge>
  );
}

/** The four-step timeline; cancelled/invalid shows a line instead. */
export function AmendmentTimeline({ status }: { status: number }) {
  const { t } = useTranslation();
  const step = amendmentTimelineStep(status);
  if (step === null) return <Text c="red.8">{t(amendmentStatusKey(status))}</Text>;
  return (
    <Stepper active={step} size="sm" aria-label={t('amendments.timeline.label')} allowNextStepsSelect={false}>
      {AMENDMENT_TIMELINE.map((k) => (
        <Stepper.Step key={k} label={t(`amendments.timeline.${k}`)} />
      ))}
    </Stepper>
  );
}
