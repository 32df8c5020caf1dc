/**
 * The partner journey of DESIGN.md §5 journey 4 (issue 6 "A Playwright journey"), in Malay:
 *  a. the provider's admin creates a business partner organisation, a branch, a price for the basic will
 *     (RM 420.00), a product, a staff user (Agent) and a promo code (RM 20.00);
 *  b. the agent, invited by e-mail (DATA_DIR/outbox, no SMTP in the e2e app), sets a password with the
 *     link, logs in, saves the forced signature, registers a client by MyKad and starts the client's will
 *     at that partner's price; the generated promo code takes RM 20.00 off and the agent pays RM 400.00 at
 *     the sandbox gateway (the code is then redeemed);
 *  c. the client, invited through /password-create, sets a password, logs in and sees the will; the will's
 *     parts c–e are filled through the API the wizard uses (the wizard's screens are the will journey's
 *     subject) with a real face match; on part F the agent sends the testator a signing link (ADR 0298), which
 *     the client opens without logging in, ticks both declarations, draws a signature and sends, and the agent's
 *     part F then says "signed by the testator via link"; the witnesses and an OTP read from the outbox follow;
 *     the provider's admin confirms it and the client's dashboard shows it registered, paid RM 400.00 with the
 *     code redeemed.
 * Pages are scanned with axe (support/axe.ts).
 */

import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { A11y } from './support/axe.ts';
import { DEMO_PASSWORD, MYKAD_BACK, MYKAD_FRONT, newMykad, SELFIE, uniqueTag, WILL_ID } from './support/data.ts';
import { linkInMailTo, mailTo } from './support/mail.ts';
import { apiHeaders, choose, combobox, drawSignature, login, textbox } from './support/ui.ts';

const tag = uniqueTag()
  .toUpperCase()
  .replace(/[^A-Z0-9]/g, '');
const partner = {
  name: `Amanah Rakan ${tag} Sdn Bhd`,
  code: `RK${tag}`.slice(0, 20),
  branch: 'Cawangan Shah Alam',
};
const agent = { name: 'Nurul Huda binti Rahman', ic: newMykad('female'), email: `ejen.${tag.toLowerCase()}@contoh.my` };
const client = { name: 'Kamal bin Idris', ic: newMykad('male'), email: `kamal.${tag.toLowerCase()}@contoh.my` };
const NEW_PASSWORD = 'Rakan2026x';

async function newPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const ctx = await browser.newContext({ acceptDownloads: true });
  return [ctx, await ctx.newPage()];
}

let willId = '';

const dataUrl = async (file: string, mime: string) =>
  `data:${mime};base64,${(await readFile(file)).toString('base64')}`;

/** An API caller with `token` that checks each answer's status. */
const caller =
  (page: Page, token: string) =>
  async (method: 'post' | 'get', path: string, data?: unknown, status = 200) => {
    const r = await page.request[method](path, { headers: apiHeaders(token), data });
    expect(r.status(), `${method} ${path}: ${await r.text()}`).toBe(status);
    return r.json();
  };
const address = { postcode: '40000', city: 'Shah Alam', state: 'Selangor' };

/**
 * Fill the will's parts c–e as the wizard does, through its API calls (reference §2.2, §2.5, §2.8): particulars,
 * MyKad images, a real face match of the selfie with the MyKad (score ≥ 70) and an heir.
 */
async function partsCtoEByApi(page: Page, token: string, id: string) {
  const call = caller(page, token);
  const me = (await call('get', '/api/authenticate')).user as { id: string };
  await call('post', `/api/wasiat/${id}/user-detail`, {
    _method: 'PATCH',
    designation: 'mr',
    name: client.name,
    ic_number: client.ic,
    gender: 1,
    race: 1,
    religion: 1,
    nationality: 1,
    marital_status: 'married',
    email: client.email,
    mobile_number: '0167778899',
    correspondence_address: 'No. 8, Jalan Kenanga',
    correspondence_postcode: address.postcode,
    correspondence_city: address.city,
    correspondence_state: address.state,
    permanent_address: 'No. 8, Jalan Kenanga',
    permanent_postcode: address.postcode,
    permanent_city: address.city,
    permanent_state: address.state,
  });
  const front = await dataUrl(MYKAD_FRONT, 'image/jpeg');
  await call('post', `/api/wasiat/${id}/document`, { is_base64: true, type: 'mykad-front', document: front }, 201);
  await call(
    'post',
    `/api/wasiat/${id}/document`,
    { is_base64: true, type: 'mykad-back', document: await dataUrl(MYKAD_BACK, 'image/png') },
    201,
  );
  const face = await call('post', '/api/face-verification', {
    selfie_image: await dataUrl(SELFIE, 'image/jpeg'),
    mykad_image: front,
    user_id: me.id,
    ekycable_type: 'Wasiat',
    ekycable_id: id,
  });
  expect(face.face_verification).toMatchObject({ passed: true, outcome: 'passed' });
  expect(face.face_verification.verification_score).toBeGreaterThanOrEqual(70);
  await call(
    'post',
    '/api/heir',
    {
      heirable_type: 'Wasiat',
      heirable_id: id,
      name: 'Rohana binti Salleh',
      relationship: 'wife',
      mobile_number: '0193334455',
      address: 'No. 8, Jalan Kenanga',
      ...address,
    },
    201,
  );
}

/** After part F: two witnesses, an OTP read from the client's mail, and submit (reference §2.10). */
async function witnessesAndSubmitByApi(page: Page, token: string, id: string) {
  const call = caller(page, token);
  // Any non-blank PNG is a signature image to the server (the pad's own PNG is the will journey's subject).
  const signature = await dataUrl(MYKAD_BACK, 'image/png');
  for (const name of ['Saksi Pertama', 'Saksi Kedua']) {
    await call(
      'post',
      '/api/witness',
      {
        witnessable_type: 'Wasiat',
        witnessable_id: id,
        name,
        ic_number: newMykad('male'),
        email: `${name.replace(' ', '.').toLowerCase()}.${tag.toLowerCase()}@contoh.my`,
        address: 'No. 9, Jalan Melur',
        ...address,
        signature,
      },
      201,
    );
  }
  await call('post', '/api/otp/request', { purpose: 'will-submit', wasiat_id: id, channel: 'email' });
  const code = /Kod pengesahan anda ialah (\d{6})/.exec(await mailTo(client.email))?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await call('post', '/api/otp/verify', { code, purpose: 'will-submit', wasiat_id: id });
  const submitted = await call('post', `/api/wasiat/${id}`, { _method: 'PATCH', status: 1 });
  expect(submitted.wasiat.status).toBe(1);
}

/** Pick `option` in a Mantine select unless it is already chosen (clicking a chosen option clears it). */
async function ensureChosen(input: Locator, option: string) {
  if ((await input.inputValue()) !== option) await choose(input, option);
}

/** A non-client user saves the forced signature before the dashboard (spec §2). */
async function saveForcedSignature(page: Page) {
  await expect(page).toHaveURL(/\/signature$/);
  await drawSignature(page.getByRole('img', { name: 'Tandatangan' }));
  await page.getByRole('button', { name: 'Simpan tandatangan' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Set a password on /password/reset from the link of the newest mail to `email`. */
async function setPasswordFromMail(page: Page, email: string) {
  await page.goto(await linkInMailTo(email, '/password/reset'));
  await textbox(page, 'Kata laluan baharu').fill(NEW_PASSWORD);
  await textbox(page, 'Ulang kata laluan').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Tetapkan kata laluan' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test.describe
  .serial('Rakan niaga: organisasi, ejen dan pelanggan', () => {
    const a11y = new A11y();
    let orgUrl = '';
    let promo = '';

    test('a. pentadbir mendaftar rakan niaga, cawangan, harga, produk, ejen dan kod promo', async ({ browser }) => {
      const [ctx, page] = await newPage(browser);
      try {
        // The demo admin is shared by the journeys: the forced signature (spec §2) is saved by the first.
        await login(page, 'admin', DEMO_PASSWORD, /\/(dashboard|signature)$/);
        if (page.url().endsWith('/signature')) await saveForcedSignature(page);

        await page.goto('/organization/create');
        const org = page.getByTestId('organisation-form');
        await choose(combobox(org, 'Jenis'), 'Swasta');
        await expect(combobox(org, 'Rakan niaga')).toHaveValue('Ya');
        await textbox(org, 'Nama').fill(partner.name);
        await textbox(org, 'Kod').fill(partner.code);
        await textbox(org, 'Nombor pendaftaran').fill('202301012345');
        await textbox(org, 'E-mel').fill(`info.${tag.toLowerCase()}@contoh.my`);
        await textbox(org, 'Alamat').fill('No. 8, Jalan Plumbum, Seksyen 7');
        await textbox(org, 'Poskod').fill('40000');
        await textbox(org, 'Bandar').fill('Shah Alam');
        await choose(combobox(org, 'Negeri'), 'Selangor');
        await a11y.scan(page, 'daftar organisasi');
        await org.getByRole('button', { name: 'Simpan' }).click();
        await expect(page).toHaveURL(/\/organization\/(?!create$)[^/]+$/);
        orgUrl = new URL(page.url()).pathname;
        await expect(page.getByRole('heading', { name: partner.name, level: 1 })).toBeVisible();

        // A branch.
        await page.goto(`${orgUrl}/branch/create`);
        const branch = page.getByTestId('branch-form');
        await textbox(branch, 'Nama cawangan').fill(partner.branch);
        await textbox(branch, 'Alamat').fill('No. 2, Jalan Kristal, Seksyen 7');
        await textbox(branch, 'Poskod').fill('40000');
        await textbox(branch, 'Bandar').fill('Shah Alam');
        await choose(combobox(branch, 'Negeri'), 'Selangor');
        await branch.getByRole('button', { name: 'Simpan' }).click();
        await expect(page).toHaveURL(new RegExp(`${orgUrl}/branch/(?!create$)[^/]+$`));

        // The partner's price of the basic will: RM 420.00.
        await page.goto(`${orgUrl}/pricing/create`);
        const price = page.getByTestId('pricing-form');
        await expect(combobox(price, 'Produk')).toHaveValue('Wasiat');
        await expect(combobox(price, 'Pelan')).toHaveValue('Wasiat Asas');
        await textbox(price, 'Harga').fill('420.00');
        await price.getByRole('button', { name: 'Simpan' }).click();
        await expect(page).toHaveURL(new RegExp(`${orgUrl}/pricing/(?!create$)[^/]+$`));
        await expect(page.getByText('RM 420.00').first()).toBeVisible();

        // A product (spec §2 product pages).
        await page.goto(`${orgUrl}/product/create`);
        const product = page.getByTestId('product-form');
        await textbox(product, 'Nama produk').fill('Wasiat Asas Rakan');
        await product.getByRole('button', { name: 'Simpan' }).click();
        await expect(page).toHaveURL(new RegExp(`${orgUrl}/product/(?!create$)[^/]+$`));
        await expect(page.getByRole('heading', { name: /Wasiat Asas Rakan/ })).toBeVisible();
        await a11y.scan(page, 'produk organisasi');

        // The agent: invited by e-mail.
        await page.goto(`${orgUrl}/user/create`);
        const staff = page.getByTestId('staff-form');
        await textbox(staff, 'Nama').fill(agent.name);
        await textbox(staff, 'Nombor MyKad').fill(agent.ic);
        await textbox(staff, 'E-mel').fill(agent.email);
        await ensureChosen(combobox(staff, 'Peranan'), 'Ejen');
        await ensureChosen(combobox(staff, 'Cawangan'), partner.branch);
        await staff.getByRole('button', { name: 'Simpan' }).click();
        await expect(page).toHaveURL(new RegExp(`${orgUrl}/user/(?!create$)[^/]+$`));

        // One promo code of RM 20.00.
        await page.goto(`/organizations/${orgUrl.split('/').pop()}/promo-codes`);
        const gen = page.getByTestId('promo-form');
        await textbox(gen, 'Bilangan kod').fill('1');
        await textbox(gen, 'Diskaun').fill('20.00');
        await gen.getByRole('button', { name: 'Jana kod' }).click();
        const codeCell = page.getByTestId('promo-codes').locator('tbody tr').first().locator('td').first();
        await expect(codeCell).toHaveText(/^[A-Z0-9]{6,}$/);
        promo = (await codeCell.textContent())?.trim() ?? '';
        expect(promo).not.toBe('');
      } finally {
        await ctx.close();
      }
    });

    test('b. ejen menetapkan kata laluan, log masuk, mendaftar pelanggan dan wasiat pada harga rakan', async ({
      browser,
    }) => {
      const [ctx, page] = await newPage(browser);
      try {
        await setPasswordFromMail(page, agent.email);
        await login(page, agent.email, NEW_PASSWORD, /\/signature$/);
        await saveForcedSignature(page);

        await page.getByRole('link', { name: 'Daftar wasiat pelanggan' }).click();
        await expect(page).toHaveURL(/\/wasiat\/part-a$/);
        const search = page.getByRole('form', { name: 'Cari pelanggan' });
        await textbox(search, 'No. MyKad pelanggan').fill(client.ic);
        await search.getByRole('button', { name: 'Cari' }).click();
        const create = page.getByRole('form', { name: 'Pelanggan baharu' });
        await expect(textbox(create, 'No. MyKad')).toHaveValue(client.ic);
        await textbox(create, 'Nama').fill(client.name);
        await textbox(create, 'E-mel').fill(client.email);
        await textbox(create, 'No. telefon bimbit').fill('0167778899');
        await create.getByRole('button', { name: 'Daftar pelanggan dan mula wasiat' }).click();

        // Part B: only the agent's organisation; its basic will at RM 420.00.
        await expect(page).toHaveURL(/\/wasiat\/part-b\?wasiat_id=/);
        expect(new URL(page.url()).searchParams.get('wasiat_id') ?? '').toMatch(WILL_ID);
        await choose(combobox(page, 'Organisasi'), partner.name);
        await choose(combobox(page, 'Cawangan'), partner.branch);
        await page.getByRole('radio', { name: 'Wasiat Islam' }).check();
        await page.getByRole('radio', { name: 'Wasiat Asas — RM 420.00' }).check();
        await a11y.scan(page, 'bahagian B (ejen rakan niaga)');
        await page.getByRole('button', { name: 'Seterusnya' }).click();

        // Payment at the partner's price, with the generated promo code.
        await expect(page).toHaveURL(/\/wasiat\/part-payment\?wasiat_id=/);
        await expect(page.getByTestId('pay-price')).toHaveText('RM 420.00');
        await textbox(page, 'Kod promosi').fill(promo);
        await page.getByRole('button', { name: 'Semak kod' }).click();
        await expect(page.getByTestId('promo-ok')).toHaveText('Kod promosi sah: diskaun RM 20.00.');
        await expect(page.getByTestId('pay-due')).toHaveText('RM 400.00');
        willId = new URL(page.url()).searchParams.get('wasiat_id') ?? '';
        await page.getByRole('button', { name: 'Bayar', exact: true }).click();
        await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
        await expect(page.getByText('RM 400.00')).toBeVisible();
        await page.getByRole('button', { name: /Lulus/ }).click();
        await expect(page).toHaveURL(/\/payment-status\?status=1/);
        await expect(page.getByTestId('payment-result')).toContainText('Bayaran berjaya');
      } finally {
        await ctx.close();
      }
    });

    test('c. pelanggan dijemput melalui /password-create, log masuk dan melihat wasiatnya', async ({ browser }) => {
      const [ctx, page] = await newPage(browser);
      try {
        await page.goto('/password-create');
        await textbox(page, 'E-mel').fill(client.email);
        await page.getByRole('button', { name: 'Hantar pautan' }).click();
        await setPasswordFromMail(page, client.email);
        await login(page, client.ic, NEW_PASSWORD);
        await expect(page.getByTestId('will-status-meaning')).toBeVisible();

        // The paid will at the partner's price: RM 420.00 − RM 20.00 (the code is now redeemed).
        const token = (await page.evaluate(() => localStorage.getItem('id_token'))) ?? '';
        const headers = apiHeaders(token);
        const paid = await page.request.get(`/api/wasiat/${willId}/payment`, { headers });
        expect(paid.status()).toBe(200);
        expect((await paid.json()).payments.data[0]).toMatchObject({
          status: 'paid',
          amount_sen: 40000,
          discount_sen: 2000,
        });
        await partsCtoEByApi(page, token, willId);

        // Part F by a signed link (ADR 0298): the agent sends it; the client, not logged in, declares and signs.
        const [agentCtx, agentPage] = await newPage(browser);
        try {
          await login(agentPage, agent.email, NEW_PASSWORD);
          await agentPage.goto(`/wasiat/part-f?wasiat_id=${willId}`);
          await agentPage.getByRole('button', { name: 'Hantar pautan kepada pewasiat' }).click();
          await expect(agentPage.getByTestId('testator-link-open')).toBeVisible();
          const link = await linkInMailTo(client.email, `/wasiat/pautan/${willId}/[A-Za-z0-9_-]+`);
          const [testatorCtx, testator] = await newPage(browser);
          try {
            await testator.goto(link);
            await expect(testator.getByRole('heading', { name: 'Semak dan tandatangan wasiat anda' })).toBeVisible();
            await expect(testator.getByTestId('testator-link-testator')).toContainText(client.name);
            await expect(testator.getByText('Rohana binti Salleh')).toBeVisible();
            await testator
              .getByRole('checkbox', { name: 'Saya bersetuju dengan pemprosesan data peribadi saya.' })
              .check();
            await testator.getByRole('checkbox', { name: 'Saya mengesahkan akuan di atas.' }).check();
            await drawSignature(testator.getByRole('img', { name: 'Tandatangan pewasiat' }));
            await a11y.scan(testator, 'pautan tandatangan pewasiat');
            await testator.getByRole('button', { name: 'Hantar pengakuan dan tandatangan saya' }).click();
            await expect(testator.getByTestId('testator-link-done')).toContainText('Terima kasih');
          } finally {
            await testatorCtx.close();
          }
          await agentPage.reload();
          await expect(agentPage.getByTestId('testator-link-signed')).toContainText(
            'Ditandatangani oleh pewasiat melalui pautan',
          );
        } finally {
          await agentCtx.close();
        }
        await witnessesAndSubmitByApi(page, token, willId);

        // The provider's admin confirms; the client's dashboard shows the registered will.
        const [adminCtx, admin] = await newPage(browser);
        try {
          await login(admin, 'admin', DEMO_PASSWORD);
          await admin.goto(`/wasiat/pengesahan/${willId}`);
          await admin.getByRole('button', { name: 'Sahkan', exact: true }).click();
          await admin.getByRole('dialog').getByRole('button', { name: 'Sahkan', exact: true }).click();
          await expect(admin.getByText('Wasiat telah disahkan dan berdaftar.')).toBeVisible();
        } finally {
          await adminCtx.close();
        }
        await page.reload();
        await expect(page.getByTestId('will-status-meaning')).toContainText(
          'Wasiat anda telah disahkan dan didaftarkan.',
        );
        a11y.expectClean();
      } finally {
        await ctx.close();
      }
    });
  });
