/**
 * eKYC outside the wizards (issue 3), in Malay:
 *  a. a logged-in client opens "eKYC saya" (/ekyc) from the menu: not verified yet; uploads the MyKad front
 *     and a selfie of the card holder; the result page /ekyc/validation shows the pass, and /ekyc then shows
 *     the latest passing verification (GET /api/user/{id}/face-verification?return_first=true&
 *     min_verification_score=70);
 *  b. a public eKYC link (ADR 0091) opens for an anonymous visitor; staff revoke it on the will's eKYC page
 *     (ADR 0095) and the same link then says it was revoked.
 * Axe scans on each new page (support/axe.ts).
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_ORG, DEMO_PASSWORD, MYKAD_BACK, MYKAD_FRONT, newClient, SELFIE } from './support/data.ts';
import { apiHeaders, login, signUpByApi } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

const dataUrlOf = (file: string, mime: string) => `data:${mime};base64,${readFileSync(file).toString('base64')}`;

async function call(request: APIRequestContext, token: string, path: string, data: unknown, status = 200) {
  const res = await request.post(`/api${path}`, { headers: apiHeaders(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** A client's basic will with its MyKad images, at the eKYC step (as ekyc-camera.spec.ts makes it). */
async function willAtEkyc(request: APIRequestContext) {
  const client = newClient('Amirul bin Hashim');
  const { id, token } = await signUpByApi(request, client);
  const { wasiat } = await call(request, token, '/wasiat', { user_id: id }, 201);
  const orgs = await (await request.get('/api/organization?allow_wasiat=1', { headers: apiHeaders(token) })).json();
  const org = (orgs as { organizations: { data: { id: string; name: string }[] } }).organizations.data.find(
    (o) => o.name === DEMO_ORG,
  ) as { id: string };
  const branches = await (
    await request.get(`/api/organization/${org.id}/branch`, { headers: apiHeaders(token) })
  ).json();
  const branch = (branches as { branches: { data: { id: string }[] } }).branches.data[0];
  await call(request, token, `/wasiat/${wasiat.id}`, {
    _method: 'PATCH',
    organization_id: org.id,
    branch_id: branch.id,
    wasiat_type: 1,
    plan: 'basic',
  });
  const pay = await call(request, token, '/payment', { paymentable_id: wasiat.id, payment_options_id: 1 });
  const gateway = await request.post(new URL(pay.payment_link, 'http://x').pathname, {
    form: { outcome: 'approve' },
    maxRedirects: 0,
  });
  expect(gateway.status()).toBe(303);
  await call(request, token, `/wasiat/${wasiat.id}/user-detail`, {
    _method: 'PATCH',
    designation: 'mr',
    name: client.name,
    ic_number: client.ic_number,
    gender: 1,
    race: 1,
    religion: 1,
    nationality: 1,
    marital_status: 'married',
    email: client.email,
    mobile_number: client.mobile_number,
    correspondence_address: 'No. 8, Jalan Kenari 2, Taman Puchong',
    correspondence_postcode: '47100',
    correspondence_city: 'Puchong',
    correspondence_state: 'Selangor',
    permanent_address: 'No. 8, Jalan Kenari 2, Taman Puchong',
    permanent_postcode: '47100',
    permanent_city: 'Puchong',
    permanent_state: 'Selangor',
  });
  for (const [type, file, mime] of [
    ['mykad-front', MYKAD_FRONT, 'image/jpeg'],
    ['mykad-back', MYKAD_BACK, 'image/png'],
  ]) {
    await call(
      request,
      token,
      `/wasiat/${wasiat.id}/document`,
      { is_base64: true, type, document: dataUrlOf(file, mime) },
      201,
    );
  }
  return { client, token, willId: wasiat.id as string };
}

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
  const { client, token, willId } = await willAtEkyc(request);
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
