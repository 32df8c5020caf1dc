/**
 * The reports journey of issue 8 (DESIGN.md §5 journey 5), in Malay: a client's will is started and paid
 * in cash through the API (part b at the demo organisation, the cash payment confirmed by staff), so the
 * reports hold a figure; then the provider's staff logs in through the browser, saves the forced
 * signature, and opens every report route. On each: a filter is applied (the demo organisation), the XLSX
 * export is downloaded, parsed with exceljs and its figures compared with the table on the screen, and
 * the page is scanned with axe.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './support/axe.ts';
import { DEMO_ORG, DEMO_PASSWORD, newClient } from './support/data.ts';
import { apiHeaders, apiLogin, choose, combobox, drawSignature, login, signUpByApi } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

/** 'RM 1,234.50' → 1234.5 */
const ringgit = (s: string) => Number(s.replace(/[^0-9.-]/g, ''));

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A will of a new client at the demo organisation, paid in cash and confirmed by staff → RM paid. */
async function paidWill(request: APIRequestContext) {
  const c = await signUpByApi(request, newClient('Rosnah binti Yusof'));
  const staff = { token: await apiLogin(request, 'staff') };
  const orgs = (await ok(await request.get('/api/organization?limit=100', { headers: apiHeaders(staff.token) }))) as {
    organizations: { data: { id: string; name: string }[] };
  };
  const org = orgs.organizations.data.find((o) => o.name === DEMO_ORG);
  expect(org).toBeTruthy();
  const branches = (await ok(
    await request.get(`/api/organization/${org?.id}/branch`, { headers: apiHeaders(staff.token) }),
  )) as { branches: { data: { id: string }[] } };
  const will = (await ok(
    await request.post('/api/wasiat', { headers: apiHeaders(c.token), data: { user_id: c.id } }),
    201,
  )) as { wasiat: { id: string } };
  await ok(
    await request.post(`/api/wasiat/${will.wasiat.id}`, {
      headers: apiHeaders(c.token),
      data: {
        _method: 'PATCH',
        organization_id: org?.id,
        branch_id: branches.branches.data[0].id,
        wasiat_type: 1,
        plan: 'basic',
      },
    }),
  );
  const pay = (await ok(
    await request.post('/api/payment', {
      headers: apiHeaders(c.token),
      data: { paymentable_type: 'Wasiat', paymentable_id: will.wasiat.id, payment_options_id: 3 },
    }),
  )) as { payment: { id: string } };
  await ok(
    await request.post(`/api/payment/${pay.payment.id}/confirm`, { headers: apiHeaders(staff.token), data: {} }),
  );
}

/** Click "Muat turun XLSX" and parse the downloaded file's first sheet as rows of cell values. */
async function downloadXlsx(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Muat turun XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (r) => {
    rows.push((r.values as unknown[]).slice(1));
  });
  return rows;
}

/** Apply the organisation filter (the demo organisation) and wait for the table to follow. */
async function filterByDemoOrg(page: Page) {
  const org = combobox(page, 'Organisasi');
  await choose(org, DEMO_ORG);
  // the branch and agent lists open once an organisation is chosen (ADR 0061)
  await expect(combobox(page, 'Cawangan')).toBeEnabled();
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/reports/') && r.url().includes('organization_id='),
  );
  await page.getByRole('button', { name: 'Tapis' }).click();
  expect((await answered).status()).toBe(200);
}

/** The cells of the table footer row (totals) as text. */
const footer = async (page: Page) =>
  (await page.locator('table tfoot tr').first().locator('th, td').allInnerTexts()).map((s) => s.trim());

const SUMMARY = [
  ['/dashboard/report-daily', 'Laporan Harian'],
  ['/dashboard/report-monthly', 'Laporan Bulanan'],
  ['/dashboard/report-yearly', 'Laporan Tahunan'],
] as const;
const DETAILED = [
  ['/dashboard/detailed-monthly-report', 'Laporan Terperinci Bulanan'],
  ['/dashboard/detailed-yearly-report', 'Laporan Terperinci Tahunan'],
  ['/dashboard/approved-monthly-report', 'Laporan Kelulusan Bulanan'],
  ['/dashboard/loan-bmmb', 'Laporan Pembiayaan (BMMB)'],
] as const;

test('kakitangan membuka setiap laporan, menapis dan memuat turun XLSX', async ({ browser, request }) => {
  await paidWill(request);
  const ctx = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await ctx.newPage();
    // The demo staff user is shared by the journeys: the forced signature (spec §2) is saved by whichever
    // journey logs in first.
    await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)$/);
    if (page.url().endsWith('/signature')) {
      await drawSignature(page.getByRole('img', { name: 'Tandatangan' }));
      await page.getByRole('button', { name: 'Simpan tandatangan' }).click();
    }
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/dashboard/report');
    await expect(page.getByRole('heading', { level: 2, name: 'Laporan' })).toBeVisible();
    await expectAccessible(page, '/dashboard/report');

    // Summary reports: the totals row of the sheet equals the totals row on the screen.
    for (const [path, title] of SUMMARY) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await filterByDemoOrg(page);
      const screen = await footer(page);
      expect(Number(screen[1]), path).toBeGreaterThanOrEqual(1);
      const rows = await downloadXlsx(page);
      const last = rows.at(-1) as unknown[];
      expect(last[0]).toBe('JUMLAH');
      // total, new, in process, approved, cancelled, paid; then the amount in ringgit
      expect(last.slice(1, 7).map(Number), path).toEqual(screen.slice(1, 7).map(Number));
      expect(Number(last[7]), path).toBe(ringgit(screen[7]));
      await expectAccessible(page, path);
    }

    // Detailed lists: one sheet line per will, and the same count and amounts as the footer.
    for (const [path, title] of DETAILED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await filterByDemoOrg(page);
      const screen = await footer(page);
      const count = Number(/\((\d+)\)/.exec(screen[0])?.[1]);
      if (path.includes('detailed')) expect(count, path).toBeGreaterThanOrEqual(1);
      const rows = await downloadXlsx(page);
      expect(rows.length, path).toBe(count + 2); // heading + lines + totals
      const last = rows.at(-1) as unknown[];
      expect(last[0]).toBe('JUMLAH');
      expect(Number(last[3]), path).toBe(count);
      expect(Number(last[11]), path).toBe(ringgit(screen[1]));
      expect(Number(last[13]), path).toBe(ringgit(screen[2]));
      await expectAccessible(page, path);
    }

    // Statement of account: opening and closing balances as on the screen.
    await page.goto('/dashboard/report-soa');
    await expect(page.getByRole('heading', { name: 'Penyata Akaun' })).toBeVisible();
    await filterByDemoOrg(page);
    await expect(page.getByRole('table').getByText(DEMO_ORG)).toBeVisible();
    const soaFoot = await footer(page);
    expect(ringgit(soaFoot[2])).toBeGreaterThan(0);
    const soa = await downloadXlsx(page);
    expect((soa.at(-1) as unknown[])[2]).toBe('Baki akhir');
    expect(Number((soa.at(-1) as unknown[])[7])).toBe(ringgit(soaFoot[2]));
    expect(Number((soa.at(-1) as unknown[])[6])).toBe(ringgit(soaFoot[1]));
    await expectAccessible(page, '/dashboard/report-soa');

    // Graph report: charts with their tables; the sheet's totals equal the figures above the charts.
    await page.goto('/dashboard/graph-report');
    await expect(page.getByRole('heading', { name: 'Laporan Graf' })).toBeVisible();
    await filterByDemoOrg(page);
    const summary = page.getByTestId('graph-totals');
    await expect(summary).toBeVisible();
    const [total, amount] = await summary.locator('b').allInnerTexts();
    const graph = await downloadXlsx(page);
    const gl = graph.at(-1) as unknown[];
    expect(Number(gl[1])).toBe(Number(total));
    expect(Number(gl[7])).toBe(ringgit(amount));
    // Every chart has a legend (issue 17 item 16).
    await expect(page.locator('.recharts-legend-wrapper')).toHaveCount(4);
    // Every bar is named (issue 38 item 11): each bar chart writes as many names as it draws bars.
    const barCharts = page.locator('.recharts-wrapper').filter({ has: page.locator('.recharts-bar-rectangle') });
    await expect(barCharts).toHaveCount(2);
    for (const chart of await barCharts.all()) {
      const bars = await chart.locator('.recharts-bar-rectangle').count();
      // the axis ticks that are not numbers (the count axis) are the bars' names
      const ticks = await chart.locator('.recharts-cartesian-axis-tick-value').allTextContents();
      expect(bars).toBeGreaterThan(0);
      expect(ticks.filter((x) => x.trim() && !/^[\d.,\s]+$/.test(x))).toHaveLength(bars);
    }
    await expectAccessible(page, '/dashboard/graph-report');

    // "The date must be selected first" (spec §5): an emptied month is refused on the screen.
    await page.goto('/dashboard/report-monthly');
    await page.getByLabel('Bulan').fill('');
    await page.getByRole('button', { name: 'Tapis' }).click();
    await expect(page.getByText('Sila pilih bulan dahulu.')).toBeVisible();
  } finally {
    await ctx.close();
  }
});
