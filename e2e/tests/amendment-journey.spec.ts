/**
 * The amendment journey (issue 4; spec §4 amendment flow, §9 14-day window): a client with a registered
 * will (made through the API, as isolation.spec.ts does, then confirmed by staff) applies for an
 * amendment, pays through the sandbox gateway, amends an asset and a beneficiary's share, copies the
 * will's MyKad into the amendment and passes its eKYC with a selfie (issue 3), and submits with an OTP; an officer passes it; the client accepts the draft with a signature; each witness confirms
 * through the link in their e-mail (OTP from the outbox, signature); the officer approves; the will's
 * details show version 2. The client's side runs at phone width (390×844).
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  DEMO_BRANCH,
  DEMO_ORG,
  DEMO_PASSWORD,
  MYKAD_BACK,
  MYKAD_FRONT,
  newClient,
  newMykad,
  SELFIE,
  uniqueTag,
} from './support/data.ts';
import { linkInMailTo, mailTo } from './support/mail.ts';
import {
  apiHeaders,
  apiLogin,
  choose,
  combobox,
  drawSignature,
  login,
  openStep,
  signUpByApi,
  textbox,
} from './support/ui.ts';

// The client's side on a phone (issue 37 item 9: one whole journey per product at phone width); the officer's and
// the witnesses' own contexts are desktop.
test.use({
  actionTimeout: 15_000,
  navigationTimeout: 30_000,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

/** A drawn signature (1×1 opaque near-black PNG), as the signature pad would send. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPg4uICAABAAB8LnNWkAAAAAElFTkSuQmCC';
const dataUrl = (file: string, mime: string) => `data:${mime};base64,${readFileSync(file).toString('base64')}`;

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object) {
  const res =
    method === 'GET'
      ? await request.get(path, { headers: apiHeaders(token) })
      : await request.post(path, { headers: apiHeaders(token), data: data ?? {} });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

const usedCodes = new Set<string>();
/** The newest code in a mail to `to` whose text contains `marker`, not one used before (waits for it). */
async function codeInMail(to: string, marker: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const raw = await mailTo(to);
      const m = raw.includes(marker) ? raw.match(/\b(\d{6})\b/) : null;
      code = m?.[1] && !usedCodes.has(m[1]) ? m[1] : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  usedCodes.add(code);
  return code;
}

/** A registered will of a new client, made through the API like the will wizard does, confirmed by staff. */
async function registeredWill(request: APIRequestContext) {
  const client = newClient('Zulkifli bin Hamzah');
  const { id: userId, token } = await signUpByApi(request, client);
  const will = (await call(request, token, 'POST', '/api/wasiat', { user_id: userId })).wasiat;
  const orgs = await call(request, token, 'GET', '/api/organization?allow_wasiat=1');
  const org = orgs.organizations.data.find((o: { name: string }) => o.name === DEMO_ORG);
  const branch = (await call(request, token, 'GET', `/api/organization/${org.id}/branch`)).branches.data.find(
    (b: { branch_name: string }) => b.branch_name === DEMO_BRANCH,
  );
  await call(request, token, 'POST', `/api/wasiat/${will.id}`, {
    _method: 'PATCH',
    organization_id: org.id,
    branch_id: branch.id,
    wasiat_type: 1,
    plan: 'basic',
  });
  const pay = await call(request, token, 'POST', '/api/payment', {
    paymentable_type: 'Wasiat',
    paymentable_id: will.id,
    payment_options_id: 1,
  });
  await request.post(pay.payment_link, { form: { outcome: 'approve' }, maxRedirects: 0 });
  const gender = Number(client.ic_number.slice(-1)) % 2 === 1 ? 1 : 2;
  const address = {
    address: 'No. 8, Jalan Cempaka',
    postcode: '50450',
    city: 'Kuala Lumpur',
    state: 'W.P. Kuala Lumpur',
  };
  await call(request, token, 'POST', `/api/wasiat/${will.id}/user-detail`, {
    _method: 'PATCH',
    designation: 'mr',
    name: client.name,
    ic_number: client.ic_number,
    gender,
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
  await call(request, token, 'POST', `/api/wasiat/${will.id}/document`, {
    is_base64: true,
    type: 'mykad-front',
    document: dataUrl(MYKAD_FRONT, 'image/jpeg'),
  });
  await call(request, token, 'POST', `/api/wasiat/${will.id}/document`, {
    is_base64: true,
    type: 'mykad-back',
    document: dataUrl(MYKAD_BACK, 'image/png'),
  });
  const face = await call(request, token, 'POST', '/api/face-verification', {
    selfie_image: dataUrl(SELFIE, 'image/jpeg'),
    ekycable_type: 'Wasiat',
    ekycable_id: will.id,
  });
  expect(face.face_verification.passed).toBeTruthy();
  await call(request, token, 'POST', '/api/heir', {
    heirable_type: 'Wasiat',
    heirable_id: will.id,
    name: 'Salmah binti Yusof',
    relationship: 'wife',
    mobile_number: '0198765432',
    ...address,
  });
  await call(request, token, 'POST', `/api/wasiat/${will.id}/signature`, { is_base64: true, document: SIGNATURE_PNG });
  await call(request, token, 'POST', `/api/wasiat/${will.id}`, {
    _method: 'PATCH',
    acknowledged_pdpa: 1,
    acknowledged_confirmation: 1,
  });
  const witnesses = [`saksi1.${uniqueTag()}@contoh.my`, `saksi2.${uniqueTag()}@contoh.my`];
  for (const [i, email] of witnesses.entries()) {
    await call(request, token, 'POST', '/api/witness', {
      witnessable_type: 'Wasiat',
      witnessable_id: will.id,
      name: `Saksi Wasiat ${i + 1}`,
      ic_number: newMykad(),
      email,
      ...address,
      signature: SIGNATURE_PNG,
    });
  }
  await call(request, token, 'POST', '/api/otp/request', { purpose: 'will-submit', wasiat_id: will.id });
  const code = await codeInMail(client.email, 'Kod pengesahan anda');
  await call(request, token, 'POST', '/api/otp/verify', { code, purpose: 'will-submit', wasiat_id: will.id });
  await call(request, token, 'POST', `/api/wasiat/${will.id}`, { _method: 'PATCH', status: 1 });
  const staffToken = await apiLogin(request, 'staff');
  await call(request, staffToken, 'POST', `/api/wasiat/${will.id}`, { _method: 'PATCH', status: 2 });
  return { client, willId: will.id as string, witnesses };
}

async function officerPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  // A staff user without a saved signature lands on /signature (spec §2); the lists are reachable directly.
  await login(page, 'officer', DEMO_PASSWORD, /\/(dashboard|signature)$/);
  return page;
}

test('pindaan wasiat: mohon, bayar, pinda harta dan bahagian, saksi sahkan, pegawai luluskan', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const { client, willId, witnesses } = await registeredWill(request);

  // The client applies and pays through the sandbox gateway.
  await login(page, client.username, client.password);
  await page.goto('/wasiat/MohonPindaan');
  await expectAccessible(page, 'mohon pindaan');
  await page.getByRole('button', { name: 'Mohon pindaan' }).click();
  await expect(page.getByTestId('amendment-status')).toHaveText('Dalam Proses');
  await expectAccessible(page, 'mohon pindaan (dalam proses)');
  await page.getByRole('button', { name: 'Bayar RM 50.00' }).click();
  await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
  await page.getByRole('button', { name: 'Lulus / Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/wasiat/${willId}/pindaanPayVerified\\?status=1`));
  await expect(page.getByTestId('amendment-payment-result')).toHaveText('Bayaran pindaan berjaya.');
  await page.getByRole('link', { name: 'Teruskan pindaan' }).click();
  await expect(page).toHaveURL(new RegExp(`/wasiat/${willId}/pindaan-a$`));

  // Part d: a new receiver; the movable property page: a savings account and the receiver's share.
  await openStep(page, 'D. Harta dan Penerima');
  await page.getByRole('button', { name: 'Tambah Penerima' }).click();
  const rForm = page.getByTestId('draft-receivers-form');
  await textbox(rForm, 'Nama').fill('Aisyah binti Zulkifli');
  await choose(combobox(rForm, 'Hubungan'), 'Anak');
  await rForm.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('draft-receivers')).toContainText('Aisyah binti Zulkifli');
  await page.getByRole('link', { name: 'Harta Alih' }).first().click();
  await page.getByRole('button', { name: 'Tambah Harta Alih' }).click();
  const pForm = page.getByTestId('draft-moveables-form');
  await choose(combobox(pForm, 'Jenis harta'), 'Simpanan');
  await textbox(pForm, 'Nama institusi / bank / syarikat').fill('Bank Muamalat');
  await textbox(pForm, 'No. akaun').fill('1403001234567');
  // Its estimated value and the date of the estimate, as for the will's own property (ADR 0257).
  await textbox(pForm, 'Anggaran nilai (RM)').fill('12000.00');
  await pForm.getByLabel(/^Tarikh anggaran nilai/).fill('2026-01-15');
  await pForm.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByTestId('draft-moveables')).toContainText('Bank Muamalat');
  await expect(page.getByTestId('draft-moveables')).toContainText('RM 12,000.00 (anggaran pada 15 Jan 2026)');
  await page.getByRole('tab', { name: 'Penerima' }).click();
  await choose(combobox(page, 'Harta'), 'Simpanan — Bank Muamalat');
  await choose(combobox(page, 'Penerima'), 'Aisyah binti Zulkifli');
  await textbox(page, 'Bahagian').fill('50%');
  await page.getByRole('button', { name: 'Tambah bahagian' }).click();
  await expect(page.getByTestId('moveables-shares')).toContainText('50%');
  await expectAccessible(page, 'pindaan harta alih (penerima)');

  // Submitting needs the amendment's own eKYC: part h says so and links to the MyKad & eKYC page.
  await openStep(page, 'H. Pengesahan dan Hantar');
  await expect(page.getByTestId('amendment-ekyc-needed')).toBeVisible();
  await page.getByTestId('amendment-ekyc-needed').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/wasiat/${willId}/pindaan-ekyc$`));
  // The will's MyKad images are copied (reference §2.4 duplicate_from_id), then the face is verified.
  await page.getByTestId('mykad-copy').click();
  await expect(page.getByTestId('mykad-done')).toBeVisible();
  await expectAccessible(page, 'pindaan MyKad dan eKYC');
  await page.getByLabel('Muat naik swafoto').setInputFiles(SELFIE);
  await page.getByTestId('ekyc-verify').click();
  await expect(page.getByTestId('ekyc-result')).toContainText('eKYC berjaya', { timeout: 90_000 });
  await expect(page.getByTestId('ekyc-verified')).toBeVisible();

  // The receiver and property make the basic will (RM 350) comprehensive (RM 750): the difference is paid before
  // the submission (ADR 0253), through the sandbox, back into the wizard.
  await openStep(page, 'H. Pengesahan dan Hantar');
  await expect(page.getByTestId('amendment-due')).toContainText('RM 400.00');
  await page.getByRole('button', { name: 'Bayar RM 400.00' }).click();
  await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
  await page.getByRole('button', { name: 'Lulus / Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/wasiat/${willId}/pindaanPayVerified\\?status=1`));
  await page.getByRole('link', { name: 'Teruskan pindaan' }).click();

  // Part h: PDPA, confirmation, OTP, submit.
  await openStep(page, 'H. Pengesahan dan Hantar');
  await expect(page.getByTestId('amendment-due')).toHaveCount(0);
  await expect(page.getByTestId('amendment-ekyc-needed')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Akta Perlindungan Data Peribadi/ }).check();
  await page.getByRole('checkbox', { name: /mengesahkan maklumat pindaan/ }).check();
  await page.getByRole('button', { name: 'Minta kod OTP' }).click();
  await expect(page.getByText(/Kod telah dihantar/)).toBeVisible();
  const code = await codeInMail(client.email, 'Kod pengesahan anda');
  await textbox(page, 'Kod OTP (6 digit)').fill(code);
  await page.getByRole('button', { name: 'Sahkan kod' }).click();
  await expect(page.getByTestId('otp-verified')).toBeVisible();
  await page.getByTestId('submit-amendment').click();
  await expect(page.getByTestId('amendment-status')).toHaveText('Menunggu Pengesahan');

  // The officer passes the application from the verification list.
  const officer = await officerPage(browser);
  await officer.goto('/wasiat/pengesahan/list-pindaan');
  const row = officer.getByTestId('amendment-list').getByRole('row').filter({ hasText: client.name });
  await row.getByRole('link', { name: /^Buka/ }).click();
  await officer.getByRole('button', { name: 'Luluskan permohonan' }).click();
  await expect(officer.getByTestId('amendment-status')).toHaveText('Draf Perlu Disemak');
  await officer.goto('/wasiat/pengesahan/list-pindaan');
  await expectAccessible(officer, 'senarai pindaan untuk disahkan');

  // The client reviews the draft, signs and accepts it: the witnesses are e-mailed.
  await page.goto(`/wasiat/${willId}/pindaan-draf`);
  await expect(page.getByTestId('draft-summary')).toContainText('Aisyah binti Zulkifli (50%)');
  await drawSignature(page.locator('canvas').first());
  await page.getByTestId('accept-draft').click();
  await expect(page.getByTestId('amendment-status')).toHaveText('Menunggu Pengesahan Saksi');

  // Each witness confirms through the link in their e-mail: OTP from the outbox, then a signature.
  for (const email of witnesses) {
    const link = await linkInMailTo(email, '/pindaan/saksi/[A-Za-z0-9_-]+');
    const ctx = await browser.newContext();
    const w = await ctx.newPage();
    await w.goto(link);
    await expect(w.getByRole('heading', { name: 'Pengesahan Saksi Pindaan Wasiat', level: 1 })).toBeVisible();
    // Only what the witness attests (issue 36 item 4): the version and hash, not the draft's heirs and property.
    await expect(w.getByTestId('attestation-version')).toHaveText('2');
    await expect(w.getByTestId('attestation-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(w.locator('body')).not.toContainText('Bank Muamalat');
    await expectAccessible(w, 'pengesahan saksi');
    await w.getByRole('button', { name: 'Minta kod OTP' }).click();
    await expect(w.getByText(/Kod telah dihantar/)).toBeVisible();
    const wcode = await codeInMail(email, 'Kod pengesahan saksi');
    await textbox(w, 'Kod OTP (6 digit)').fill(wcode);
    await w.getByRole('button', { name: 'Sahkan kod' }).click();
    await expect(w.getByTestId('otp-verified')).toBeVisible();
    await drawSignature(w.locator('canvas').first());
    await w.getByTestId('witness-confirm').click();
    await expect(w.getByTestId('witness-confirmed')).toBeVisible();
    // A tampered link is refused.
    await w.goto(link.replace(/signature=[^&]+/, 'signature=rosak'));
    await expect(w.getByRole('alert')).toContainText('Pautan ini tidak sah atau telah tamat tempoh.');
    await ctx.close();
  }

  // The officer approves; the will's details show the new version.
  await officer.goto(`/wasiat/${willId}/pindaan-h`);
  await officer.getByRole('button', { name: 'Luluskan pindaan' }).click();
  await officer.getByRole('dialog').getByRole('button', { name: 'Luluskan pindaan' }).click();
  await expect(officer.getByTestId('amendment-status')).toHaveText('Pindaan Berjaya');
  await officer.context().close();
  await page.goto(`/wasiat/${willId}/details`);
  await expect(page.getByTestId('current-version')).toHaveText('Versi semasa: 2');
  await expect(page.getByText('Bank Muamalat').first()).toBeVisible();
  await expectAccessible(page, 'butiran wasiat versi 2');

  // Search (carian): the officer finds the will by MyKad; it shows version 2 and the amendment's status.
  const staff = await officerPage(browser);
  await staff.goto('/carian/semak');
  await textbox(staff, 'No. MyKad atau No. Wasiat').fill(client.ic_number);
  await staff.getByRole('button', { name: 'Semak' }).click();
  await expect(staff).toHaveURL(/\/carian\/senarai\?ic_number=/);
  const found = staff.getByTestId('search-results');
  await expect(found).toContainText(client.name);
  await expect(found).toContainText('Pindaan Berjaya');
  await expectAccessible(staff, 'carian senarai');
  await staff.context().close();
});
