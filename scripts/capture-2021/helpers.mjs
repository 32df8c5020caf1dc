/**
 * Page actions shared by the journeys of scripts/capture-2021.mjs: log in as a demo user, move through the
 * client's menus, fill its forms. Every wait has a short limit so that a journey that stops is seen as stopped.
 */
const PASSWORD = 'Demo12345';
const T = 15000;

/** Logs in through the client's login screen and waits for its dashboard. */
async function login(page, origin, username) {
  await page.goto(`${origin}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=current-password]', PASSWORD);
  await page.click('button:has-text("Log Masuk"), button:has-text("Log In")');
  // the client sometimes cancels its own push to /dashboard (two navigations at once); a user clicks again
  await page.waitForURL(/\/dashboard/, { timeout: T }).catch(async () => {
    await page.click('button:has-text("Log Masuk"), button:has-text("Log In")');
    await page.waitForURL(/\/dashboard/, { timeout: T });
  });
}

/** Moves inside the client (router link when there is one with that address, else a full load). */
async function go(page, origin, href) {
  const clicked = await page.evaluate((h) => {
    const a = [...document.querySelectorAll('a')].find((x) => x.getAttribute('href') === h);
    if (a) a.click();
    return Boolean(a);
  }, href);
  if (!clicked) await page.goto(`${origin}${href}`);
}

/**
 * Waits for `locator`; when the view is blank instead (the client's render broke), notes it on `ctx.notes` and
 * presses F5 as a user would, then waits again.
 */
async function waitOrReload(ctx, locator, timeout = T) {
  try {
    await locator.first().waitFor({ timeout });
  } catch (e) {
    const text = (
      await ctx.page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).trim();
    if (text.length > 40) throw e;
    ctx.notes.push(`blank view at ${ctx.page.url().replace(ctx.origin, '')}: pressed F5`);
    ctx.blank?.();
    await ctx.page.reload();
    await locator.first().waitFor({ timeout });
  }
}

/** Clicks the visible button whose text matches. */
async function button(page, text, { nth = 0 } = {}) {
  await page.locator('button:visible', { hasText: text }).nth(nth).click({ timeout: T });
}

/** Throws when a SweetAlert error dialog or a notification shows; returns its text otherwise undefined. */
async function dialogText(page) {
  const sw = page.locator('.swal2-popup:visible');
  if (!(await sw.count())) return undefined;
  const parts = await sw
    .locator('.swal2-title, .swal2-html-container')
    .allTextContents()
    .catch(() => []);
  const text = parts
    .map((x) => x.trim())
    .filter(Boolean)
    .join(' — ');
  return text || (await sw.innerText()).trim();
}

async function closeDialog(page) {
  const b = page.locator('.swal2-popup:visible button.swal2-confirm');
  if (await b.count()) await b.click();
}

/** Waits for the URL (regex), failing with the dialog's text when one shows instead. */
async function expectUrl(page, re) {
  try {
    await page.waitForURL(re, { timeout: T });
  } catch {
    const d = await dialogText(page);
    const notes = await page
      .locator('.vue-notification:visible')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `not at ${re} (at ${page.url()})${d ? ` dialog: ${d}` : ''}${notes.length ? ` notice: ${notes.join(' | ')}` : ''}`,
    );
  }
}

const FIXTURES = new URL('../../e2e/fixtures/', import.meta.url).pathname;

/** Opens the MyKad image box, chooses "Upload File" and gives it the fixture image. */
async function upload(page, box, inputId, file) {
  await page.locator(`[id=${inputId}]`).count();
  const front = box === 'mykad-front';
  await page
    .locator('.card.rounded.shadow.bg-dark > div')
    .nth(front ? 0 : 1)
    .click();
  await page.setInputFiles(`#${inputId}`, `${FIXTURES}${file}`, { timeout: T });
  await page.waitForTimeout(1500);
}

/**
 * On our sandbox gateway's page, approves. Should the pay link open on the client's origin (a path, before ADR 0256)
 * or the return land on the API's, it is noted and the same address opened on the right origin.
 */
async function sandboxPay(ctx) {
  const { page, origin, apiBase } = ctx;
  await page.waitForLoadState('domcontentloaded');
  if (page.url().startsWith(`${origin}/api/`)) {
    ctx.notes.push(
      `pay link opened on the client's origin (${page.url().replace(origin, '').split('?')[0]}): opened on the API's`,
    );
    await page.goto(page.url().replace(origin, new URL(apiBase).origin));
  }
  await page.locator('button.approve').click({ timeout: T });
  await page.waitForLoadState('domcontentloaded');
  const api = new URL(apiBase).origin;
  if (page.url().startsWith(api) && !new URL(page.url()).pathname.startsWith('/api/')) {
    ctx.notes.push(
      `gateway's return went to the API's origin (${page.url().replace(api, '').split('?')[0]}): opened on the client's`,
    );
    await page.goto(page.url().replace(api, origin));
  }
}

function willSteps({ user, own }) {
  // the agent's client: a new MyKad each run (born 8 Aug 1988, Kuala Lumpur), so that a rerun starts a new will
  const ic = own ? '920815145678' : `88080814${String(Date.now() % 10000).padStart(4, '0')}`;
  return [
    { name: `log in as ${user}`, run: ({ page, origin }) => login(page, origin, user) },
    {
      name: 'part A: MyKad, save & next',
      run: async ({ page, origin }) => {
        await go(page, origin, '/wasiat/part-a');
        await page.waitForSelector('#ic_number', { timeout: T });
        await page.click('#ic_number');
        await page.keyboard.type(ic, { delay: 60 });
        await button(page, /Simpan & Seterusnya/);
        await expectUrl(page, /part-c\?wasiat_id=[^&]+/);
      },
    },
    {
      name: 'part C: will type and price, save & next',
      run: async ({ page }) => {
        await page.waitForSelector('select#group', { timeout: T });
        await page.selectOption('select#group', '1');
        await button(page, /Simpan & Seterusnya/);
        await expectUrl(page, /part-payment/);
      },
    },
    own
      ? {
          name: 'payment: gateway (sandbox), back to the client',
          run: async (ctx) => {
            const { page } = ctx;
            await waitOrReload(ctx, page.locator('select#payment_options'));
            await page.selectOption('select#payment_options', '1');
            await button(page, /Pembayaran Atas Talian/);
            await page.locator('.modal-dialog:visible button', { hasText: /Setuju|Agree/i }).click({ timeout: T });
            await page.waitForURL(
              (u) => !u.pathname.startsWith('/wasiat/part-payment') || u.search.includes('status'),
              { timeout: T },
            );
            await sandboxPay(ctx);
            await expectUrl(page, /\/wasiat\/part-payment/);
            await waitOrReload(ctx, page.locator('text=/Pembayaran wasiat bernilai|telah berjaya/'));
            await button(page, /^\s*Seterusnya\s*$/);
            await expectUrl(page, /part-b/);
          },
        }
      : {
          name: 'payment: cash received by the agent',
          run: async (ctx) => {
            const { page } = ctx;
            const select = page.locator('select:near(:text("Cara Pembayaran"))').first();
            await waitOrReload(ctx, select);
            await select.selectOption('3');
            await page.check('#is_cash_payment');
            await button(page, /Terima Bayaran/);
            await page.waitForSelector('.swal2-popup:visible', { timeout: T });
            const text = await dialogText(page);
            await closeDialog(page);
            if (!/selesai/i.test(text ?? '')) throw new Error(`cash payment: ${text}`);
            await button(page, /^\s*Seterusnya\s*$/);
            await expectUrl(page, /part-b/);
          },
        },
    {
      name: 'part B: eKYC with the camera (selfie, MyKad front, verify)',
      run: async (ctx) => {
        const { page } = ctx;
        await waitOrReload(ctx, page.locator('button:visible', { hasText: /Ambil Swafoto/ }));
        await page.waitForTimeout(1500); // the camera stream starts
        await button(page, /Ambil Swafoto/);
        await button(page, /Ambil MyKad Depan/);
        await button(page, /Sahkan e-KYC/);
        let text = '';
        for (let i = 0; i < 3; i++) {
          await page.waitForSelector('.swal2-html-container:visible', { timeout: 60000 });
          text = (
            (await page
              .locator('.swal2-html-container')
              .first()
              .textContent({ timeout: 2000 })
              .catch(() => '')) ?? ''
          ).trim();
          await closeDialog(page);
          if (!/kesulitan/.test(text)) break; // the client's 15-second hint, not the answer
          await page.waitForTimeout(300);
        }
        if (!/berjaya!/i.test(text)) {
          ctx.notes.push(`eKYC by camera refused: ${text}`);
          if (own) throw new Error(`eKYC: ${text}`);
          await page.waitForTimeout(500);
          await button(page, /Langkau/); // the agent's skip (not shown to a client)
        }
        await expectUrl(page, /part-d/);
      },
    },
    {
      name: 'part D: particulars, MyKad images, save & next',
      run: async (ctx) => {
        const { page } = ctx;
        await waitOrReload(ctx, page.locator('input[name=fullname]'));
        await page.fill('input[name=fullname]', own ? 'Aminah binti Ahmad' : 'Hasnah binti Omar');
        for (const [sel, want] of [
          ['#gender', null],
          ['#race', 'Melayu'],
          ['#citizenship', null],
        ]) {
          const opts = await page.locator(`${sel} option`).evaluateAll((o) => o.map((x) => x.value).filter(Boolean));
          if (opts.length) await page.selectOption(sel, want && opts.includes(want) ? want : opts[0]);
        }
        const religion = page.locator('select:near(:text("Agama"))').first();
        const ropts = await religion.locator('option').evaluateAll((o) => o.map((x) => x.value).filter(Boolean));
        if (ropts.length) await religion.selectOption(ropts.includes('Islam') ? 'Islam' : ropts[0]);
        await page.fill('#email', own ? 'aminah@example.com' : 'hasnah@example.com');
        await page.fill('#mobile_number', '0123456789');
        await page.fill('#address', 'No 1 Jalan Merdeka');
        await page.fill('#postcode', '50480');
        await page.locator('#postcode').blur();
        await page.waitForTimeout(1000);
        await page.check('#customCheck1').catch(() => {});
        await upload(page, 'mykad-front', 'upload-photo-2', 'mykad-front.jpg');
        await upload(page, 'mykad-back', 'upload-photo-1', 'mykad-back.png');
        await button(page, /Simpan & Seterusnya/);
        await expectUrl(page, /part-e/);
      },
    },
  ];
}

export const helpers = { waitOrReload, login, go, button, dialogText, closeDialog, expectUrl, willSteps, T };
