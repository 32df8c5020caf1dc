/**
 * The filters of a report (issue 8): the period (date range, month or year, as the report asks),
 * organisation, branch, agent (officer), product (a will plan → `product`, or a hibah/trust product →
 * `hibah_type`; ADR 0063) and payment mode. Applied with a button, so a
 * half-typed date does not query the server. Values are the API's query parameters
 * (apps/api/src/modules/reports/filters.ts).
 *
 * Spec §5 "product, officer and date must be selected first" (ADR 0061): the date (month, year, or both
 * ends of a range, end not before start) must be chosen before a report is applied — the Filter button
 * shows the field's error otherwise; the branch list needs an organisation first and the agent (officer)
 * list an organisation first (narrowed by the branch when one is chosen), since both lists belong to an
 * organisation.
 */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAgents, fetchBranches, fetchOrganisations, type ReportFilters } from './api.ts';
import type { PeriodKind } from './config.ts';

const PAYMENT_IDS = ['1', '2', '3', '4', '5', '6'];

/**
 * Errors of the period fields (i18n keys) before a report may be applied (spec §5 "date must be selected
 * first"); an empty object when the filters may be applied. `optional_range` (financing) may be empty.
 */
export function periodErrors(period: PeriodKind, f: ReportFilters): Record<string, string> {
  const v = (k: string) => (f[k] === undefined ? '' : String(f[k]));
  const e: Record<string, string> = {};
  if (period === 'range' || (period === 'optional_range' && (v('start_date') || v('end_date')))) {
    if (!v('start_date')) e.start_date = 'reports.filter.required_date';
    if (!v('end_date')) e.end_date = 'reports.filter.required_date';
    if (!e.start_date && !e.end_date && v('end_date') < v('start_date')) e.end_date = 'reports.filter.end_before_start';
  }
  if (period === 'month' && !/^\d{4}-\d{2}$/.test(v('period'))) e.period = 'reports.filter.required_month';
  if (period === 'year' && !/^\d{4}$/.test(v('period'))) e.period = 'reports.filter.required_year';
  if (period === 'month_or_year' && !/^\d{4}(-\d{2})?$/.test(v('period'))) e.period = 'reports.filter.required_date';
  return e;
}

export function Filters({
  period,
  value,
  onApply,
  showOrganisation = true,
}: {
  period: PeriodKind;
  value: ReportFilters;
  onApply: (f: ReportFilters) => void;
  showOrganisation?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [f, setF] = useState<ReportFilters>(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const orgs = useQuery({ queryKey: ['report-orgs'], queryFn: fetchOrganisations, retry: false });
  const orgId = f.organization_id === undefined ? '' : String(f.organization_id);
  const branchId = f.branch_id === undefined ? '' : String(f.branch_id);
  const branchList = useQuery({
    queryKey: ['report-branches', orgId],
    queryFn: () => fetchBranches(orgId),
    enabled: showOrganisation && orgId !== '',
    retry: false,
  });
  const agentList = useQuery({
    queryKey: ['report-agents', orgId, branchId],
    queryFn: () => fetchAgents(orgId, branchId || undefined),
    enabled: showOrganisation && orgId !== '',
    retry: false,
  });
  const set = (k: string) => (v: string | null) => {
    setErrors((cur) => ({ ...cur, [k]: '' }));
    setF((cur) => {
      const next = { ...cur, [k]: v || undefined };
      // the branch and agent lists belong to the organisation (and the agents to the branch)
      if (k === 'organization_id') Object.assign(next, { branch_id: undefined, agent_id: undefined });
      if (k === 'branch_id') next.agent_id = undefined;
      return next;
    });
  };
  const str = (k: string) => (f[k] === undefined ? '' : String(f[k]));
  const err = (k: string) => (errors[k] ? t(errors[k]) : undefined);
  const isMonth = /^\d{4}-\d{2}$/.test(str('period'));
  return (
    <Group
      align="end"
      component="form"
      aria-label={t('reports.filter.title')}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        const found = periodErrors(period, f);
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(f);
      }}
    >
      {(period === 'range' || period === 'optional_range') && (
        <>
          <TextInput
            type="date"
            label={t('reports.filter.start_date')}
            error={err('start_date')}
            value={str('start_date')}
            onChange={(e) => set('start_date')(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('reports.filter.end_date')}
            error={err('end_date')}
            value={str('end_date')}
            onChange={(e) => set('end_date')(e.currentTarget.value)}
          />
        </>
      )}
      {(period === 'month' || (period === 'month_or_year' && isMonth)) && (
        <TextInput
          type="month"
          label={t('reports.filter.month')}
          error={err('period')}
          value={str('period')}
          onChange={(e) => set('period')(e.currentTarget.value)}
        />
      )}
      {(period === 'year' || (period === 'month_or_year' && !isMonth)) && (
        <TextInput
          type="number"
          label={t('reports.filter.year')}
          error={err('period')}
          min={2000}
          max={2100}
          value={str('period')}
          onChange={(e) => set('period')(e.currentTarget.value)}
        />
      )}
      {period === 'month_or_year' && (
        <Button
          variant="subtle"
          onClick={() => set('period')(isMonth ? str('period').slice(0, 4) : `${str('period') || '2026'}-01`)}
        >
          {isMonth ? t('reports.filter.by_year') : t('reports.filter.by_month')}
        </Button>
      )}
      {showOrganisation && (orgs.data?.organizations.data.length ?? 0) > 0 && (
        <Select
          label={t('reports.filter.organisation')}
          clearable
          searchable
          data={(orgs.data?.organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={str('organization_id') || null}
          onChange={set('organization_id')}
        />
      )}
      {showOrganisation && (
        <Select
          label={t('reports.filter.branch')}
          description={orgId ? undefined : t('reports.filter.organisation_first')}
          disabled={!orgId}
          clearable
          searchable
          data={(branchList.data?.branches.data ?? []).map((b) => ({ value: b.id, label: b.branch_name }))}
          value={str('branch_id') || null}
          onChange={set('branch_id')}
        />
      )}
      {showOrganisation && (
        <Select
          label={t('reports.filter.agent')}
          description={orgId ? undefined : t('reports.filter.organisation_first')}
          disabled={!orgId}
          clearable
          searchable
          data={(agentList.data?.users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          value={str('agent_id') || null}
          onChange={set('agent_id')}
        />
      )}
      <Select
        label={t('reports.filter.product')}
        clearable
        data={[
          {
            group: t('reports.filter.product_wills'),
            items: ['basic', 'comprehensive'].map((p) => ({ value: p, label: t(`reports.plan.${p}`) })),
          },
          {
            group: t('reports.filter.product_hibahs'),
            items: HIBAH_TYPES.map((h) => ({ value: `hibah:${h.code}`, label: labelOf(HIBAH_TYPES, h.code, lang) })),
          },
        ]}
        value={str('product') || (str('hibah_type') ? `hibah:${str('hibah_type')}` : null)}
        onChange={(v) => {
          // a will plan or a hibah product (ADR 0063): one of the two parameters, the other cleared
          const hibah = v?.startsWith('hibah:') ? v.slice(6) : null;
          setF((cur) => ({ ...cur, product: hibah || !v ? undefined : v, hibah_type: hibah ?? undefined }));
        }}
      />
      <Select
        label={t('reports.filter.payment_mode')}
        clearable
        data={PAYMENT_IDS.map((p) => ({ value: p, label: t(`reports.payment.${p}`) }))}
        value={str('payment_options_id') || null}
        onChange={set('payment_options_id')}
      />
      <Button type="submit">{t('reports.filter.apply')}</Button>
    </Group>
  );
}
