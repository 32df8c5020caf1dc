import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_PASSWORD, MYKAD_FRONT, newClient, SELFIE } from './support/data.ts';
import { call, willAtEkyc } from './support/ekyc-will.ts';
import { login, signUpByApi } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('a. eKYC saya: pengesahan identiti pengguna yang log masuk', async ({ page, request }) => {
  test.setTimeout(240_000);
  const client = newClient('Hafizah binti Rahman');
  await signUpByApi(request, client);
  await login(page, client.username, client.password);
  await page.getByRole('link', { name: 'eKYC saya' }).first().click();
  await expect(page).toHaveURL(/\/ekyc$/);
  await expect(page.getByRole('heading', { name: 'eKYC saya', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ekyc-me-status')).toContainText('belum disahkan');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expectAccessible(page, 'eKYC saya');
  await page.getByLabel('Gambar bahagian hadapan MyKad anda').setInputFiles(MYKAD_FRONT);
  await page.getByLabel('Muat naik swafoto').setInputFiles(SELFIE);
  await page.getByTestId('ekyc-verify').click();
  await expect(page).toHaveURL(/\/ekyc\/validation$/, { timeout: 90_000 });
  await expect(page.getByTestId('ekyc-result')).toContainText('eKYC berjaya');
  await expect(page.getByTestId('ekyc-result-status')).toContainText('telah disahkan');
  await expectAccessible(page, 'keputusan eKYC');
  await page.getByRole('link', { name: 'Kembali ke eKYC saya' }).click();
  await expect(page.getByTestId('ekyc-me-status')).toContainText('Pengesahan terakhir yang lulus: skor');
});

test('b. pautan eKYC awam dibatalkan oleh kakitangan', async ({ page, request, browser }) => {
  const { client, token, willId } = await willAtEkyc(request, 'Amirul bin Hashim');
  const { url } = await call(request, token, '/route/sign', { route_name: 'ekyc', wasiat_id: willId });
  expect(url).toMatch(/^\/ekyc\?wasiat_id=.+&link_id=.+&expires=\d+&signature=/);

  // The client opens the link without logging in.
  const anon = await browser.newContext();
  const visitor = await anon.newPage();
  await visitor.goto(url);
  await expect(visitor.getByText(`Assalamualaikum ${client.name}`)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Log masuk' })).toBeVisible();

  // Staff see the will's valid links on its eKYC page and revoke this one.
  await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)/);
  await page.goto(`/wasiat/ekyc?wasiat_id=${willId}`);
  const links = page.getByTestId('ekyc-links');
  await expect(links).toContainText(client.name);
  await expectAccessible(page, 'pautan eKYC (kakitangan)');
  await links.getByRole('button', { name: 'Batalkan pautan' }).click();
  await expect(page.getByTestId('ekyc-links')).toHaveCount(0);

  // The same link is now refused, in Malay.
  await visitor.goto(url);
  await expect(visitor.getByTestId('ekyc-link-invalid')).toHaveText(
    'Pautan ini telah dibatalkan. Sila minta pautan baharu daripada ejen anda.',
  );
  await anon.close();
});
