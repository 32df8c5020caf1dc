/**
 * Part G's statement of who may witness (issue 41 item 2; ADR 0259): the witness rule of the will's governing
 * law (the enactment's section where recorded — Enakmen Wasiat Orang Islam (Selangor) 1999 s. 3 —, else that we
 * did not read it or that no enactment is recorded for the state; server messages `witness.rule.*`) and the
 * product's own refusals (`witness.rule.product`).
 */
import { Text } from '@mantine/core';
import type { GoverningLaw } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice.tsx';

/** The notice; nothing while the governing law is not loaded. */
export function WitnessRule({ law }: { law: GoverningLaw | null }) {
  const { t, i18n } = useTranslation();
  if (!law) return null;
  const e = law.enactment;
  const title = (i18n.language === 'en' ? e?.title_en : e?.title_ms) ?? '';
  return (
    <Notice color="blue" title={t('witness_ui.rule_title')} data-testid="witness-rule">
      <Text size="sm">{t(law.witness_rule, { title, state: law.state ?? '' })}</Text>
      <Text size="sm" mt={4}>
        {t('witness.rule.product')}
      </Text>
    </Notice>
  );
}
