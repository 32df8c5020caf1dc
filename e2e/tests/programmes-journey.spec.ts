/**
 * The partner-programme journeys of DESIGN.md §5 journey 6 (issue 10 "A Playwright journey for each"), in
 * Malay:
 *  1. TEKUN: the programme's partner user uploads a spreadsheet (XLSX built here with exceljs) and the
 *     certificate PDFs (built here) and sees the per-row result (one row accepted, one refused for its
 *     MyKad); provider staff verify the certificate on the verification screen; the member (a client who
 *     signed up with that MyKad) registers a will under the programme, and the will is listed on
 *     /tekun/wasiat/list for the member and for the programme's partner.
 *  2. ezQurban: a client buys 3 shares of the demo cow season for a named person and pays at the sandbox
 *     gateway; the Accountant records a fund transfer with its proof; the monthly report shows both.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { A11y } from './support/axe.ts';
import { DEMO_PASSWORD, newClient, uniqueTag } from './support/data.ts';
import { choose, combobox, login, signUpByApi, textbox } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

/** The server's message for a MyKad that is not 12 digits (validation.mykad_length, ms). */
const MYKAD_LENGTH_MS = 'No. MyKad mesti 12 digit tanpa sengkang.';

/** A tiny well-formed PDF naming the certificate. */
function pdf(text: string): Buffer {
  const body = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Log in a demo provider/partner user. The dashboard sends a user without a saved signature to /signature
 * (spec §2); the programme screens do not need one, so this journey leaves that first-login step (and the
 * shared demo users' state) to the journeys that test it.
 */
async function loginStaff(page: Page, username: string) {
  await login(page, username, DEMO_PASSWORD, /\/(dashboard|signature)$/);
}

async function fresh(browser: Browser, baseURL?: string) {
  const ctx = await browser.newContext({ acceptDownloads: true, ...(baseURL ? { baseURL } : {}) });
  return { ctx, page: await ctx.newPage() };
}

const klToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const klMonth = () => klToday().slice(0, 7);

test('TEKUN: muat naik sijil, pengesahan kakitangan dan wasiat ahli', async ({ browser, request }) => {
  const a11y = new A11y();
  const tag = uniqueTag()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const certNo = `TK-${tag}`;
  const member = newClient('Rosnah binti Jaafar');
  await signUpByApi(request, member);

  // 1. The TEKUN partner uploads the spreadsheet and the PDFs.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sijil');
  ws.addRow(['Nama Ahli', 'No. KP', 'No. Sijil', 'Tarikh Keluaran']);
  ws.addRow([member.name, member.ic_number, certNo, '2026-01-15']);
  ws.addRow(['Salah MyKad', '12345', `${certNo}-B`, '2026-01-15']);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

  const partner = await fresh(browser);
  let page = partner.page;
  await loginStaff(page, 'tekun');
  await page.goto('/tekun/upload');
  await expect(page.getByRole('heading', { name: 'Muat naik sijil TEKUN', level: 1 })).toBeVisible();
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles({
    name: 'sijil-tekun.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await inputs.nth(1).setInputFiles([
    { name: `${certNo}.pdf`, mimeType: 'application/pdf', buffer: pdf(certNo) },
    { name: `${certNo}-B.pdf`, mimeType: 'application/pdf', buffer: pdf(`${certNo}-B`) },
  ]);
  await page.getByRole('button', { name: 'Muat naik', exact: true }).click();
  const result = page.getByTestId('upload-result');
  await expect(result.getByText('2 baris: 1 diterima, 1 ditolak.')).toBeVisible();
  const rows = result.getByTestId('upload-rows');
  await a11y.scan(page, 'keputusan muat naik TEKUN');
  await expect(rows.locator('tr[data-status="accepted"]')).toContainText(certNo);
  await expect(rows.locator('tr[data-status="refused"]')).toContainText(MYKAD_LENGTH_MS);
  await page.goto('/tekun/upload/list');
  await expect(page.getByTestId('uploads')).toContainText('sijil-tekun.xlsx');
  await a11y.scan(page, 'senarai muat naik TEKUN');

  // 2. Provider staff verify the certificate.
  const staff = await fresh(browser);
  page = staff.page;
  await loginStaff(page, 'staff');
  await page.goto('/tekun/certificate/verification');
  const row = page.locator(`tr[data-certificate="${certNo}"]`);
  await expect(row).toContainText(member.name);
  await row.getByRole('button', { name: 'Sahkan' }).click();
  // it asks first (issue 38 item 11)
  const ask = page.getByRole('dialog', { name: `Sahkan sijil ${certNo}?` });
  await expect(ask).toContainText(member.name);
  await ask.getByRole('button', { name: 'Sahkan' }).click();
  await expect(page.getByText(`Sijil ${certNo} telah disahkan.`)).toBeVisible();
  await page.locator('label[for$="-verified"]').click(); // the SegmentedControl's "Disahkan" segment
  await expect(page.locator(`tr[data-certificate="${certNo}"]`)).toContainText('Disahkan');
  await a11y.scan(page, 'pengesahan sijil');
  await staff.ctx.close();

  // 3. The member registers a will under the programme; it is listed.
  const memberCtx = await fresh(browser);
  page = memberCtx.page;
  await login(page, member.username, member.password);
  await page.goto('/tekun/wasiat/list');
  await page.getByRole('button', { name: `Daftar wasiat di bawah sijil ${certNo}` }).click();
  await expect(page).toHaveURL(/\/wasiat\/part-payment\?wasiat_id=/);
  await page.goto('/tekun/wasiat/list');
  const wills = page.getByTestId('programme-wills');
  await expect(wills).toContainText(certNo);
  await expect(wills).toContainText('RM 100.00');
  await expect(wills).toContainText('Dalam pendaftaran');
  await a11y.scan(page, 'wasiat TEKUN (ahli)');
  await memberCtx.ctx.close();

  page = partner.page;
  await page.goto('/tekun/wasiat/list');
  await expect(page.getByTestId('programme-wills')).toContainText(member.name);
  await page.goto('/tekun/report/monthly');
  await expect(page.getByTestId('tekun-report').locator(`tr[data-month="${klMonth()}"]`)).toContainText('2');
  await a11y.scan(page, 'laporan bulanan TEKUN');
  await partner.ctx.close();
  a11y.expectClean();
});

test('ezQurban: 3 bahagian dibayar, pemindahan dana dan laporan bulanan', async ({ browser, request }) => {
  const a11y = new A11y();
  const buyer = newClient('Hafizah binti Salleh');
  await signUpByApi(request, buyer);
  const ref = `IBG-${uniqueTag().toUpperCase()}`;

  // 1. A client buys 3 shares of the cow season and pays at the sandbox gateway — on the site opened under
  // another host name than the configured one (127.0.0.1 for localhost): return addresses are paths (issue 17
  // item 10).
  const other = new URL(test.info().project.use.baseURL ?? 'http://localhost:3100');
  other.hostname = '127.0.0.1';
  const c = await fresh(browser, other.origin);
  let page = c.page;
  await login(page, buyer.username, buyer.password);
  await page.goto('/ezqurban/purchase');
  await choose(combobox(page, 'Musim'), 'Lembu 2026 — Kampong Cham, Kemboja (RM 650.00 / bahagian)');
  await textbox(page, 'Bahagian').fill('3');
  await textbox(page, 'Bagi pihak').fill('Allahyarham Salleh bin Omar');
  await expect(page.getByTestId('purchase-total')).toContainText('RM 1,950.00');
  await a11y.scan(page, 'borang pembelian qurban');
  await page.getByRole('button', { name: 'Sahkan pembelian' }).click();
  await expect(page.getByTestId('purchase-done')).toContainText('RM 1,950.00');
  await page.getByRole('button', { name: 'Bayar' }).click();
  await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
  await page.getByRole('button', { name: /Lulus/ }).click();
  await expect(page).toHaveURL(/\/payment-status\?status=1/);
  // The status page names what was paid (issue 38 item 11, ADR 0242), never "Bayaran wasiat".
  await expect(page.getByRole('main')).toContainText('pembelian qurban anda');
  await expect(page.getByRole('main')).not.toContainText('wasiat');
  await page.getByRole('link', { name: 'Lihat pembelian qurban' }).click();
  await expect(page).toHaveURL(/\/ezqurban\/transaction\/list$/);
  const mine = page.getByTestId('qurban-transactions');
  await expect(mine).toContainText('Allahyarham Salleh bin Omar');
  await expect(mine).toContainText('Dibayar');
  await a11y.scan(page, 'senarai transaksi qurban');
  await c.ctx.close();

  // 2. The Accountant records a fund transfer with its proof.
  const a = await fresh(browser);
  page = a.page;
  await loginStaff(page, 'accountant');
  await page.goto('/ezqurban/fund-transfer/list');
  const form = page.getByTestId('transfer-form');
  await choose(combobox(form, 'Musim'), 'Lembu 2026 — Kampong Cham, Kemboja (RM 650.00 / bahagian)');
  await textbox(form, 'Jumlah (RM)').fill('500.00');
  await textbox(form, 'Rujukan bank').fill(ref);
  await textbox(form, 'Tarikh pemindahan').fill(klToday());
  await textbox(form, 'Masa pemindahan').fill('09:30');
  await textbox(form, 'Keterangan').fill('Pindahan kepada rakan pelaksana');
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'bukti.pdf', mimeType: 'application/pdf', buffer: pdf('Bukti') });
  await page.getByRole('button', { name: 'Simpan pemindahan' }).click();
  await expect(page.getByText('Pemindahan dana direkodkan.')).toBeVisible();
  await expect(page.getByTestId('fund-transfers')).toContainText(ref);
  await expect(page.getByTestId('fund-transfers')).toContainText('RM 500.00');
  await a11y.scan(page, 'pemindahan dana');

  // 3. The monthly report shows the purchase and the transfer in this month.
  await page.goto('/ezqurban/report/monthly');
  const month = page.getByTestId('qurban-report').locator(`tr[data-month="${klMonth()}"]`);
  await expect(month).toContainText('RM 1,950.00');
  await expect(month).toContainText('RM 500.00');
  await a11y.scan(page, 'laporan bulanan qurban');
  await a.ctx.close();
  a11y.expectClean();
});
