/**
 * Part C of the hibah wizards — organisation, branch and price (reference §3.2 part C; ADRs 0025, 0031),
 * as the will wizard's organisation part (features/wills/parts/PartB.tsx):
 *
 * - an agent, partner or staff registrar chooses the organisation (`GET /api/organization?allow_hibah=1`:
 *   their own, or every one for the provider's staff); a client sees their hibah's organisation;
 * - the branch (`GET /api/organization/{id}/branch`, headquarters first);
 * - the price of the product's plan at that organisation (`GET /api/organization/{id}/pricing?product=Hibah
 *   &plan=…`, domain `hibahPlanOf`); with several prices of the plan one is chosen by its `pricing_id`.
 *
 * Saved with `POST /api/hibah/{id} { organization_id, branch_id, pricing_id }` by the grantor or the agent
 * who registered it while it is being filled in; the server checks the branch belongs to the organisation
 * (422 on `branch_id`) and fixes the price from the pricing row — the browser never sends a price.
 * Above the choice, the product's facts (what it is, who it is for, what is needed, how long it takes; domain
 * product catalogue, issue 37 item 1, ADR 0244), so the person sees them with the price before payment.
 */
import { Alert, Button, Group, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  formatRinggit,
  HIBAH_TYPES,
  hibahPlanOf,
  hibahProductEntry,
  labelOf,
  ONE_CENT_HIBAH_TYPE,
} from '@wasiat/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import {
  type OrganisationOption,
  useBranchesOf,
  useOrganisationsOffering,
} from '@/components/instrument/organisation-queries.ts';
import { ProductFacts } from '@/components/instrument/ProductFacts.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { mayFill, registersForClients } from '../access.ts';
import { type Hibah, useRefreshHibah } from '../useHibah.ts';

interface Pricing {
  id: string;
  plan: string;
  price_sen: number;
  description?: string | null;
}

/** Part C page; see the file comment. */
export function PartC({ hibah, next }: { hibah: Hibah; next: () => void }) {
  const { t, i18n } = useTranslation();
  const entry = hibahProductEntry(hibah.hibah_type);
  const refresh = useRefreshHibah();
  const chooser = registersForClients();
  const editable = mayFill(hibah);
  const oneCent = hibah.hibah_type === ONE_CENT_HIBAH_TYPE;
  const [orgId, setOrgId] = useState<string | null>((hibah.organization_id as string | null) ?? null);
  const [branchId, setBranchId] = useState<string | null>((hibah.branch_id as string | null) ?? null);
  const [pricingId, setPricingId] = useState<string | null>((hibah.pricing_id as string | null) ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const orgs = useOrganisationsOffering('hibah', chooser);
  const branches = useBranchesOf(orgId);
  const plan = hibahPlanOf(hibah.hibah_type);
  const prices = useQuery({
    queryKey: ['organization', orgId, 'pricing', 'Hibah', plan],
    enabled: !!orgId && !oneCent,
    queryFn: async () =>
      (
        await api.get<{ pricings: { data: Pricing[] } }>(`organization/${orgId}/pricing`, {
          product: 'Hibah',
          plan,
        })
      ).pricings.data,
  });

  // Keep the branch and the price choice valid for the organisation: headquarters, the first price of the plan.
  useEffect(() => {
    const list = branches.data ?? [];
    if (list.length && !list.some((b) => b.id === branchId)) {
      setBranchId((list.find((b) => b.is_headquarter) ?? list[0]).id);
    }
  }, [branches.data, branchId]);
  useEffect(() => {
    const list = prices.data ?? [];
    if (list.length && !list.some((p) => p.id === pricingId)) setPricingId(list[0].id);
  }, [prices.data, pricingId]);

  const orgOptions: OrganisationOption[] = [...(orgs.data ?? [])];
  const current = hibah.organization as { name: string } | null | undefined;
  if (orgId && current && !orgOptions.some((o) => o.id === orgId))
    orgOptions.unshift({ id: orgId, name: current.name });
  const chosen = (prices.data ?? []).find((p) => p.id === pricingId);

  const save = async () => {
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await api.post(
        `hibah/${hibah.id}`,
        { organization_id: orgId, branch_id: branchId, ...(pricingId && !oneCent ? { pricing_id: pricingId } : {}) },
        { silent: true },
      );
      await refresh(hibah.id);
      next();
    } catch (e) {
      if (e instanceof ApiError) {
        const known = ['organization_id', 'branch_id', 'pricing_id'];
        const placed = Object.fromEntries(
          Object.entries(e.errors)
            .filter(([k]) => known.includes(k))
            .map(([k, v]) => [k, v[0]]),
        );
        setErrors(placed);
        if (Object.keys(placed).length === 0) setFormError(e.firstMessage);
      } else setFormError(String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="hibah-part-c">
      <Stack>
        {entry ? (
          <Stack gap={4}>
            <Text fw={600}>{labelOf(HIBAH_TYPES, hibah.hibah_type, i18n.language === 'en' ? 'en' : 'ms')}</Text>
            <ProductFacts entry={entry} showPrice={false} testId="hibah-product-facts" />
          </Stack>
        ) : null}
        {chooser ? (
          <Select
            label={t('wills.f.organization')}
            required
            data={orgOptions.map((o) => ({ value: o.id, label: o.name }))}
            value={orgId}
            onChange={(v) => {
              setOrgId(v);
              setBranchId(null);
              setPricingId(null);
            }}
            error={errors.organization_id}
            disabled={!editable}
            searchable
            allowDeselect={false}
            data-testid="hibah-organization"
          />
        ) : (
          <Text data-testid="hibah-organization-name">
            <strong>{t('wills.f.organization')}:</strong> {current?.name ?? '-'}
          </Text>
        )}
        <Select
          label={t('wills.f.branch')}
          required
          data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.branch_name }))}
          value={branchId}
          onChange={setBranchId}
          error={errors.branch_id}
          disabled={!editable}
          allowDeselect={false}
          data-testid="hibah-branch"
        />
        {oneCent ? null : (prices.data ?? []).length > 1 ? (
          <Radio.Group
            label={t('hibah.c.pricing')}
            required
            value={pricingId ?? ''}
            onChange={setPricingId}
            error={errors.pricing_id}
          >
            <Stack mt="xs" gap="xs">
              {(prices.data ?? []).map((p) => (
                <Radio
                  key={p.id}
                  value={p.id}
                  disabled={!editable}
                  label={`${p.description ?? p.plan} — ${formatRinggit(p.price_sen)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : prices.data && prices.data.length === 0 ? (
          <Alert color="yellow" data-testid="hibah-no-price">
            {t('hibah.c.no_price')}
          </Alert>
        ) : chosen ? (
          <Text data-testid="hibah-offered-price">
            {t('hibah.c.offered', { name: chosen.description ?? chosen.plan, price: formatRinggit(chosen.price_sen) })}
          </Text>
        ) : null}
        {errors.pricing_id && (prices.data ?? []).length <= 1 ? <FormError message={errors.pricing_id} /> : null}
        <Text data-testid="hibah-price">
          {t('hibah.c.price', { price: hibah.price_sen === null ? '-' : formatRinggit(hibah.price_sen) })}
        </Text>
        <Text c="dimmed" size="sm">
          {t('hibah.c.note')}
        </Text>
        <FormError message={formError} />
        {editable ? (
          <Group>
            <Button onClick={save} loading={busy} disabled={!orgId || !branchId} data-testid="hibah-part-c-save">
              {t('hibah.save_next')}
            </Button>
          </Group>
        ) : (
          <Group>
            <Button variant="default" onClick={next}>
              {t('common.next')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
