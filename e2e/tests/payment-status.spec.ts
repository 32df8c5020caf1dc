/**
 * The payment status page names what was paid for and leads back to it, and staff pages refuse a client with the
 * not-found page (issue 37 items 3 and 8, issue 38; ADR 0242), at desktop (1366×768) and phone (390×844) width:
 *  - a client starts a property hibah (Hibah Amanah Hartanah; made through the API as the wizard's part A makes
 *    it), opens its part H, pays online at the sandbox gateway and approves; /payment-status names the hibah
 *    product (never "wasiat") and its button opens that hibah's part H, which shows it paid;
 *  - the same client types staff addresses (a will verification list, a hibah verification list, the reports)
 *    and sees the not-found page, with no error dialog.
 * Logging in only through the login page (support/ui.ts `login`).
 */
import { expect, test } from '@playwright/test';
import { newClient } from './support/data.ts';
import { call } from './support/hibah-api.ts';
import { login, signUpByApi } from './support/ui.ts';

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
const STAFF_PAGES = ['/wasiat/pengesahan/list-pendaftaran', '/trust/pengesahan/pendaftaran', '/dashboard/report'];

for (const w of WIDTHS) {
  test(`hibah paid at the gateway: the status page names it and leads back; staff pages are not found (${w.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(w.viewport);
    const client = newClient('Salmiah binti Ismail');
    const { id: userId, token } = await signUpByApi(request, client);
    const hibah = (await call(request, token, 'POST', '/api/hibah', { user_id: userId, hibah_type: 9 })).hibah;
    const hibahId = hibah.id as string;

    await login(page, client.username, client.password);
    await page.goto(`/trust/part-h?id=${hibahId}`);
    await page.getByTestId('hibah-pay-online').click();
    await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
    await page.getByRole('button', { name: /Lulus/ }).click();

    await expect(page).toHaveURL(/\/payment-status\?status=1/);
    const result = page.getByTestId('payment-result');
    await expect(result).toContainText('Bayaran berjaya');
    await expect(result).toContainText('Bayaran untuk Hibah Amanah Hartanah anda telah diterima.');
    await expect(page.locator('main')).not.toContainText(/wasiat/i);
    const back = page.getByRole('link', { name: 'Teruskan pendaftaran Hibah Amanah Hartanah' });
    await expect(back).toHaveAttribute('href', `/trust/part-h?id=${hibahId}`);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/trust/part-h\\?id=${hibahId}$`));
    await expect(page.getByTestId('hibah-paid')).toBeVisible();

    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Tidak dijumpai' }), path).toBeVisible();
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('dialog', { name: 'Ralat' }), path).toHaveCount(0);
    }
  });
}
