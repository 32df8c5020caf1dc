/**
 * A corporate trust registered end to end in the browser (issue 21 item 6; ADR 0165), in Malay with an English
 * check of the company page: a client acting for a company chooses "Deklarasi Amanah Korporat"; part D asks
 * for the company — not a person's religion or marital status — with the SSM number checked (a business
 * number refused on its field), the address filled from the postcode, two authorised signatories and the
 * board resolution uploaded; the person acting passes eKYC (part B), adds a receiver, a land title, two
 * witnesses, pays (cash, confirmed by the accountant in the background), signs, verifies a one-time code and
 * submits. Staff read the company in the summary before approving; the client accepts the draft, the
 * receiver signs, the witnesses confirm through their links — their page names the company — and the
 * registered trust's public page names the company.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, MYKAD_BACK, MYKAD_FRONT, newClient, newMykad, SELFIE } from './support/data.ts';
import { hibahIdOf, passOtp } from './support/hibah.ts';
import { linkInMailTo, mailTo } from './support/mail.ts';
import {
  apiHeaders,
  apiLogin,
  choose,
  combobox,
  drawSignature,
  login,
  logout,
  signUpByApi,
  textbox,
} from './support/ui.ts';

const client = newClient('Zulkifli bin Hamzah');
const tag = Date.now().toString(36);
const company = { name: `Syarikat Maju Jaya ${tag} Sdn. Bhd.`, ssm: '202001234567' };
const secretary = { name: 'Siti Aminah binti Yusof', ic: newMykad('female') };
const receiver = { name: 'Yayasan Ilmu Nurul Iman', ic: newMykad('male') };
const witnesses = [
  { name: 'Hasnah binti Yusof', ic: newMykad('female'), email: `hasnah.korp.${tag}@contoh.my` },
  { name: 'Rahim bin Daud', ic: newMykad('male'), email: `rahim.korp.${tag}@contoh.my` },
];

/** A tiny well-formed one-page PDF (the board resolution). */
function resolutionPdf(): Buffer {
  const text = 'BT /F1 14 Tf 72 720 Td (Resolusi Lembaga Pengarah) Tj ET';
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
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

test('a corporate trust registered end to end by a company', async ({ page, request, browser }) => {
  // One face match on the server (up to ~30 s on a busy machine) on top of the journey.
  test.setTimeout(240_000);
  await signUpByApi(request, client);
  await login(page, client.username, client.password);

  // Product list → the corporate trust → part D.
  await page.goto('/hibah/product-list');
  await page.getByTestId('product-2').click();
  await expect(page).toHaveURL(/\/trust\/part-a\?type=2$/);
  await page.getByTestId('hibah-create').click();
  await expect(page).toHaveURL(/\/trust\/part-d\?id=/);
  const id = hibahIdOf(page);

  // Part D is the company: no person's MyKad, religion or marital status.
  await expect(page.getByRole('heading', { name: 'D. Syarikat', level: 1 })).toBeVisible();
  await expect(page.getByTestId('company-intro')).toContainText('Hibah atau amanah korporat dibuat oleh syarikat');
  const form = page.getByTestId('hibah-company');
  await expect(page.getByRole('combobox', { name: 'Agama' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status perkahwinan' })).toHaveCount(0);

  // The same page in English.
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'D. Company', level: 1 })).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Company particulars' })).toBeVisible();
  await expect(textbox(form, 'SSM registration no.')).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Authorised signatories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Board resolution' })).toBeVisible();
  await page.getByRole('button', { name: 'BM', exact: true }).click();
  await expect(form.getByRole('heading', { name: 'Maklumat syarikat' })).toBeVisible();

  await textbox(form, 'Nama syarikat').fill(company.name);
  // A business (entity 03) is not a company: refused on its field.
  await textbox(form, 'No. pendaftaran SSM').fill('202003123456');
  await textbox(form, 'Alamat').fill('Lot 5, Jalan Teknologi');
  // The postcode fills in the city and the state (ADR 0128).
  await textbox(form, 'Poskod').fill('43000');
  await expect(textbox(form, 'Bandar')).toHaveValue('Kajang');
  await expect(combobox(form, 'Negeri')).toHaveValue('Selangor');
  const first = page.getByTestId('company-signatory-0');
  await textbox(first, 'Nama penuh').fill(client.name);
  await textbox(first, 'No. MyKad').fill(client.ic_number);
  await textbox(first, 'Jawatan').fill('Pengarah Urusan');
  await page.getByTestId('company-add-signatory').click();
  const second = page.getByTestId('company-signatory-1');
  await textbox(second, 'Nama penuh').fill(secretary.name);
  await textbox(second, 'No. MyKad').fill(secretary.ic);
  await textbox(second, 'Jawatan').fill('Setiausaha Syarikat');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(textbox(form, 'No. pendaftaran SSM')).toHaveAccessibleDescription(
    /^Ini nombor pendaftaran perniagaan, bukan syarikat\./,
  );
  await textbox(form, 'No. pendaftaran SSM').fill(company.ssm);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/hibah/${id}/company`) && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Simpan' }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText('Maklumat syarikat telah disimpan.');

  // The board resolution, uploaded and named.
  await page
    .locator('input[type=file][aria-label="Muat naik resolusi"]')
    .setInputFiles({ name: 'Resolusi Lembaga 2026.pdf', mimeType: 'application/pdf', buffer: resolutionPdf() });
  await expect(
    page.getByTestId('company-resolution').getByRole('button', { name: 'Resolusi Lembaga 2026.pdf' }),
  ).toBeVisible();

  // The trust's purpose; a company is not asked its employer or income.
  const trust = page.getByTestId('hibah-trust');
  await expect(textbox(trust, 'Majikan')).toHaveCount(0);
  await textbox(trust, 'Tujuan amanah').fill('Biasiswa pelajar asnaf');
  await trust.getByRole('button', { name: 'Simpan dan teruskan' }).click();
  await expect(page).toHaveURL(/\/trust\/part-e\?id=/);

  // Part B: the identity of the person acting for the company.
  await page.goto(`/trust/part-b?id=${id}`);
  await expect(page.getByTestId('hibah-acting-person')).toContainText('orang yang bertindak bagi pihak syarikat');
  await page.getByLabel('MyKad (depan)').setInputFiles(MYKAD_FRONT);
  await page.getByLabel('MyKad (belakang)').setInputFiles(MYKAD_BACK);
  await page.getByTestId('mykad-save').click();
  await expect(page.getByTestId('mykad-done')).toBeVisible();
  await page.getByLabel('Muat naik swafoto').setInputFiles(SELFIE);
  await page.getByTestId('ekyc-verify').click();
  await expect(page.getByTestId('ekyc-result')).toContainText('eKYC berjaya', { timeout: 120_000 });

  // Part E: the receiver.
  await page.goto(`/trust/part-e?id=${id}`);
  await page.getByTestId('hibah-receiver-add').click();
  const rf = page.getByTestId('hibah-receiver-form');
  await textbox(rf, 'Nama').fill(receiver.name);
  await choose(combobox(rf, 'Hubungan'), 'Lain-lain');
  await textbox(rf, 'No. MyKad').fill(receiver.ic);
  await rf.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('hibah-receiver-table')).toContainText(receiver.name);

  // Part F: a land title, all of it to the receiver.
  await page.goto(`/trust/part-f?id=${id}`);
  await page.getByTestId('hibah-immoveable-add').click();
  const land = page.getByTestId('hibah-immoveable-form');
  await choose(combobox(land, 'Kategori'), 'Sebidang Tanah');
  await choose(combobox(land, 'Jenis hakmilik'), 'Geran');
  await textbox(land, 'No. hakmilik').fill('GRN 77001');
  await textbox(land, 'No. lot').fill('Lot 901');
  await textbox(land, 'Bandar / pekan / mukim').fill('Kajang');
  await textbox(land, 'Daerah').fill('Hulu Langat');
  await choose(combobox(land, 'Negeri'), 'Selangor');
  await textbox(land, 'Alamat').fill('Lot 901, Mukim Kajang');
  await land.getByRole('button', { name: 'Simpan' }).click();
  const table = page.getByTestId('hibah-immoveable-table');
  await expect(table).toContainText('GRN 77001');
  await table.getByRole('button', { name: 'Bahagian penerima' }).click();
  await choose(combobox(table, 'Penerima'), receiver.name);
  await textbox(table, 'Bahagian (cth. 50% atau 1/2)').fill('100%');
  await table.getByRole('button', { name: 'Simpan' }).click();
  await expect(table).toContainText(`${receiver.name}: 100%`);

  // Part I: two witnesses (a signatory of the company may not be one).
  await page.goto(`/trust/part-i?id=${id}`);
  for (const w of witnesses) {
    await page.getByTestId('hibah-witness-add').click();
    const f = page.getByTestId('hibah-witness-form');
    await textbox(f, 'Nama').fill(w.name);
    await textbox(f, 'No. MyKad').fill(w === witnesses[0] ? secretary.ic : w.ic);
    await textbox(f, 'E-mel').fill(w.email);
    await textbox(f, 'Alamat').fill('No. 2, Jalan Melur');
    await textbox(f, 'Poskod').fill('43000');
    await f.getByRole('button', { name: 'Simpan' }).click();
    if (w === witnesses[0]) {
      await expect(textbox(f, 'No. MyKad')).toHaveAccessibleDescription(
        'Penandatangan syarikat tidak boleh menjadi saksi.',
      );
      await textbox(f, 'No. MyKad').fill(w.ic);
      await f.getByRole('button', { name: 'Simpan' }).click();
    }
    await expect(page.getByTestId('hibah-witness-table')).toContainText(w.name);
  }

  // Part H: cash payment (confirmed by the accountant), signature, declarations, code, submit.
  await page.goto(`/trust/part-h?id=${id}`);
  await page.getByTestId('hibah-pay-cash').click();
  const accountant = await apiLogin(request, 'accountant');
  const pays = await request.get(`/api/hibah/${id}/payment`, { headers: apiHeaders(accountant) });
  const payment = ((await pays.json()) as { payments: { data: { id: string }[] } }).payments.data[0];
  const confirmed = await request.post(`/api/payment/${payment.id}/confirm`, {
    headers: apiHeaders(accountant),
    data: {},
  });
  expect(confirmed.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('hibah-paid')).toBeVisible();
  await drawSignature(page.locator('canvas').first());
  await page.getByTestId('hibah-save-signature').click();
  await expect(page.getByTestId('hibah-signed')).toBeVisible();
  await page.getByLabel('Saya bersetuju dengan notis Akta Perlindungan Data Peribadi 2010.').check();
  await page.getByLabel('Saya mengesahkan maklumat hibah ini adalah benar.').check();
  await passOtp(page, client.email);
  await page.getByTestId('hibah-submit').click();
  await expect(page.getByTestId('hibah-status')).toHaveText('Tunggu pengesahan');
  await logout(page);

  // Staff read the company and its signatories before approving.
  await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)/);
  await page.goto('/trust/pengesahan/pendaftaran');
  await page.getByRole('link', { name: 'Wasiat Platform Berhad' }).click();
  await page.getByTestId(`open-${id}`).click();
  const summary = page.getByTestId('hibah-summary-company');
  await expect(summary).toContainText(`${company.name} (${company.ssm})`);
  await expect(summary).toContainText(`${secretary.name} (${secretary.ic}) — Setiausaha Syarikat`);
  await page.getByTestId(`approve-${id}`).click();
  await page.getByRole('dialog', { name: 'Luluskan hibah ini?' }).getByRole('button', { name: 'Lulus' }).click();
  await expect(page.getByTestId(`verify-${id}`)).toBeHidden();
  await logout(page);

  // The client accepts the draft; the receiver signs on the client's device.
  await login(page, client.username, client.password);
  await page.goto(`/trust/part-draft?id=${id}`);
  await expect(page.getByTestId('hibah-summary-company')).toContainText(company.name);
  await passOtp(page, client.email);
  await page.getByTestId('hibah-accept-draft').click();
  await expect(page.getByText('Draf telah diterima.')).toBeVisible();
  await page.goto(`/trust/part-signpenerima?id=${id}`);
  await drawSignature(page.locator('canvas').first());
  await page.getByRole('button', { name: 'Simpan tandatangan' }).first().click();
  await expect(page.getByText('Telah ditandatangani.')).toHaveCount(1);
  await page.getByTestId('hibah-receivers-done').click();
  await expect(page.getByTestId('hibah-status')).toHaveText('Pengesahan saksi');

  // The witnesses confirm through their e-mailed links; their page names the company.
  for (const w of witnesses) {
    const link = await linkInMailTo(w.email, `/hibah/saksi/${id}/[^?]+`);
    const ctx = await browser.newContext();
    const wp = await ctx.newPage();
    await wp.goto(link);
    await expect(wp.getByRole('heading', { name: 'Sahkan sebagai saksi hibah' })).toBeVisible();
    // The attestation view names the company with its SSM number (ADR 0228).
    await expect(wp.getByTestId('attestation-subject')).toContainText(company.name);
    await wp.getByTestId('party-send-code').click();
    let code = '';
    await expect
      .poll(async () => {
        code = /ialah (\d{6})/.exec(await mailTo(w.email))?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await wp.getByTestId('party-code').fill(code);
    await drawSignature(wp.locator('canvas').first());
    await wp.getByTestId('party-confirm').click();
    await expect(wp.getByTestId('party-done')).toBeVisible();
    await ctx.close();
  }

  // Registered; the public page names the company.
  await page.goto(`/trust/part-i?id=${id}`);
  await page.getByTestId('hibah-finish').click();
  await expect(page.getByTestId('hibah-registered')).toContainText(/H\d{4}-\d{6}/);
  const anon = await browser.newContext();
  const ap = await anon.newPage();
  await ap.goto(`/public/hibah/${id}`);
  await expect(ap.getByTestId('public-hibah')).toContainText('Deklarasi Amanah Korporat');
  await expect(ap.getByTestId('public-hibah')).toContainText(company.name);
  await anon.close();
});
