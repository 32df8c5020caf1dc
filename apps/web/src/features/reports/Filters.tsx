/**
 * The filters of a report (issue 8): the period (date range, month or year, as the report asks),
 * organisation, product (plan) and payment mode. Applied with a button, so a half-typed date does not
 * query the server. Values are the API's query parameters (apps/api/src/reports/filters.ts).
 */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOrganisations, type ReportFilters } from './api.ts';
import type { PeriodKind } from './config.ts';

const PAYMENT_IDS = ['1', '2', '3', '4', '5', '6'];

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
  const { t } = useTranslation();
  const [f, setF] = useState<ReportFilters>(value);
  const orgs = useQuery({ queryKey: ['report-orgs'], queryFn: fetchOrganisations, retry: false });
  const set = (k: string) => (v: string | null) => setF((cur) => ({ ...cur, [k]: v ?? undefined }));
  const str = (k: string) => (f[k] === undefined ? '' : String(f[k]));
  const isMonth = /^\d{4}-\d{2}$/.test(str('period'));
  return (
    <Group
      align="end"
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onApply(f);
      }}
    >
      {(period === 'range' || period === 'optional_range') && (
        <>
          <TextInput
            type="date"
            label={t('reports.filter.start_date')}
            value={str('start_date')}
            onChange={(e) => set('start_date')(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('reports.filter.end_date')}
            value={str('end_date')}
            onChange={(e) => set('end_date')(e.currentTarget.value)}
          />
        </>
      )}
      {(period === 'month' || (period === 'month_or_year' && isMonth)) && (
        <TextInput
          type="month"
          label={t('reports.filter.month')}
          value={str('period')}
          onChange={(e) => set('period')(e.currentTarget.value)}
        />
      )}
      {(period === 'year' || (period === 'month_or_year' && !isMonth)) && (
        <TextInput
          type="number"
          label={t('reports.filter.year')}
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
      <Select
        label={t('reports.filter.product')}
        clearable
        data={['basic', 'comprehensive'].map((p) => ({ value: p, label: t(`reports.plan.${p}`) }))}
        value={str('product') || null}
        onChange={set('product')}
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
