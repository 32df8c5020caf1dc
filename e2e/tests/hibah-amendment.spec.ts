/**
 * The hibah amendment journey (issue 5; spec §2 /trust/part-listpindaan and
 * /trust/pengesahan/list-pindaan-hibah, §4 amendment flow, §6 only the grantor updates; ADR 0036–0038),
 * in Malay: a client with a registered property hibah (made through the API as the trust wizard does:
 * grantor, two receivers — one a minor with a caretaker — a land title shared 50/50, payment, signature,
 * two witnesses, staff approval, draft accepted, receivers signed, witnesses confirmed by link + e-mailed
 * code) opens "Pindaan Hibah" from the menu, applies (no amendment price: nothing to pay), adds a receiver
 * and re-shares the land, copies the hibah's MyKad into the amendment and passes its eKYC with a selfie
 * (issue 3, ADR 0097), submits with an OTP bound to the hibah from the outbox; an officer passes it on the
 * verification list; the grantor signs and accepts the draft; each witness confirms through the link in
 * their e-mail; the officer approves and sees the hibah's versions with their certificates; the grantor's
 * list shows the amendment succeeded and the hibah at version 2, and the amended hibah is a sealed PDF the
 * public check recognises (ADR 0098).
 */

import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_PASSWORD, MYKAD_BACK, MYKAD_FRONT, newClient, newMykad, SELFIE, uniqueTag } from './support/data.ts';
import { linkInMailTo, mailTo } from './support/mail.ts';
import { apiHeaders, apiLogin, choose, combobox, drawSignature, login, signUpByApi, textbox } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

/** A drawn signature (1×1 opaque near-black PNG), as the signature pad would send. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPg4uICAABAAB8LnNWkAAAAAElFTkSuQmCC';

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object) {
  const res =
    method === 'GET'
      ? await request.get(path, { headers: apiHeaders(token) })
      : await request.post(path, { headers: apiHeaders(token), data: data ?? {} });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

const usedCodes = new Set<string>();
/** The code ("… ialah 123456") of the newest mail to `to` whose text contains `marker`, not used before. */
async function codeInMail(to: string, marker: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const raw = await mailTo(to);
      const m = raw.includes(marker) ? /ialah (\d{6})/.exec(raw) : null;
      code = m?.[1] && !usedCodes.has(m[1]) ? m[1] : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  usedCodes.add(code);
  return code;
}

/** Request and verify the grantor's one-time code of `purpose` for the hibah (the code from the mail). */
async function grantorCode(
  request: APIRequestContext,
  token: string,
  email: string,
  hibahId: string,
  purpose: 'hibah-submit' | 'hibah-finalise',
) {
  await call(request, token, 'POST', '/api/otp/request', { purpose, hibah_id: hibahId });
  const code = await codeInMail(email, 'Kod pengesahan');
  await call(request, token, 'POST', '/api/otp/verify', { code, purpose, hibah_id: hibahId });
}

const address = { address: 'No. 8, Jalan Seroja', postcode: '43000', city: 'Kajang', state: 'Selangor' };

/** A registered property hibah (status 5) of a new client, made through the API (docs/api/hibah.md). */
async function registeredHibah(request: APIRequestContext) {
  const client = newClient('Rosli bin Ahmad');
  const { id: userId, token } = await signUpByApi(request, client);
  const h = (await call(request, token, 'POST', '/api/hibah', { user_id: userId, hibah_type: 9 })).hibah;
  await call(request, token, 'POST', `/api/hibah/${h.id}/user-detail`, {
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
    correspondence_address: address.address,
    correspondence_postcode: address.postcode,
    correspondence_city: address.city,
    correspondence_state: address.state,
    permanent_address: address.address,
    permanent_postcode: address.postcode,
    permanent_city: address.city,
    permanent_state: address.state,
  });
  const adult = (
    await call(request, token, 'POST', `/api/hibah/${h.id}/receiver`, {
      name: 'Nadia binti Rosli',
      relationship: 'son',
      ic_number: newMykad('female'),
      ...address,
    })
  ).receiver;
  const minor = (
    await call(request, token, 'POST', `/api/hibah/${h.id}/receiver`, {
      name: 'Danial bin Rosli',
      relationship: 'son',
      ic_number: '150601149871',
      ...address,
    })
  ).receiver;
  await call(request, token, 'POST', `/api/hibah/${h.id}/caretaker`, {
    receiver_id: minor.id,
    name: 'Rohana binti Salleh',
    ic_number: newMykad('female'),
    relationship: 'guardian',
    mobile_number: '0137654321',
    ...address,
  });
  const land = (
    await call(request, token, 'POST', `/api/hibah/${h.id}/immoveable-property`, {
      category: 'land',
      property_type: 'geran',
      property_no: 'GRN 77001',
      lot_number: 'Lot 5120',
      city: 'Kajang',
      district: 'Hulu Langat',
      state: 'Selangor',
      address: 'Lot 5120, Mukim Kajang',
    })
  ).immoveable_property;
  for (const r of [adult, minor]) {
    await call(request, token, 'POST', `/api/hibah/${h.id}/property/${land.id}/receiver`, {
      receiver_id: r.id,
      portion: '50%',
    });
  }
  const pay = await call(request, token, 'POST', '/api/payment', {
    paymentable_type: 'Hibah',
    paymentable_id: h.id,
    payment_options_id: 3,
  });
  const accountant = await apiLogin(request, 'accountant');
  await call(request, accountant, 'POST', `/api/payment/${pay.payment.id}/confirm`, {});
  await call(request, token, 'POST', `/api/hibah/${h.id}/signature`, { signature: SIGNATURE_PNG });
  const witnesses = [
    { name: 'Zaleha binti Omar', email: `zaleha.${uniqueTag()}@contoh.my` },
    { name: 'Hafiz bin Karim', email: `hafiz.${uniqueTag()}@contoh.my` },
  ];
  const witnessIds: string[] = [];
  for (const w of witnesses) {
    const row = await call(request, token, 'POST', `/api/hibah/${h.id}/witness`, {
      ...w,
      ic_number: newMykad(),
      ...address,
    });
    witnessIds.push(row.witness.id);
  }
  // The grantor's identity (issue 3, ADR 0094/0096): MyKad images, a passing eKYC, a code before submitting.
  for (const [type, file, mime] of [
    ['mykad-front', MYKAD_FRONT, 'image/jpeg'],
    ['mykad-back', MYKAD_BACK, 'image/png'],
  ]) {
    const document = `data:${mime};base64,${(await readFile(file)).toString('base64')}`;
    await call(request, token, 'POST', `/api/hibah/${h.id}/document`, { is_base64: true, type, document });
  }
  const selfie = `data:image/jpeg;base64,${(await readFile(SELFIE)).toString('base64')}`;
  const face = await request.post('/api/face-verification', {
    headers: apiHeaders(token),
    data: { selfie_image: selfie, ekycable_type: 'Hibah', ekycable_id: h.id },
    timeout: 90_000,
  });
  expect(face.ok(), await face.text()).toBe(true);
  expect((await face.json()).face_verification.passed, 'the face fixtures match').toBe(true);
  await grantorCode(request, token, client.email, h.id, 'hibah-submit');
  await call(request, token, 'POST', `/api/hibah/${h.id}`, {
    status: 2,
    acknowledged_pdpa: 1,
    acknowledged_confirmation: 1,
  });
  const staff = await apiLogin(request, 'staff');
  await call(request, staff, 'POST', `/api/hibah/${h.id}`, { status: 3, is_cash_payment: 1 });
  await grantorCode(request, token, client.email, h.id, 'hibah-finalise');
  await call(request, token, 'POST', `/api/hibah/${h.id}`, { status: 3, is_draft_accepted: 1 });
  for (const r of [adult, minor]) {
    await call(request, token, 'POST', `/api/hibah/${h.id}/receiver/${r.id}/signature`, { signature: SIGNATURE_PNG });
  }
  await call(request, token, 'POST', `/api/hibah/${h.id}`, { status: 4 });
  for (const [i, w] of witnesses.entries()) {
    const { url } = await call(request, token, 'POST', '/api/route/sign', {
      route_name: 'hibah.witness',
      hibah_id: h.id,
      witness_id: witnessIds[i],
    });
    const [path, query] = (url as string).split('?');
    await call(request, '', 'POST', `${path}/otp?${query}`, {});
    const code = await codeInMail(w.email, 'ialah');
    await call(request, '', 'POST', `${path}/confirm?${query}`, { code, signature: SIGNATURE_PNG });
  }
  const done = await call(request, token, 'POST', `/api/hibah/${h.id}`, { status: 5 });
  expect(done.hibah.status).toBe(5);
  return { client, token, hibahId: h.id as string, number: done.hibah.hibah_number as string, witnesses, adult };
}

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
  const newcomer = { name: 'Aina binti Rosli', ic: newMykad('female') };

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
    await expect(wp.getByTestId('hd-receivers')).toContainText(newcomer.name);
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
});
