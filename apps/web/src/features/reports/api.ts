/**
 * Calls of the reports feature (API: apps/api/src/modules/reports, `GET /api/reports/{kind}`): the figures as
 * JSON, and the same report as a file (`format=xlsx|csv|pdf`) downloaded as a Blob. Amounts are sen;
 * times ISO 8601 UTC (shown in Asia/Kuala_Lumpur).
 */
import { api } from '@/lib/api.ts';

export type ReportKind =
  | 'daily'
  | 'monthly'
  | 'yearly'
  | 'detailed'
  | 'approved-monthly'
  | 'soa'
  | 'financing'
  | 'graph';

/** Filters as sent (empty values are dropped by the client). */
export type ReportFilters = Record<string, string | number | undefined>;

export interface Counts {
  total: number;
  new: number;
  in_process: number;
  approved: number;
  cancelled: number;
  paid: number;
  amount_sen: number;
}
export interface Breakdown {
  total: number;
  paid: number;
  amount_sen: number;
}
export interface SummaryReport {
  report: ReportKind;
  period: { label: string; start: string | null; end: string | null };
  unit: 'day' | 'month' | 'year';
  rows: (Counts & { key: string; start: string })[];
  totals: Counts;
  by_plan: (Breakdown & { plan: string | null })[];
  by_payment_option: (Breakdown & { payment_options_id: number | null })[];
  by_branch: (Breakdown & { branch_id: string | null; branch_name: string | null; organization_name: string | null })[];
  /** Hibahs and trusts of the same period, scope and filters (ADR 0063). */
  hibah: HibahPart;
}
/** Counts of hibahs by status (-1 … 5), paid and collected sen. */
export interface HibahCounts extends Breakdown {
  placeholder: number;
  new: number;
  grantor_review: number;
  awaiting_verification: number;
  draft: number;
  awaiting_witnesses: number;
  registered: number;
}
/** The hibah part of a summary report. */
export interface HibahPart {
  rows: (Breakdown & { key: string; start: string })[];
  totals: HibahCounts;
  by_type: (Breakdown & { hibah_type: number | null })[];
  by_payment_option: (Breakdown & { payment_options_id: number | null })[];
  by_branch: (Breakdown & { branch_id: string | null; branch_name: string | null; organization_name: string | null })[];
}
/** The hibah statuses in order, as keys of {@link HibahCounts}. */
export const HIBAH_STATUS_KEYS = [
  'placeholder',
  'new',
  'grantor_review',
  'awaiting_verification',
  'draft',
  'awaiting_witnesses',
  'registered',
] as const;
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}
export interface DetailRow {
  id: string;
  wasiat_no: string | null;
  created_at: string;
  registered_at: string | null;
  status: number;
  plan: string | null;
  payment_options_id: number | null;
  price_sen: number;
  discount_sen: number;
  paid_sen: number;
  testator_name: string | null;
  testator_ic: string | null;
  organization_name: string | null;
  branch_name: string | null;
  agent_name: string | null;
  /** Latest financing application of the will (mode 4): pending | approved | rejected; null without one. */
  financing_status: string | null;
  financing_reason: string | null;
}
export interface DetailReport {
  report: ReportKind;
  period: SummaryReport['period'];
  rows: Page<DetailRow>;
  totals: { count: number; paid: number; price_sen: number; discount_sen: number; paid_sen: number };
}
export interface SoaReport {
  report: 'soa';
  period: SummaryReport['period'];
  organization: { id: string; name: string; code: string };
  opening_balance_sen: number;
  total_sen: number;
  closing_balance_sen: number;
  transactions: Page<{
    id: string;
    paid_at: string;
    receipt_no: string | null;
    reference: string | null;
    payment_options_id: number;
    amount_sen: number;
    balance_sen: number;
    /**
     * What was paid for: a will ('Wasiat': `wasiat_no`), a hibah ('Hibah': `hibah_number`) or any other payable kind
     * of the ledger ('Amendment', 'QurbanTransaction', …; ADR 0248); `record_no` is the number of any of them.
     */
    paymentable_type: string;
    paymentable_id: string;
    wasiat_no: string | null;
    hibah_number: string | null;
    record_no: string | null;
    /** The testator, grantor or payer. */
    testator_name: string | null;
  }>;
}

/** `GET /api/reports/{kind}?…` */
export const fetchReport = <T>(kind: ReportKind, filters: ReportFilters) => api.get<T>(`reports/${kind}`, filters);

/** Download the report as a file and save it (blob + temporary link). */
export async function downloadReport(kind: ReportKind, filters: ReportFilters, format: 'xlsx' | 'csv' | 'pdf') {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== '' && k !== 'page' && k !== 'limit') p.set(k, String(v));
  }
  p.set('format', format);
  const blob = await api.downloadPdf(`reports/${kind}?${p.toString()}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `report-${kind}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Organisations for the filter (staff see all; a partner's list is their own). */
export const fetchOrganisations = () =>
  api.get<{ organizations: Page<{ id: string; name: string }> }>('organization', { limit: 200 }, { silent: true });

/** Branches of an organisation for the filter: `GET /api/organization/{id}/branch`. */
export const fetchBranches = (organizationId: string) =>
  api.get<{ branches: Page<{ id: string; branch_name: string }> }>(
    `organization/${organizationId}/branch`,
    { limit: 200 },
    { silent: true },
  );

/**
 * Agents (officers) of an organisation, optionally of one branch, for the filter:
 * `GET /api/organization/{id}/user?role=Agent&branch_id`.
 */
export const fetchAgents = (organizationId: string, branchId?: string) =>
  api.get<{ users: Page<{ id: string; name: string }> }>(
    `organization/${organizationId}/user`,
    { role: 'Agent', branch_id: branchId, limit: 200 },
    { silent: true },
  );
