/**
 * "Which one do I need?" on the hibah/trust product list (issue 37 item 1; ADR 0244): two or three questions — who
 * gives (a person or a company), what (cash, land or a house, a business, the estate, a one-cent code), and hibah
 * (a gift now) or amanah (a trust held for someone) — answered one after the other, then one product among those
 * the organisation offers (domain `guideQuestions`, `guideProduct`), with a link to its card on the list.
 */
import { Anchor, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import {
  GUIDE_QUESTIONS,
  type GuideAnswers,
  type GuideQuestion,
  guideProduct,
  guideQuestions,
  HIBAH_TYPES,
  labelOf,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of a product's card on the list (the guide's answer links to it). */
export const productCardId = (code: number) => `product-card-${code}`;

/** The guide for the products `offered` (hibah type codes, as the list shows them). */
export function ProductGuide({ offered }: { offered: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [answers, setAnswers] = useState<GuideAnswers>({});
  const asked = guideQuestions(answers);
  const result = guideProduct(answers, offered);
  const answer = (q: GuideQuestion, v: string) => {
    // A changed answer drops the later ones (they may no longer be asked or fit).
    const order = Object.keys(GUIDE_QUESTIONS) as GuideQuestion[];
    const next: GuideAnswers = {};
    for (const k of order.slice(0, order.indexOf(q))) (next as Record<string, string | undefined>)[k] = answers[k];
    setAnswers({ ...next, [q]: v });
  };
  const name = (code: number) => labelOf(HIBAH_TYPES, code, lang);
  return (
    <Card withBorder data-testid="product-guide">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('products.guide.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('products.guide.intro')}
        </Text>
        {asked.map((q) => (
          <Radio.Group
            key={q}
            label={t(`products.guide.${q}.label`)}
            value={answers[q] ?? null}
            onChange={(v) => answer(q, v)}
          >
            <Group mt={4} gap="md">
              {GUIDE_QUESTIONS[q].map((v) => (
                <Radio key={v} value={v} label={t(`products.guide.${q}.${v}`)} data-testid={`guide-${q}-${v}`} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        {result.complete ? (
          <Stack gap={4} data-testid="guide-result" aria-live="polite">
            {result.code !== null ? (
              <>
                <Text fw={600}>{t('products.guide.result', { product: name(result.code) })}</Text>
                <Anchor href={`#${productCardId(result.code)}`} data-testid="guide-open">
                  {t('products.guide.open')}
                </Anchor>
                {result.alternatives.length ? (
                  <Text size="sm">
                    {t('products.guide.also', { products: result.alternatives.map(name).join(', ') })}
                  </Text>
                ) : null}
              </>
            ) : (
              <Text>{t('products.guide.not_offered')}</Text>
            )}
          </Stack>
        ) : null}
        {answers.giver ? (
          <Group>
            <Button variant="subtle" size="xs" onClick={() => setAnswers({})}>
              {t('products.guide.reset')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
