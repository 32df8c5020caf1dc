/**
 * What a product is, who it is for, what it costs, what the person will need and how long it takes (issue 37
 * item 1; ADR 0244) — from the domain's product catalogue (`@wasiat/domain` product-catalogue.ts; texts in
 * `packages/domain/src/locales/{ms,en}/products.json`), shown on the hibah/trust product list and at the will
 * plan choice, before payment.
 */
import { List, Stack, Text } from '@mantine/core';
import { formatRinggit, PRODUCT_TEXT_PARAMS, type ProductEntry } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';

/**
 * The facts of `entry`. Price: `priceSen` (integer sen, the organisation's pricing row) with the organisation's
 * name `orgName`; when null, the entry's price note (the one-cent code's token amount) or "no price set yet";
 * `showPrice={false}` where the screen shows the price itself (the will plan radio).
 */
export function ProductFacts({
  entry,
  priceSen,
  orgName,
  showPrice = true,
  testId,
}: {
  entry: ProductEntry;
  priceSen?: number | null;
  orgName?: string | null;
  showPrice?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tr = (key: string) => t(key, PRODUCT_TEXT_PARAMS);
  const price =
    priceSen !== null && priceSen !== undefined
      ? orgName
        ? t('products.price.of_org', { price: formatRinggit(priceSen), org: orgName })
        : formatRinggit(priceSen)
      : tr(entry.keys.price_note ?? 'products.price.none');
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm">{tr(entry.keys.what)}</Text>
      <Text size="sm">
        <Text span fw={600}>
          {t('products.who')}:{' '}
        </Text>
        {tr(entry.keys.who)}
      </Text>
      {showPrice ? (
        <Text size="sm" data-testid={testId ? `${testId}-price` : undefined}>
          <Text span fw={600}>
            {t('products.price.label')}:{' '}
          </Text>
          {price}
        </Text>
      ) : null}
      <Text size="sm" fw={600}>
        {t('products.needs_label')}
      </Text>
      <List size="sm" spacing={2}>
        {entry.keys.needs.map((k) => (
          <List.Item key={k}>{tr(k)}</List.Item>
        ))}
      </List>
      <Text size="sm">
        <Text span fw={600}>
          {t('products.duration_label')}:{' '}
        </Text>
        {tr(entry.keys.duration)}
      </Text>
    </Stack>
  );
}
