/**
 * The hibah amendment journey (issue 5; spec §2 /trust/part-listpindaan and
 * /trust/pengesahan/list-pindaan-hibah, §4 amendment flow, §6 only the grantor updates; ADR 0036–0038),
 * in Malay: a client with a registered property hibah (made through the API as the trust wizard does:
 * grantor, two receivers — one a minor with a caretaker — a land title shared 50/50, payment, signature,
 * two witnesses, staff approval, draft accepted, the adult signed on the grantor's device and the minor
 * accepted by the caretaker's link and code, witnesses confirmed by link + e-mailed code; support/hibah-api.ts)
 * opens "Pindaan Hibah" from the menu, applies (no amendment price: nothing to pay), adds a receiver
 * and re-shares the land, copies the hibah's MyKad into the amendment and passes its eKYC with a selfie
 * (issue 3, ADR 0097), submits with an OTP bound to the hibah from the outbox; an officer passes it on the
 * verification list; the grantor signs and accepts the draft; each witness confirms through the link in
 * their e-mail; the officer approves and sees the hibah's versions with their certificates; the grantor's
 * list shows the amendment succeeded and the hibah at version 2, and the amended hibah is a sealed PDF the
 * public check recognises (ADR 0098). The added receiver is then asked to accept like the first ones (issue 21
 * item 5): she opens the link in her e-mail, sees her share, signs with the code mailed to her, and the hibah's
 * certificate (read with pdftotext) states her share and her acceptance.
 */

import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_PASSWORD, newMykad, SELFIE, uniqueTag } from './support/data.ts';
import { call, certificateText, codeInMail, registeredHibah } from './support/hibah-api.ts';
import { linkInMailTo } from './support/mail.ts';
import { apiHeaders, choose, combobox, drawSignature, login, textbox } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

async function officerPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  // A staff user without a saved signature lands on /signature (spec §2); the lists are reachable directly.
  await login(page, 'officer', DEMO_PASSWORD, /\/(dashboard|signature)$/);
  return page;
}

test('pindaan hibah: mohon, tambah penerima dan bahagian, hantar, pegawai lulus, saksi sahkan, lulus', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { client, token, hibahId, number, witnesses, adult } = await registeredHibah(request);
  const newcomer = { name: 'Aina binti Rosli', ic: newMykad('female'), email: `aina.${uniqueTag()}@contoh.my` };

  // The grantor opens "Pindaan Hibah" from the menu and applies; no amendment price → nothing to pay.
  await login(page, client.username, client.password);
  await page.getByRole('link', { name: 'Pindaan Hibah', exact: true }).first().click();
  await expect(page).toHaveURL(/\/trust\/part-listpindaan$/);
  await expect(page.getByTestId('hibah-amendments-card')).toContainText(number);
  await page.getByTestId('apply-hibah-amendment').click();
  const list = page.getByTestId('hibah-amendment-list');
  await expect(list.getByTestId('amendment-status')).toHaveText('Dalam Proses');
  await expect(page.getByTestId('apply-hibah-amendment')).toBeHidden();
  await expectAccessible(page, 'senarai pindaan hibah');
  await list.getByRole('link', { name: /^Buka / }).click();
  await expect(page).toHaveURL(/\/trust\/pindaan\/[A-Za-z0-9_-]+$/);
  const amendmentId = new URL(page.url()).pathname.split('/').at(-1) as string;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pindaan Hibah P');

  // Receivers: a new adult receiver.
  await page.getByRole('link', { name: 'Penerima', exact: true }).click();
  await page.getByRole('button', { name: 'Tambah Penerima' }).click();
  const rForm = page.getByTestId('hibah-draft-receivers-form');
  await textbox(rForm, 'Nama').fill(newcomer.name);
  await choose(combobox(rForm, 'Hubungan'), 'Anak');
  await textbox(rForm, 'No. MyKad').fill(newcomer.ic);
  await textbox(rForm, 'E-mel').fill(newcomer.email);
  await rForm.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('hibah-draft-receivers')).toContainText(newcomer.name);
  await expectAccessible(page, 'pindaan hibah: penerima');

  // The land: Nadia's 50% becomes 25% and Aina receives 25%.
  await page.getByRole('link', { name: 'Harta Tak Alih dan Bahagian' }).click();
  await page.getByRole('tab', { name: 'Penerima' }).click();
  const shares = page.getByTestId('immoveables-shares');
  await expect(shares).toContainText('Nadia binti Rosli');
  await shares.getByRole('button', { name: `Buang ${adult.name}` }).click();
  await expect(shares).not.toContainText('Nadia binti Rosli');
  // (Picking the property again would clear it: the select keeps it between shares.)
  await choose(combobox(page, 'Harta'), 'GRN 77001, Lot 5120, Kajang');
  for (const who of [adult.name, newcomer.name]) {
    await choose(combobox(page, 'Penerima'), who);
    await textbox(page, 'Bahagian').fill('25%');
    await page.getByRole('button', { name: 'Tambah bahagian' }).click();
    await expect(shares).toContainText(who);
  }
  await expectAccessible(page, 'pindaan hibah: harta tak alih (penerima)');

  // Submitting needs the amendment's own eKYC (issue 3, ADR 0097): the submit page says so and links to the
  // MyKad & eKYC part, where the hibah's MyKad images are copied and a selfie is compared with the front.
  await page.getByRole('link', { name: 'Pengesahan dan Hantar' }).click();
  await expect(page.getByTestId('hibah-amendment-ekyc-needed')).toBeVisible();
  await page.getByTestId('hibah-amendment-ekyc-needed').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/trust/pindaan/${amendmentId}/ekyc$`));
  await expect(page.getByText('Salin MyKad daripada hibah')).toBeVisible();
  await page.getByTestId('mykad-copy').click();
  await expect(page.getByTestId('mykad-done')).toBeVisible();
  await expectAccessible(page, 'pindaan hibah: MyKad dan eKYC');
  await page.getByLabel('Muat naik swafoto').setInputFiles(SELFIE);
  await page.getByTestId('ekyc-verify').click();
  await expect(page.getByTestId('ekyc-result')).toContainText('eKYC berjaya', { timeout: 90_000 });
  await expect(page.getByTestId('ekyc-verified')).toBeVisible();

  // Submit: declarations, an OTP bound to the hibah from the outbox.
  await page.getByRole('link', { name: 'Pengesahan dan Hantar' }).click();
  await expect(page.getByTestId('hibah-amendment-ekyc-needed')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Akta Perlindungan Data Peribadi/ }).check();
  await page.getByRole('checkbox', { name: /mengesahkan maklumat pindaan hibah/ }).check();
  await page.getByRole('button', { name: 'Minta kod OTP' }).click();
  await expect(page.getByText(/Kod telah dihantar/)).toBeVisible();
  const code = await codeInMail(client.email, 'Kod pengesahan anda');
  await textbox(page, 'Kod OTP (6 digit)').fill(code);
  await page.getByRole('button', { name: 'Sahkan kod' }).click();
  await expect(page.getByTestId('otp-verified')).toBeVisible();
  await page.getByTestId('submit-hibah-amendment').click();
  await expect(page.getByTestId('amendment-status')).toHaveText('Menunggu Pengesahan');

  // The officer passes it on the verification list.
  const officer = await officerPage(browser);
  await officer.goto('/trust/pengesahan/list-pindaan-hibah');
  const row = officer.getByTestId(`hibah-amendment-${amendmentId}`);
  await expect(row).toContainText(client.name);
  await expect(row.getByTestId('amendment-status')).toHaveText('Menunggu Pengesahan');
  await expectAccessible(officer, 'senarai pengesahan pindaan hibah');
  await row.getByTestId(`pass-${amendmentId}`).click();
  await expect(row).toBeHidden();

  // The grantor reviews the draft, signs and accepts it: the witnesses are e-mailed.
  await page.goto(`/trust/pindaan/${amendmentId}/draf`);
  await expect(page.getByTestId('amendment-status')).toHaveText('Draf Perlu Disemak');
  await expect(page.getByTestId('hd-immoveables')).toContainText(`${newcomer.name} (25%)`);
  await expectAccessible(page, 'pindaan hibah: draf');
  await drawSignature(page.locator('canvas').first());
  await page.getByTestId('accept-hibah-draft').click();
  await expect(page.getByTestId('amendment-status')).toHaveText('Menunggu Pengesahan Saksi');

  // Each witness confirms through the link in their e-mail: OTP from the outbox, then a signature.
  for (const w of witnesses) {
    const link = await linkInMailTo(w.email, '/pindaan/saksi/[A-Za-z0-9_-]+');
    const ctx = await browser.newContext();
    const wp = await ctx.newPage();
    await wp.goto(link);
    await expect(wp.getByRole('heading', { name: 'Pengesahan Saksi Pindaan Hibah', level: 1 })).toBeVisible();
    // Only what the witness attests (issue 36 item 4): the version and hash, not the receivers.
    await expect(wp.getByTestId('attestation-version')).toHaveText('2');
    await expect(wp.getByTestId('attestation-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(wp.locator('body')).not.toContainText(newcomer.name);
    await expectAccessible(wp, 'pengesahan saksi pindaan hibah');
    await wp.getByRole('button', { name: 'Minta kod OTP' }).click();
    await expect(wp.getByText(/Kod telah dihantar/)).toBeVisible();
    const wcode = await codeInMail(w.email, 'mengesahkan pindaan');
    await textbox(wp, 'Kod OTP (6 digit)').fill(wcode);
    await wp.getByRole('button', { name: 'Sahkan kod' }).click();
    await expect(wp.getByTestId('otp-verified')).toBeVisible();
    await drawSignature(wp.locator('canvas').first());
    await wp.getByTestId('witness-confirm').click();
    await expect(wp.getByTestId('witness-confirmed')).toBeVisible();
    await ctx.close();
  }

  // The officer approves on the list (every witness confirmed).
  await officer.goto('/trust/pengesahan/list-pindaan-hibah');
  const again = officer.getByTestId(`hibah-amendment-${amendmentId}`);
  await expect(again).toContainText('Saksi disahkan: 2/2');
  await again.getByTestId(`approve-${amendmentId}`).click();
  await officer.getByRole('dialog').getByRole('button', { name: 'Luluskan pindaan' }).click();
  await expect(again).toBeHidden();
  // Staff see the hibah's versions with a certificate for each (ADR 0098).
  await officer.goto(`/trust/part-listpindaan?id=${hibahId}`);
  await expect(officer.getByTestId('hibah-versions')).toContainText('Sijil versi semasa (versi 2, PDF)');
  await expect(officer.getByTestId('hibah-version-1')).toBeVisible();
  const staffPdf = officer.waitForEvent('popup');
  await officer.getByTestId('hibah-version-1').click();
  expect((await staffPdf).url()).toMatch(/^blob:/);
  await officer.context().close();

  // The grantor sees it succeeded and the hibah at version 2 with the new receiver.
  await page.goto(`/trust/part-listpindaan?id=${hibahId}`);
  await expect(page.getByTestId('hibah-amendment-list').getByTestId('amendment-status').first()).toHaveText(
    'Pindaan Berjaya',
  );
  await expect(page.getByText('Versi semasa: 2')).toBeVisible();
  await expect(page.getByTestId('apply-hibah-amendment')).toBeVisible();
  // The grantor has the current version's certificate only.
  await expect(page.getByTestId('hibah-version-current')).toBeVisible();
  await expect(page.getByTestId('hibah-version-1')).toHaveCount(0);
  const receivers = await call(request, token, 'GET', `/api/hibah/${hibahId}/receiver`);
  expect(receivers.receivers.data.map((r: { name: string }) => r.name)).toContain(newcomer.name);

  // The amended hibah (issue 11, ADR 0098): linked from the amendment's page, a sealed PDF that the hibah's
  // public check recognises — and not once a single byte is changed.
  await page.goto(`/trust/pindaan/${amendmentId}`);
  const amendedLink = page.getByTestId('amended-hibah-pdf');
  await expect(amendedLink).toBeVisible();
  const popup = page.waitForEvent('popup');
  await amendedLink.click();
  expect((await popup).url()).toMatch(/^blob:/);
  const pdfRes = await request.get(`/api/amendment/${amendmentId}/certificate/comprehensive`, {
    headers: { ...apiHeaders(token), Accept: 'application/pdf' },
  });
  expect(pdfRes.status()).toBe(200);
  const pdf = await pdfRes.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const check = async (bytes: Buffer) => {
    const res = await request.post(`/api/public/hibah/${hibahId}/verify`, {
      headers: { Accept: 'application/json', Type: 'api-public' },
      multipart: { file: { name: 'hibah.pdf', mimeType: 'application/pdf', buffer: bytes } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).verification;
  };
  expect(await check(pdf)).toMatchObject({ registered: true, kind: 'hibah_amendment' });
  const changed = Buffer.from(pdf);
  changed[changed.length - 20] ^= 0x01;
  expect(await check(changed)).toMatchObject({ registered: false });

  // The receiver added by the amendment is asked to accept, like the first ones (issue 21 item 5): the link
  // in her e-mail shows what is given to her, she asks for a code and signs with it.
  const acceptLink = await linkInMailTo(newcomer.email, `/hibah/penerima/${hibahId}/[A-Za-z0-9_-]+`);
  const rctx = await browser.newContext();
  const rp = await rctx.newPage();
  await rp.goto(acceptLink);
  await expect(rp.getByRole('heading', { name: 'Tandatangan sebagai penerima hibah', level: 1 })).toBeVisible();
  const gift = rp.getByTestId('receiver-gift');
  await expect(gift).toContainText('GRN 77001 · Lot 5120 — bahagian 25%');
  await expect(gift.getByTestId('receiver-minor')).toHaveCount(0);
  await expectAccessible(rp, 'penerimaan penerima tambahan pindaan');
  await rp.getByTestId('party-send-code').click();
  await expect(rp.getByRole('status').filter({ hasText: 'a***@contoh.my' })).toBeVisible();
  await rp.getByTestId('party-code').fill(await codeInMail(newcomer.email, 'ialah'));
  await drawSignature(rp.locator('canvas').first());
  await rp.getByTestId('party-sign').click();
  await expect(rp.getByTestId('party-done')).toHaveText('Terima kasih, tandatangan anda telah direkodkan.');
  await rctx.close();
  // Her acceptance is on the hibah's record and its certificate.
  const after = await call(request, token, 'GET', `/api/hibah/${hibahId}/receiver`);
  const aina = after.receivers.data.find((r: { name: string }) => r.name === newcomer.name);
  expect(aina.signed_at).toBeTruthy();
  const text = await certificateText(request, token, hibahId);
  const block = text.slice(text.indexOf(`${newcomer.name} (`));
  expect(block).toContain('Bahagian / Share: Sebidang Tanah / Land · Geran / Grant · GRN 77001 · Lot 5120 — 25%');
  // (She is the last receiver: her block is what follows her name.)
  expect(block).toMatch(/Penerimaan \(qabul\) \/ Acceptance \(qabul\): \d/);
  expect(block).not.toContain('Belum diterima');
});
