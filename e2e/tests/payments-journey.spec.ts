/**
 * Payments journey (issue 7; spec §4 "Payment: made, failed, waived via promo code", §8 "Payment of will
 * failed", §9 payment modes), in Malay, with the built-in sandbox gateway:
 *  a. a client pays a basic will (RM 350.00) at the sandbox gateway; /payment-status shows the amount and
 *     receipt number read from the server; the numbered receipt is downloadable from /wasiat/{id}/receipt;
 *  b. a client's gateway payment fails ("Bayaran untuk wasiat anda gagal."), they go back and pay again;
 *  c. staff generate a promo code worth the whole price; a client's will is waived without a gateway;
 *  d. a client chooses cash; an accountant confirms it in /dashboard/payments; the receipt appears;
 *  e. a client declares an offline payment ("Luar Talian"); back at the payment part, and after a reload, the
 *     declaration is shown (amount, reference, awaiting confirmation) with no way to pay, and its details can be
 *     replaced (ADR 0291).
 * Users log in only through the login page (support/ui.ts `login`); clients are signed up via the API.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { A11y } from './support/axe.ts';
import { DEMO_BRANCH, DEMO_ORG, DEMO_PASSWORD, type NewClient, newClient, WILL_ID } from './support/data.ts';
import { apiHeaders, choose, combobox, drawSignature, login, signUpByApi, textbox } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

async function newPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const ctx = await browser.newContext({ acceptDownloads: true });
  return [ctx, await ctx.newPage()];
}

/** A non-client user is asked to save a signature before the dashboard (spec §2). */
async function saveForcedSignature(page: Page) {
  await expect(page).toHaveURL(/\/signature$/);
  await drawSignature(page.getByRole('img', { name: 'Tandatangan' }));
  await page.getByRole('button', { name: 'Simpan tandatangan' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('id_token') ?? '');

/** Sign a new client up, log in, start a basic will at the demo organisation and reach the payment part. */
async function clientAtPayment(browser: Browser, name: string): Promise<[BrowserContext, Page, NewClient, string]> {
  const [ctx, page] = await newPage(browser);
  const c = newClient(name);
  await signUpByApi(page.request, c);
  await login(page, c.username, c.password);
  await page.getByRole('link', { name: 'Daftar wasiat baharu', exact: true }).click();
  await expect(page).toHaveURL(/\/wasiat\/part-a$/);
  await page.getByRole('button', { name: 'Mula daftar wasiat' }).click();
  await expect(page).toHaveURL(/\/wasiat\/part-b\?wasiat_id=/);
  const willId = new URL(page.url()).searchParams.get('wasiat_id') ?? '';
  expect(willId).toMatch(WILL_ID);
  await choose(combobox(page, 'Organisasi'), DEMO_ORG);
  await choose(combobox(page, 'Cawangan'), DEMO_BRANCH);
  await page.getByRole('radio', { name: 'Wasiat Islam' }).check();
  await page.getByRole('radio', { name: 'Wasiat Asas — RM 350.00' }).check();
  await page.getByRole('button', { name: 'Seterusnya' }).click();
  await expect(page).toHaveURL(/\/wasiat\/part-payment\?wasiat_id=/);
  await expect(page.getByTestId('pay-price')).toHaveText('RM 350.00');
  return [ctx, page, c, willId];
}

/** Download the receipt on /wasiat/{id}/receipt and check the PDF through the API too. */
async function downloadReceipt(page: Page, willId: string) {
  await page.goto(`/wasiat/${willId}/receipt`);
  await expect(page.getByRole('heading', { name: 'Resit Wasiat', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /R\d{4}-\d{6}/ });
  await expect(row).toBeVisible();
  const receiptNo = ((await row.textContent()) ?? '').match(/R\d{4}-\d{6}/)?.[0] ?? '';
  await row.getByRole('button', { name: 'Resit (PDF)' }).click();
  await expect(page.getByTestId(`open-resit-${receiptNo}.pdf`)).toBeVisible();
  const list = await page.request.get(`/api/wasiat/${willId}/payment`, { headers: apiHeaders(await tokenOf(page)) });
  const paid = (
    (await list.json()) as { payments: { data: { id: string; receipt_no: string | null }[] } }
  ).payments.data.find((p) => p.receipt_no === receiptNo);
  const pdf = await page.request.get(`/api/payment/${paid?.id}/receipt`, {
    headers: { ...apiHeaders(await tokenOf(page)), Accept: 'application/pdf' },
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  return receiptNo;
}

test.describe('Bayaran wasiat', () => {
  test('a. bayar melalui gerbang pembayaran (kotak pasir) dan muat turun resit', async ({ browser }) => {
    const a11y = new A11y();
    const [ctx, page, , willId] = await clientAtPayment(browser, 'Nur Aisyah binti Rahman');
    try {
      await expect(page.getByRole('radio', { name: 'Gerbang Bayaran' })).toBeChecked();
      await a11y.scan(page, 'bahagian bayaran (semua kaedah)');
      await page.getByRole('button', { name: 'Bayar', exact: true }).click();
      await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
      await expect(page.getByText('RM 350.00')).toBeVisible();
      await page.getByRole('button', { name: /Lulus/ }).click();

      await expect(page).toHaveURL(/\/payment-status\?status=1/);
      await expect(page.getByTestId('payment-result')).toContainText('Bayaran berjaya');
      await expect(page.getByTestId('payment-amount')).toContainText(/RM 350\.00 — No\. resit: R\d{4}-\d{6}/);
      await a11y.scan(page, 'status bayaran (berjaya)');
      await page.getByRole('link', { name: 'Teruskan pendaftaran wasiat' }).click();
      await expect(page).toHaveURL(new RegExp(`/wasiat/part-c\\?wasiat_id=${willId}`));

      await downloadReceipt(page, willId);
      await a11y.scan(page, 'halaman resit');
      a11y.expectClean();
    } finally {
      await ctx.close();
    }
  });

  test('b. bayaran gagal, kembali ke bahagian bayaran dan cuba lagi', async ({ browser }) => {
    const [ctx, page, , willId] = await clientAtPayment(browser, 'Mohd Hafiz bin Ismail');
    try {
      await page.getByRole('button', { name: 'Bayar', exact: true }).click();
      await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
      await page.getByRole('button', { name: /Gagal/ }).click();

      await expect(page).toHaveURL(/\/payment-status\?status=0/);
      await expect(page.getByTestId('payment-result')).toContainText('Bayaran gagal');
      await expect(page.getByTestId('payment-result')).toContainText('Bayaran untuk wasiat anda gagal.');
      await page.getByRole('link', { name: 'Kembali ke bahagian bayaran' }).click();

      await expect(page).toHaveURL(new RegExp(`/wasiat/part-payment\\?wasiat_id=${willId}`));
      await expect(page.getByTestId('payment-failed')).toHaveText('Pembayaran wasiat gagal.');
      await expect(page.getByTestId('pay-status')).toHaveText('Gagal');
      await page.getByRole('button', { name: 'Bayar', exact: true }).click();
      await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
      await page.getByRole('button', { name: /Lulus/ }).click();
      await expect(page).toHaveURL(/\/payment-status\?status=1/);
      await expect(page.getByTestId('payment-result')).toContainText('Bayaran berjaya');
    } finally {
      await ctx.close();
    }
  });

  test('c. kod promosi menanggung harga penuh: dikecualikan tanpa gerbang', async ({ browser }) => {
    // Staff generate one promo code of RM 350.00 for the demo organisation.
    const [staffCtx, staff] = await newPage(browser);
    let code = '';
    try {
      await login(staff, 'staff', DEMO_PASSWORD, /\/(signature|dashboard)$/);
      if (staff.url().endsWith('/signature')) await saveForcedSignature(staff);
      const orgs = await staff.request.get('/api/organization?limit=100', {
        headers: apiHeaders(await tokenOf(staff)),
      });
      const demo = (
        (await orgs.json()) as { organizations: { data: { id: string; name: string }[] } }
      ).organizations.data.find((o) => o.name === DEMO_ORG);
      await staff.goto(`/organizations/${demo?.id}/promo-codes`);
      const gen = staff.getByTestId('promo-form');
      await textbox(gen, 'Bilangan kod').fill('1');
      await textbox(gen, 'Diskaun').fill('350.00');
      await gen.getByRole('button', { name: 'Jana kod' }).click();
      const codeCell = staff
        .getByTestId('promo-codes')
        .locator('tbody tr')
        .filter({ hasText: 'RM 350.00' })
        .first()
        .locator('td')
        .first();
      await expect(codeCell).toHaveText(/^[A-Z0-9]{6,}$/);
      code = (await codeCell.textContent())?.trim() ?? '';
    } finally {
      await staffCtx.close();
    }

    const [ctx, page, , willId] = await clientAtPayment(browser, 'Siti Khadijah binti Osman');
    try {
      await textbox(page, 'Kod promosi').fill(code);
      await page.getByRole('button', { name: 'Semak kod' }).click();
      await expect(page.getByTestId('promo-ok')).toHaveText('Kod promosi sah: diskaun RM 350.00.');
      await expect(page.getByTestId('pay-due')).toHaveText('RM 0.00');
      await expect(page.getByRole('radio', { name: 'Gerbang Bayaran' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Sahkan (tiada bayaran)' }).click();
      await expect(page).toHaveURL(new RegExp(`/wasiat/part-c\\?wasiat_id=${willId}`));
      await page.goto(`/wasiat/part-payment?wasiat_id=${willId}`);
      await expect(page.getByTestId('pay-status')).toHaveText('Dikecualikan (kod promosi)');
      await downloadReceipt(page, willId);
    } finally {
      await ctx.close();
    }
  });

  test('d. bayaran tunai disahkan oleh akauntan', async ({ browser }) => {
    const a11y = new A11y();
    const [ctx, page, c, willId] = await clientAtPayment(browser, 'Zulkifli bin Hassan');
    const [accCtx, acc] = await newPage(browser);
    try {
      await page.getByRole('radio', { name: 'Bayaran Tunai' }).check();
      await page.getByRole('button', { name: 'Bayar', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/wasiat/part-c\\?wasiat_id=${willId}`));
      await page.goto(`/wasiat/part-payment?wasiat_id=${willId}`);
      await expect(page.getByTestId('pay-status')).toHaveText('Belum selesai');

      await login(acc, 'accountant', DEMO_PASSWORD, /\/(signature|dashboard)$/);
      if (acc.url().endsWith('/signature')) await saveForcedSignature(acc);
      await acc.getByRole('link', { name: 'Pengesahan bayaran' }).first().click();
      await expect(acc).toHaveURL(/\/dashboard\/payments$/);
      await expect(acc.getByRole('heading', { name: 'Pengesahan bayaran', level: 1 })).toBeVisible();
      const row = acc.getByTestId('pending-payment').filter({ hasText: c.name });
      await expect(row).toContainText('Bayaran Tunai');
      await expect(row).toContainText('RM 350.00');
      await a11y.scan(acc, 'pengesahan bayaran (akauntan)');
      await expect(row.getByTestId('payment-for')).toContainText('Wasiat');
      await row.getByRole('button', { name: 'Sahkan diterima' }).click();
      // A dialog names what is confirmed before anything happens (issue 21 item 8).
      const dialog = acc.getByRole('dialog', { name: 'Sahkan bayaran diterima?' });
      await expect(dialog).toContainText('Wasiat');
      await expect(dialog).toContainText(c.name);
      await expect(dialog).toContainText('RM 350.00');
      await dialog.getByRole('button', { name: 'Ya, sahkan diterima' }).click();
      await expect(acc.getByText(/Bayaran disahkan\. Resit R\d{4}-\d{6}\. Wasiat .* · RM 350\.00/)).toBeVisible();
      await expect(acc.getByTestId('pending-payment').filter({ hasText: c.name })).toHaveCount(0);

      await page.reload();
      await expect(page.getByTestId('pay-status')).toHaveText('Dibayar');
      await downloadReceipt(page, willId);
      a11y.expectClean();
    } finally {
      await accCtx.close();
      await ctx.close();
    }
  });

  test('e. bayaran luar talian diisytiharkan: butiran ditunjukkan, tiada gerbang bayaran', async ({ browser }) => {
    const a11y = new A11y();
    const [ctx, page, , willId] = await clientAtPayment(browser, 'Rohani binti Ismail');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(new Date());
    try {
      await page.getByRole('radio', { name: 'Luar Talian' }).check();
      await choose(combobox(page, 'Cara bayaran'), 'Cek');
      await textbox(page, 'No. pindahan atau no. cek').fill('CEK 004512');
      await page.getByLabel('Tarikh bayaran').fill(today);
      await textbox(page, 'Amaun dibayar (RM)').fill('350');
      await page.getByRole('button', { name: 'Bayar', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/wasiat/part-c\\?wasiat_id=${willId}`));
      await page.goto(`/wasiat/part-payment?wasiat_id=${willId}`);
      const card = page.getByTestId('offline-declaration');
      await expect(card).toContainText('RM 350.00');
      await expect(card).toContainText('CEK 004512');
      await expect(page.getByTestId('offline-sent')).toContainText('menunggu pengesahan');
      await expect(page.getByRole('button', { name: 'Bayar', exact: true })).toHaveCount(0);
      await a11y.scan(page, 'bayaran luar talian menunggu pengesahan');
      // Replace the details: the form opens with them; the new declaration takes the old one's place.
      await page.getByRole('button', { name: 'Ganti butiran bayaran' }).click();
      await expect(textbox(page, 'No. pindahan atau no. cek')).toHaveValue('CEK 004512');
      await textbox(page, 'No. pindahan atau no. cek').fill('CEK 004513');
      await page.getByRole('button', { name: 'Hantar butiran baharu' }).click();
      await expect(card).toContainText('CEK 004513');
      await page.reload();
      await expect(page.getByTestId('offline-declaration')).toContainText('CEK 004513');
      await expect(page.getByRole('button', { name: 'Bayar', exact: true })).toHaveCount(0);
      a11y.expectClean();
    } finally {
      await ctx.close();
    }
  });
});
