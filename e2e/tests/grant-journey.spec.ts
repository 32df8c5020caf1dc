/**
 * The grant journey of issue 16 (ADR 0101 "who acts for a client"), in Malay. Two existing clients signed
 * up on their own — no organisation acts for them. The demo partner organisation's Partner looks each up by
 * MyKad in part A of the will wizard and learns nothing — the answer is the one an unregistered MyKad gets (issue
 * 36 item 6) — then requests access by the MyKad:
 *  a. for the first client, approval on the client's dashboard: the client logs in, sees the request and
 *     approves it; the partner checks again, sees the full record and starts the client's will;
 *  b. for the second, a one-time code sent to the client's own e-mail (read from the outbox, as the client
 *     would read it out); the partner enters it and starts the will;
 *  c. the first client lists the grant on /profile and withdraws it; the will is then a 404 to the partner.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ORG, DEMO_PASSWORD, maskedName, newClient, WILL_ID } from './support/data.ts';
import { mailTo } from './support/mail.ts';
import { apiHeaders, apiLogin, drawSignature, login, signUpByApi, textbox } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

async function newPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const ctx = await browser.newContext();
  return [ctx, await ctx.newPage()];
}

/** Log the demo partner in (saving the forced signature the first time, spec §2). */
async function partnerLogin(page: Page) {
  await login(page, 'partner', DEMO_PASSWORD, /\/(dashboard|signature)$/);
  if (page.url().endsWith('/signature')) {
    await drawSignature(page.getByRole('img', { name: 'Tandatangan' }));
    await page.getByRole('button', { name: 'Simpan tandatangan' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
}

/** Part A: search the client's MyKad and expect the answer that tells nothing (no name, no MyKad). */
async function findMasked(page: Page, ic: string, name: string) {
  await page.goto('/wasiat/part-a');
  const search = page.getByRole('form', { name: 'Cari pelanggan' });
  await textbox(search, 'No. MyKad pelanggan').fill(ic);
  await search.getByRole('button', { name: 'Cari' }).click();
  const masked = page.getByTestId('masked-client');
  await expect(masked).toBeVisible();
  await expect(masked).toContainText('Tiada pelanggan yang boleh anda akses dengan No. MyKad ini');
  await expect(page.locator('main')).not.toContainText(maskedName(name));
  await expect(page.locator('main')).not.toContainText(name);
  await expect(masked).not.toContainText(ic);
  return masked;
}

/** After access: the full record is shown and the will starts at part B. */
async function startWill(page: Page, name: string) {
  const found = page.getByTestId('found-client');
  await expect(found).toContainText(name);
  await found.getByRole('button', { name: 'Daftar wasiat untuk pelanggan ini' }).click();
  await expect(page).toHaveURL(/\/wasiat\/part-b\?wasiat_id=/);
  const id = new URL(page.url()).searchParams.get('wasiat_id') ?? '';
  expect(id).toMatch(WILL_ID);
  return id;
}

test('rakan kongsi meminta akses kepada pelanggan sedia ada; pelanggan meluluskan di papan pemuka dan melalui kod', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const first = newClient('Zulaikha binti Hamdan');
  const second = newClient('Ismail bin Rahmat');
  await signUpByApi(request, first);
  await signUpByApi(request, second);

  const [partnerCtx, partner] = await newPage(browser);
  const [clientCtx, client] = await newPage(browser);
  try {
    await partnerLogin(partner);

    // a. approval on the client's dashboard
    const masked = await findMasked(partner, first.ic_number, first.name);
    await masked.getByRole('button', { name: 'Minta kelulusan di papan pemuka pelanggan' }).click();
    await expect(partner.getByTestId('grant-waiting')).toContainText('Pelanggan perlu meluluskannya');

    await login(client, first.username, first.password);
    const req = client.getByTestId('grant-request');
    await expect(req).toContainText(`Rosli bin Abdullah daripada ${DEMO_ORG} meminta akses`);
    await req.getByRole('button', { name: 'Luluskan' }).click();
    await expect(client.getByText('Akses telah diluluskan.')).toBeVisible();
    await expect(client.getByTestId('grant-request')).toHaveCount(0);

    await partner.getByRole('button', { name: 'Semak semula' }).click();
    const willId = await startWill(partner, first.name);

    // b. a code sent to the second client's own e-mail, read out to the partner
    const masked2 = await findMasked(partner, second.ic_number, second.name);
    await masked2.getByRole('button', { name: 'Hantar kod ke e-mel pelanggan' }).click();
    await expect(partner.getByTestId('grant-asked')).toContainText('permintaan anda telah dihantar kepadanya');
    const mail = await mailTo(second.email);
    expect(mail).toContain(DEMO_ORG);
    const code = /\b(\d{6})\b/.exec(mail)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await textbox(partner, 'Kod daripada pelanggan').fill(code);
    await partner.getByRole('button', { name: 'Sahkan kod' }).click();
    await startWill(partner, second.name);

    // c. the first client withdraws the grant on /profile; the will is a 404 to the partner from then on
    await client.goto('/profile');
    const grants = client.getByTestId('grants');
    await expect(grants).toContainText(DEMO_ORG);
    await expect(grants).toContainText('Aktif');
    client.once('dialog', (d) => d.accept());
    await grants.getByRole('button', { name: 'Tarik balik' }).click();
    await expect(grants).toContainText('Ditarik balik');
    const token = await apiLogin(request, 'partner');
    const r = await request.get(`/api/wasiat/${willId}`, { headers: apiHeaders(token) });
    expect(r.status()).toBe(404);
  } finally {
    await partnerCtx.close();
    await clientCtx.close();
  }
});
