/**
 * Trust and safety in the browser (issue 11; ADRs 0081–0083): the strict Content-Security-Policy breaks
 * nothing on the pages visited (no violation reported), staff log in with a second factor, a client downloads
 * their data and asks for deletion from /profile, and staff approve the request on /data-requests.
 */
import { readFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_PASSWORD, newClient } from './support/data.ts';
import { apiHeaders, login, signUpByApi } from './support/ui.ts';

/** A fresh page that records every CSP violation the browser reports. */
async function watchedPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return { page, violations, close: () => context.close() };
}

test.describe.configure({ mode: 'serial' });

const client = newClient('Siti Hajar binti Rahman');
let clientToken = '';

test('a. staff log in with a second factor under the CSP', async ({ browser }) => {
  const { page, violations, close } = await watchedPage(browser);
  const res = await page.goto('/login');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(res?.headers()['strict-transport-security']).toContain('max-age=31536000');
  // the code step, its page is accessible
  await page.getByRole('textbox', { name: 'Nama pengguna, e-mel atau No. MyKad', exact: true }).fill('officer');
  await page.getByRole('textbox', { name: 'Kata laluan', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log masuk' }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Faktor kedua' })).toBeVisible();
  await expectAccessible(page, 'second factor');
  // a wrong code is refused with the API client's dialog; the helper then logs in properly
  await page.getByRole('textbox', { name: 'Kod pengesahan' }).fill('ABCDE-FGHJK');
  await page.getByRole('button', { name: 'Sahkan' }).click();
  await expect(page.getByRole('dialog', { name: 'Ralat' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Ralat' }).getByRole('button', { name: 'Tutup' }).last().click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)$/);
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeTruthy();
  expect(violations).toEqual([]);
  await close();
});

test('b. a client downloads their data and asks for deletion', async ({ browser, request }) => {
  ({ token: clientToken } = await signUpByApi(request, client));
  const { page, violations, close } = await watchedPage(browser);
  await login(page, client.username, client.password);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Data peribadi saya' }).first().click();
  await expect(page).toHaveURL(/\/profile\/data$/);
  await expectAccessible(page, 'personal data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Muat turun data saya (zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^wasiat-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from('data.json'))).toBe(true);

  await page.getByRole('textbox', { name: 'Sebab (pilihan)' }).fill('Saya tidak lagi menggunakan perkhidmatan ini.');
  await page.getByRole('button', { name: 'Mohon pemadaman' }).click();
  await expect(page.getByTestId('my-data-requests')).toContainText('Menunggu');
  await expect(page.getByRole('button', { name: 'Mohon pemadaman' })).toBeDisabled();
  expect(violations).toEqual([]);
  await close();
});

test('c. staff approve the deletion; the client is logged out for good', async ({ browser, request }) => {
  const { page, violations, close } = await watchedPage(browser);
  await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)$/);
  await page.goto('/data-requests');
  await expect(page.getByRole('heading', { name: 'Permohonan data peribadi' })).toBeVisible();
  const row = page.getByTestId('data-requests').getByRole('row').filter({ hasText: client.name });
  await expect(row).toContainText(`********${client.ic_number.slice(-4)}`);
  await expectAccessible(page, 'data requests');
  await row.getByRole('button', { name: 'Lulus dan padam' }).click();
  await expect(page.getByText('Permohonan diluluskan; data telah dipadam.')).toBeVisible();
  await expect(page.getByTestId('data-requests').getByRole('row').filter({ hasText: client.name })).toHaveCount(0);
  const me = await request.get('/api/authenticate', { headers: apiHeaders(clientToken) });
  expect(me.status()).toBe(401);
  expect(violations).toEqual([]);
  await close();
});

test('d. API answers are not cached and CORS is closed', async ({ request }) => {
  const r = await request.get('/api/health', { headers: { Origin: 'https://evil.example' } });
  expect(r.headers()['cache-control']).toBe('no-store');
  expect(r.headers()['access-control-allow-origin']).toBeUndefined();
});
