/**
 * Issue 21 item 7 "the eKYC dead end": the eKYC limit on /ekyc leading to a manual review that staff approve
 * or reset. A client's own eKYC (no will) fails its attempts (the first ones through the API, the last in the
 * browser); /ekyc then says so once and offers the wizards' manual route; staff find the request on
 * /ekyc/review, named as the client's own eKYC, and reset the attempts (Malay); the client reaches the limit
 * again, and staff approve the photo (English); the client's /ekyc shows them verified.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_PASSWORD, MYKAD_FRONT, newClient, SELFIE, SELFIE_OTHER } from './support/data.ts';
import { call, dataUrlOf } from './support/ekyc-will.ts';
import { apiHeaders, login, logout, signUpByApi } from './support/ui.ts';

test.use({ actionTimeout: 20_000, navigationTimeout: 60_000 });

/**
 * A failing attempt of the client's own eKYC through the API (another person's selfie); the first loads the
 * face model, hence the long timeout.
 */
async function failOnce(request: APIRequestContext, token: string, userId: string) {
  const res = await request.post('/api/face-verification', {
    headers: apiHeaders(token),
    timeout: 180_000,
    data: {
      selfie_image: dataUrlOf(SELFIE_OTHER, 'image/jpeg'),
      mykad_image: dataUrlOf(MYKAD_FRONT, 'image/jpeg'),
      user_id: userId,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { face_verification: { passed: boolean } }).face_verification.passed).toBe(false);
}

test('the eKYC limit on /ekyc leading to a manual review that staff approve or reset', async ({ page, request }) => {
  test.setTimeout(480_000);
  const client = newClient('Rosnah binti Abdul Wahab');
  const { id, token } = await signUpByApi(request, client);
  await failOnce(request, token, id);
  await failOnce(request, token, id);

  // The third attempt in the browser, then the limit: one alert and the manual route.
  await login(page, client.username, client.password);
  await page.goto('/ekyc');
  await expect(page.getByTestId('ekyc-me-status')).toContainText('Percubaan digunakan: 2 daripada 3.');
  await page.getByLabel('Gambar bahagian hadapan MyKad anda').setInputFiles(MYKAD_FRONT);
  await page.getByLabel('Muat naik swafoto').setInputFiles(SELFIE_OTHER);
  await page.getByTestId('ekyc-verify').click();
  await expect(page).toHaveURL(/\/ekyc\/validation$/, { timeout: 120_000 });
  await expect(page.getByTestId('ekyc-result')).toContainText('eKYC gagal');
  await page.goto('/ekyc');
  await expect(page.getByTestId('ekyc-limit')).toHaveCount(1);
  await expect(page.getByTestId('ekyc-limit')).toContainText('Hantar foto anda memegang MyKad di bawah');
  await expect(page.getByTestId('ekyc-verify')).toBeDisabled();
  await page.getByLabel('Swafoto memegang MyKad').setInputFiles(SELFIE);
  await page.getByTestId('ekyc-manual-submit').click();
  await expect(page.getByTestId('ekyc-manual-pending')).toContainText('Menunggu semakan kakitangan');
  await expectAccessible(page, 'eKYC saya: had percubaan');
  await logout(page);

  // Staff see whose request it is and reset the attempts.
  await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)/);
  await page.goto('/ekyc/review');
  const card = page.getByTestId('ekyc-review-item').filter({ hasText: client.name });
  await expect(card.getByTestId('ekyc-review-record')).toHaveText('eKYC saya (pengguna)');
  await expect(card).toContainText(client.ic_number);
  await expect(card).toContainText('Percubaan: 3');
  await expect(card.getByRole('img', { name: 'Swafoto memegang MyKad' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'MyKad (hadapan)' })).toBeVisible();
  await expectAccessible(page, 'semakan eKYC manual');
  await card.getByRole('button', { name: 'Tetapkan semula percubaan' }).click();
  await expect(page.getByText('Kiraan percubaan telah ditetapkan semula.')).toBeVisible();
  await logout(page);

  // The client may try again: no limit, the count is back to 0.
  await login(page, client.username, client.password);
  await page.goto('/ekyc');
  await expect(page.getByTestId('ekyc-me-status')).toContainText('Percubaan digunakan: 0 daripada 3.');
  await expect(page.getByTestId('ekyc-limit')).toHaveCount(0);
  await expect(page.getByTestId('ekyc-verify')).toBeEnabled();
  await logout(page);

  // The limit again; this time the photo goes through the API and staff approve it, in English.
  for (let i = 0; i < 3; i++) await failOnce(request, token, id);
  await call(
    request,
    token,
    '/ekyc/manual',
    { ekycable_type: 'User', ekycable_id: id, document: dataUrlOf(SELFIE, 'image/jpeg') },
    201,
  );
  await login(page, 'staff', DEMO_PASSWORD, /\/(dashboard|signature)/);
  await page.getByText('EN', { exact: true }).click();
  await page.goto('/ekyc/review');
  const again = page.getByTestId('ekyc-review-item').filter({ hasText: client.name });
  await expect(again.getByTestId('ekyc-review-record')).toHaveText('My eKYC (user)');
  await again.getByRole('button', { name: 'Approve (Manual)' }).click();
  await expect(page.getByText('eKYC verified manually.')).toBeVisible();
  await expect(page.getByTestId('ekyc-review-item').filter({ hasText: client.name })).toHaveCount(0);
  await page.getByText('BM', { exact: true }).click();
  await logout(page);

  await login(page, client.username, client.password);
  await page.goto('/ekyc');
  await expect(page.getByTestId('ekyc-me-status')).toContainText('Identiti anda telah disahkan');
  await expect(page.getByTestId('ekyc-me-status')).toContainText('Disahkan oleh kakitangan kami');
  await expect(page.getByTestId('ekyc-limit')).toHaveCount(0);
});
