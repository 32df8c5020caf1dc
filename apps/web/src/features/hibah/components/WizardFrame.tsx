/**
 * The frame of the three hibah wizards (spec §2 Trusts: /trust/, /amanah/harta-pusaka/, /trust-onecent/):
 * the instruments' step list (components/instrument/StepFrame.tsx; the current part marked `aria-current="step"`)
 * of parts a–i plus signpenerima and draft, each a link carrying the hibah id (`?id=`), the
 * hibah's product, status and price, and the part's content. A registered hibah (status 5) shows its
 * grantor the way to its amendments (/trust/part-listpindaan?id=…; the amendment screens are the
 * amendments feature's).
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { CORPORATE_HIBAH_TYPES, HIBAH_TYPES, labelOf } from '@wasiat/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StepFrame } from '@/components/instrument/StepFrame.tsx';
import { isGrantor } from '../access.ts';
import { amendmentsUrl, PARTS, type Part, rm, statusKey } from '../products.ts';
import type { Hibah } from '../useHibah.ts';

/** Props: the wizard's base path, current part, the hibah (once created) and the part's content. */
export function WizardFrame({
  base,
  part,
  hibah,
  children,
}: {
  base: string;
  part: Part;
  hibah?: Hibah | null;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const q = hibah ? `?id=${hibah.id}` : '';
  const steps: Part[] = [...PARTS, 'signpenerima', 'draft'];
  // Part D of a corporate product is the company (ADR 0165).
  const corporate = !!hibah && (CORPORATE_HIBAH_TYPES as readonly number[]).includes(hibah.hibah_type);
  const label = (p: Part) => t(corporate && p === 'd' ? 'hibah.part_corporate.d' : `hibah.part.${p}`);
  return (
    <StepFrame
      label={t('hibah.wizard.parts')}
      steps={steps.map((p) => ({
        key: p,
        label: label(p),
        href: `${base}/part-${p}${q}`,
        // Locked is said in words, not by colour alone (WCAG 1.4.1).
        locked: !hibah && p !== 'a' ? t('hibah.wizard.locked') : undefined,
        testId: `hibah-step-${p}`,
      }))}
      current={part}
    >
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {label(part)}
          </Title>
          {hibah ? (
            <Group gap="xs">
              <Text>{labelOf(HIBAH_TYPES, hibah.hibah_type, lang)}</Text>
              <Badge data-testid="hibah-status">{t(statusKey(hibah.status))}</Badge>
              <Text c="dimmed">{rm(hibah.price_sen)}</Text>
              {hibah.status === 5 && isGrantor(hibah) ? (
                <Button
                  component={Link}
                  to={amendmentsUrl(hibah.id)}
                  size="xs"
                  variant="light"
                  data-testid="hibah-amend"
                >
                  {t('hibah.amend')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {hibah?.rejected_reason && hibah.status === 1 ? (
          <Text c="red">{t('hibah.rejected', { reason: hibah.rejected_reason })}</Text>
        ) : null}
        {children}
      </Stack>
    </StepFrame>
  );
}
