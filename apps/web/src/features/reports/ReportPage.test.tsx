/**
 * Report pages in jsdom (issue 8): the filters become the query string of `GET /api/reports/{kind}`
 * (organisation → branch → agent, ADR 0061), the date must be chosen first (spec §5), the totals of
 * the answer are shown, sorting asks the server, and the XLSX button downloads the file of the same
 * filters. `fetch` is a stub answering by path; the answers have the API's shapes (docs/api/reports.md).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { ReportScreen } from './config.ts';
import { periodErrors } from './Filters.tsx';
import { ReportPage } from './ReportPage.tsx';

const MONTHLY: ReportScreen = { path: '/dashboard/report-monthly', kind: 'monthly', key: 'monthly', period: 'month' };
const DETAILED: ReportScreen = {
  path: '/dashboard/detailed-monthly-report',
  kind: 'detailed',
  key: 'detailed_monthly',
  period: 'month',
};
const SOA: ReportScreen = { path: '/dashboard/report-soa', kind: 'soa', key: 'soa', period: 'month' };

const counts = (total: number, amount_sen: number) => ({
  total,
  new: 1,
  in_process: total - 1,
  approved: 0,
  cancelled: 0,
  paid: 1,
  amount_sen,
});
const summary = {
  report: 'monthly',
  period: { label: '2026-11', start: '2026-10-31T16:00:00.000Z', end: '2026-11-30T16:00:00.000Z' },
  unit: 'day',
  rows: [
    { key: '2026-11-01', start: '2026-10-31T16:00:00.000Z', ...counts(2, 35000) },
    { key: '2026-11-02', start: '2026-11-01T16:00:00.000Z', ...counts(3, 60000) },
  ],
  totals: counts(5, 95000),
  by_plan: [],
  by_payment_option: [],
  by_branch: [],
  hibah: {
    rows: [
      { key: '2026-11-01', start: '2026-10-31T16:00:00.000Z', total: 1, paid: 1, amount_sen: 80000 },
      { key: '2026-11-02', start: '2026-11-01T16:00:00.000Z', total: 2, paid: 0, amount_sen: 0 },
    ],
    totals: {
      total: 3,
      placeholder: 0,
      new: 1,
      grantor_review: 0,
      awaiting_verification: 1,
      draft: 0,
      awaiting_witnesses: 0,
      registered: 1,
      paid: 1,
      amount_sen: 80000,
    },
    by_type: [
      { hibah_type: 14, total: 2, paid: 1, amount_sen: 80000 },
      { hibah_type: 3, total: 1, paid: 0, amount_sen: 0 },
    ],
    by_payment_option: [],
    by_branch: [],
  },
};
const detailed = {
  report: 'detailed',
  period: summary.period,
  rows: {
    data: [
      {
        id: 'w1',
        wasiat_no: 'W2026-000001',
        created_at: '2026-11-02T02:00:00Z',
        registered_at: null,
        status: 1,
        plan: 'basic',
        payment_options_id: 3,
        price_sen: 35000,
        discount_sen: 0,
        paid_sen: 35000,
        testator_name: 'Aminah binti Salleh',
        testator_ic: '800101145678',
        organization_name: 'Syarikat Demo',
        branch_name: 'Cawangan KL',
        agent_name: null,
      },
    ],
    current_page: 1,
    per_page: 25,
    total: 1,
    last_page: 1,
  },
  totals: { count: 1, paid: 1, price_sen: 35000, discount_sen: 0, paid_sen: 35000 },
};

function stub() {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const u = new URL(input, 'http://x');
    calls.push(u);
    if (u.searchParams.get('format')) return new Response('xlsx-bytes', { status: 200 });
    if (u.pathname === '/api/organization') {
      return jsonResponse({ organizations: { data: [{ id: 'org1', name: 'Syarikat Demo' }], total: 1 } });
    }
    if (u.pathname === '/api/organization/org1/branch') {
      return jsonResponse({ branches: { data: [{ id: 'br1', branch_name: 'Cawangan KL' }] } });
    }
    if (u.pathname === '/api/organization/org1/user') {
      return jsonResponse({ users: { data: [{ id: 'ag1', name: 'Ejen Satu' }] } });
    }
    if (u.pathname === '/api/reports/detailed') return jsonResponse(detailed);
    return jsonResponse(summary);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, reports: () => calls.filter((c) => c.pathname.startsWith('/api/reports/')) };
}

const login = (role = 'Staff') => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Staf', roles: [{ name: role }] }));
};

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('ReportPage', () => {
  beforeEach(() => {
    localStorage.clear();
    login();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the period, organisation, branch, agent, product and payment mode as the query string', async () => {
    const { reports } = stub();
    const user = userEvent.setup();
    renderPage(<ReportPage screen={MONTHLY} />, { path: '/dashboard/report-monthly' });
    await screen.findByText('Laporan Bulanan', { selector: 'h2' });
    await waitFor(() => expect(reports().length).toBe(1));
    expect(reports()[0].searchParams.get('period')).toMatch(/^\d{4}-\d{2}$/);

    // branch and agent wait for the organisation
    expect(screen.getByRole('combobox', { name: 'Cawangan' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Ejen (pegawai)' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Organisasi' })).toBeInTheDocument());
    await pick(user, 'Organisasi', 'Syarikat Demo');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cawangan' })).toBeEnabled());
    await pick(user, 'Cawangan', 'Cawangan KL');
    await pick(user, 'Ejen (pegawai)', 'Ejen Satu');
    await pick(user, 'Produk', 'Wasiat Asas');
    await pick(user, 'Mod bayaran', 'Tunai');
    const month = screen.getByLabelText('Bulan');
    await user.clear(month);
    await user.type(month, '2026-11');
    await user.click(screen.getByRole('button', { name: 'Tapis' }));

    await waitFor(() => expect(reports().length).toBe(2));
    const q = reports()[1].searchParams;
    expect(reports()[1].pathname).toBe('/api/reports/monthly');
    expect(Object.fromEntries(q)).toEqual({
      period: '2026-11',
      organization_id: 'org1',
      branch_id: 'br1',
      agent_id: 'ag1',
      product: 'basic',
      payment_options_id: '3',
    });
  }, 30_000);

  it('refuses to apply without a month (the date is chosen first) and asks nothing of the server', async () => {
    const { reports } = stub();
    const user = userEvent.setup();
    renderPage(<ReportPage screen={MONTHLY} />, { path: '/dashboard/report-monthly' });
    await waitFor(() => expect(reports().length).toBe(1));
    await user.clear(screen.getByLabelText('Bulan'));
    await user.click(screen.getByRole('button', { name: 'Tapis' }));
    expect(await screen.findByText('Sila pilih bulan dahulu.')).toBeInTheDocument();
    expect(reports().length).toBe(1);
  });

  it('shows the rows and the totals of the answer, in ringgit', async () => {
    stub();
    renderPage(<ReportPage screen={MONTHLY} />, { path: '/dashboard/report-monthly' });
    const table = await screen.findByRole('table', { name: 'Laporan Bulanan' });
    const foot = within(table).getAllByRole('row').at(-1) as HTMLElement;
    expect(within(foot).getByText('Jumlah keseluruhan')).toBeInTheDocument();
    expect(within(foot).getByText('5')).toBeInTheDocument();
    expect(within(foot).getByText('RM 950.00')).toBeInTheDocument();
    // the period as the exports write it (spec §9: day, short month, 2-digit year), not the ISO key
    expect(within(table).getByText('02 Nov 26')).toBeInTheDocument();
    expect(within(table).queryByText('2026-11-02')).toBeNull();
    expect(within(table).getByText('RM 600.00')).toBeInTheDocument();
  });

  it('shows the hibah and trust figures: by period, by status and by product (ADR 0063)', async () => {
    stub();
    renderPage(<ReportPage screen={MONTHLY} />, { path: '/dashboard/report-monthly' });
    const section = await screen.findByTestId('hibah-figures');
    expect(within(section).getByRole('heading', { name: 'Hibah dan amanah' })).toBeInTheDocument();
    expect(within(section).getByTestId('hibah-total')).toHaveTextContent('3');
    expect(within(section).getByTestId('hibah-amount')).toHaveTextContent('RM 800.00');
    const byStatus = within(section).getByRole('table', { name: 'Hibah dan amanah mengikut status' });
    expect(within(byStatus).getByText('Berdaftar').closest('tr')).toHaveTextContent('Berdaftar1');
    expect(within(byStatus).getByText('Menunggu pengesahan').closest('tr')).toHaveTextContent('1');
    const byProduct = within(section).getByRole('table', { name: 'Hibah dan amanah mengikut produk' });
    expect(within(byProduct).getByText('Amanah Harta Pusaka').closest('tr')).toHaveTextContent('RM 800.00');
    const byPeriod = within(section).getByRole('table', { name: 'Hibah dan amanah mengikut tempoh' });
    expect(within(byPeriod).getByText('02 Nov 26').closest('tr')).toHaveTextContent('02 Nov 2620RM 0.00');
  });

  it('the product list offers the hibah products: choosing one sends hibah_type, not product', async () => {
    // jsdom has no layout: reopening a list with a chosen option scrolls it into view
    Element.prototype.scrollIntoView ??= () => {};
    const { reports } = stub();
    const user = userEvent.setup();
    renderPage(<ReportPage screen={MONTHLY} />, { path: '/dashboard/report-monthly' });
    await waitFor(() => expect(reports().length).toBe(1));
    await pick(user, 'Produk', 'Wasiat Asas');
    await pick(user, 'Produk', 'Amanah Harta Pusaka');
    await user.click(screen.getByRole('button', { name: 'Tapis' }));
    await waitFor(() => expect(reports().length).toBe(2));
    const q = reports()[1].searchParams;
    expect(q.get('hibah_type')).toBe('14');
    expect(q.has('product')).toBe(false);
  }, 30_000);

  it('detailed list: the footer counts the records, and a column heading sorts on the server', async () => {
    const { reports } = stub();
    const user = userEvent.setup();
    renderPage(<ReportPage screen={DETAILED} />, { path: '/dashboard/detailed-monthly-report' });
    expect(await screen.findByText('Aminah binti Salleh')).toBeInTheDocument();
    expect(screen.getByText('Jumlah keseluruhan (1)')).toBeInTheDocument();
    expect(reports()[0].searchParams.get('sort')).toBe('created_at');
    await user.click(screen.getByRole('button', { name: /Harga/ }));
    await waitFor(() => expect(reports().at(-1)?.searchParams.get('sort')).toBe('price_sen'));
    expect(reports().at(-1)?.searchParams.get('order')).toBe('asc');
    expect(reports().at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('the XLSX button downloads the report of the applied filters as a file', async () => {
    const { calls } = stub();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:report';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderPage(<ReportPage screen={MONTHLY} />, { path: '/dashboard/report-monthly' });
    await screen.findByRole('table', { name: 'Laporan Bulanan' });
    await user.click(screen.getByRole('button', { name: 'Muat turun XLSX' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const file = calls.find((c) => c.searchParams.get('format') === 'xlsx') as URL;
    expect(file.pathname).toBe('/api/reports/monthly');
    expect(file.searchParams.get('period')).toMatch(/^\d{4}-\d{2}$/);
    expect(clicked[0].getAttribute('download')).toBe('report-monthly.xlsx');
    expect(clicked[0].getAttribute('href')).toBe('blob:report');
    expect(await created[0].text()).toBe('xlsx-bytes');
    click.mockRestore();
  });

  it('statement of account: staff choose the organisation before anything is asked', async () => {
    const { reports } = stub();
    renderPage(<ReportPage screen={SOA} />, { path: '/dashboard/report-soa' });
    expect(await screen.findByText('Pilih organisasi untuk melihat penyata akaun.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(reports()).toHaveLength(0);
  });
});

describe('periodErrors (spec §5: the date is selected first)', () => {
  it('needs the period the report asks for', () => {
    expect(periodErrors('month', {})).toEqual({ period: 'reports.filter.required_month' });
    expect(periodErrors('month', { period: '2026-11' })).toEqual({});
    expect(periodErrors('year', { period: '26' })).toEqual({ period: 'reports.filter.required_year' });
    expect(periodErrors('range', { start_date: '2026-11-01' })).toEqual({ end_date: 'reports.filter.required_date' });
    expect(periodErrors('range', { start_date: '2026-11-05', end_date: '2026-11-01' })).toEqual({
      end_date: 'reports.filter.end_before_start',
    });
    expect(periodErrors('optional_range', {})).toEqual({});
    expect(periodErrors('optional_range', { end_date: '2026-11-01' })).toEqual({
      start_date: 'reports.filter.required_date',
    });
    expect(periodErrors('month_or_year', { period: '2026' })).toEqual({});
  });
});
