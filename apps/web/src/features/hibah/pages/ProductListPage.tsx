/**
 * /hibah/product-list and /trust/product-list (spec §2 Trusts; issue 37 item 1; ADR 0244): the hibah/trust
 * products the organisation offers — the server's list, `GET /api/hibah/products` (docs/api/hibah.md: only the
 * products its preference allows, each with its price from the organisation's pricing) — each card saying what it
 * is, who it is for, what it costs, what the person will need and how long it takes (domain product catalogue,
 * ProductFacts), with a "which one do I need?" guide above (ProductGuide). A failed load shows the API client's toast.
 */
import { Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hibahProductEntry } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductFacts } from '@/components/instrument/ProductFacts.tsx';
import { api } from '@/lib/api.ts';
import { ProductGuide, productCardId } from '../components/ProductGuide.tsx';
import { wizardBase } from '../products.ts';

/** One product of `GET /api/hibah/products` as this page reads it (price in integer sen; null = no pricing row). */
interface ListedProduct {
  code: number;
  name: string;
  price_sen: number | null;
}
/** The reply of `GET /api/hibah/products`. */
interface ProductList {
  organization: { id: string; name: string } | null;
  products: ListedProduct[];
}

/** Where a product's "Register" leads: its wizard's first part (the one-cent trust: redeem a code first). */
function registerPath(code: number) {
  const base = wizardBase(code);
  if (base === '/trust-onecent') return '/trust-onecent/redeem';
  if (base === '/trust') return `/trust/part-a?type=${code}`;
  return `${base}/part-a`;
}

/** /hibah/product-list and /trust/product-list. */
export function ProductListPage() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['hibah', 'products'],
    queryFn: () => api.get<ProductList>('hibah/products'),
  });
  const products = q.data?.products ?? [];
  const orgName = q.data?.organization?.name ?? null;
  return (
    <Stack>
      <Title order={1}>{t('hibah.products.title')}</Title>
      {q.isPending ? <Loader size="sm" /> : null}
      {q.isSuccess && products.length === 0 ? <Text>{t('hibah.products.none')}</Text> : null}
      {products.length > 0 ? <ProductGuide offered={products.map((p) => p.code)} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {products.map((p) => {
          const entry = hibahProductEntry(p.code);
          return (
            <Card key={p.code} withBorder id={productCardId(p.code)} data-testid={productCardId(p.code)}>
              <Stack justify="space-between" h="100%">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {p.name}
                  </Title>
                  {entry ? (
                    <ProductFacts entry={entry} priceSen={p.price_sen} orgName={orgName} testId={`facts-${p.code}`} />
                  ) : null}
                </Stack>
                <Button component={Link} to={registerPath(p.code)} variant="light" data-testid={`product-${p.code}`}>
                  {t('hibah.products.register')}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
