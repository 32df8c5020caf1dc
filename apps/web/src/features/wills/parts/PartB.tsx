/**
 * Part B — Will (docs/api/wills.md part b; payments.md organisations; reference §3.1 Part B):
 * organisation (GET /api/organization?allow_wasiat=1, the user's own preselected), branch
 * (GET /api/organization/{id}/branch, headquarters preselected), agent (optional,
 * GET /api/organization/{id}/user?role=Agent), will type (Islamic/conventional) and plan with its price
 * from GET /api/organization/{id}/pricing?product=Wasiat in RM — each plan with what it is, who it is for, what
 * the person needs and how long it takes (domain product catalogue; issue 37 item 1, ADR 0244), before payment.
 * Saves with PATCH /api/wasiat/{id}.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit, type PartBInput, partBSchema, WILL_PLANS, WILL_TYPES, willPlanEntry } from '@wasiat/domain';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors } from '@/components/form-errors.ts';
import { useBranchesOf, useOrganisationsOffering } from '@/components/instrument/organisation-queries.ts';
import { ProductFacts } from '@/components/instrument/ProductFacts.tsx';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { useErr, useLang } from '../../../components/instrument/fields.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import type { Page } from '../types.ts';

interface Org {
  id: string;
  name: string;
}
interface Pricing {
  id: string;
  plan: string;
  price_sen: number;
  description?: string | null;
}

const FIELDS = ['organization_id', 'branch_id', 'agent_id', 'wasiat_type', 'plan'] as const;

/** A plan's catalogue facts under its radio (the price is in the radio's label). */
function PlanFacts({ plan }: { plan: string }) {
  const entry = willPlanEntry(plan);
  return entry ? <ProductFacts entry={entry} showPrice={false} testId={`plan-facts-${plan}`} /> : null;
}

/** Part B page; see the file comment. */
export function PartB() {
  const { t } = useTranslation();
  const lang = useLang();
  const err = useErr();
  const { will, wasiatId, editable, goNext } = useWizard();
  const user = session.user();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PartBInput>({
    resolver: zodResolver(partBSchema),
    defaultValues: {
      organization_id: will?.organization_id ?? user?.user_access?.organization_id ?? '',
      branch_id: will?.branch_id ?? user?.user_access?.branch_id ?? '',
      agent_id: will?.agent_id ?? '',
      wasiat_type: will?.wasiat_type ?? 1,
      plan: will?.plan ?? 'basic',
    },
  });
  const orgId = form.watch('organization_id');

  const orgs = useOrganisationsOffering('wasiat');
  const branches = useBranchesOf(orgId);
  const agents = useQuery({
    queryKey: ['organization', orgId, 'agents'],
    enabled: !!orgId,
    queryFn: async () =>
      (await api.get<{ users: Page<Org> }>(`organization/${orgId}/user`, { role: 'Agent' }, { silent: true })).users
        .data,
  });
  const pricing = useQuery({
    queryKey: ['organization', orgId, 'pricing'],
    enabled: !!orgId,
    queryFn: async () =>
      (await api.get<{ pricings: Page<Pricing> }>(`organization/${orgId}/pricing`, { product: 'Wasiat' })).pricings
        .data,
  });

  // Preselect: the user's organisation (or the only one), then its headquarters branch.
  useEffect(() => {
    const list = orgs.data ?? [];
    if (!form.getValues('organization_id') && list.length) form.setValue('organization_id', list[0].id);
  }, [orgs.data, form]);
  useEffect(() => {
    const list = branches.data ?? [];
    const current = form.getValues('branch_id');
    if (list.length && !list.some((b) => b.id === current)) {
      form.setValue('branch_id', (list.find((b) => b.is_headquarter) ?? list[0]).id);
    }
  }, [branches.data, form]);

  const priceOf = (plan: string) => pricing.data?.find((p) => p.plan === plan);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await api.patch(`wasiat/${wasiatId}`, { ...v, agent_id: v.agent_id || null });
      await goNext('b');
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={2}>{t('wills.parts.b')}</Title>
        <Controller
          control={form.control}
          name="organization_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('wills.f.organization')}
              required
              data={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              value={field.value || null}
              onChange={(v) => {
                field.onChange(v ?? '');
                form.setValue('branch_id', '');
                form.setValue('agent_id', '');
              }}
              error={err(fieldState.error?.message)}
              searchable
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="branch_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('wills.f.branch')}
              required
              data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.branch_name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={err(fieldState.error?.message)}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="agent_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('wills.f.agent')}
              description={t('wills.b.agent_help')}
              data={(agents.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={(field.value as string) || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={err(fieldState.error?.message)}
              clearable
            />
          )}
        />
        <Controller
          control={form.control}
          name="wasiat_type"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={t('wills.f.wasiat_type')}
              required
              value={String(field.value ?? '')}
              onChange={(v) => field.onChange(Number(v))}
              error={err(fieldState.error?.message)}
            >
              <Group mt="xs">
                {WILL_TYPES.map((w) => (
                  <Radio key={w.code} value={String(w.code)} label={w[lang]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={form.control}
          name="plan"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={t('wills.f.plan')}
              required
              value={field.value ?? ''}
              onChange={field.onChange}
              error={err(fieldState.error?.message)}
            >
              <Stack mt="xs" gap="xs">
                {WILL_PLANS.map((p) => {
                  const price = priceOf(p.code);
                  return (
                    <Radio
                      key={p.code}
                      value={p.code}
                      data-testid={`plan-${p.code}`}
                      label={`${p[lang]} — ${price ? formatRinggit(price.price_sen) : t('wills.b.no_price')}`}
                      description={<PlanFacts plan={p.code} />}
                      disabled={!price}
                    />
                  );
                })}
              </Stack>
            </Radio.Group>
          )}
        />
        {will?.price_sen != null && (
          <Text size="sm">{t('wills.b.current_price', { price: formatRinggit(will.price_sen) })}</Text>
        )}
        {errors.root?.server?.message && <FormError message={errors.root.server.message} />}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!editable}>
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
