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
  const landed = /\/(dashboard|signature)(\?|$)/;
  await page.waitForURL(landed, { timeout: T }).catch(async () => {
    await page.click('button:has-text("Log Masuk"), button:has-text("Log In")');
    await page.waitForURL(landed, { timeout: T });
  });
  // A user with no signature yet (a fresh agent) is sent to "provide your digital signature" (the client's
  // requireSignature, after its dashboard has asked who the user is): signs and saves.
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
  await page.waitForURL(/\/signature(\?|$)/, { timeout: 3000 }).catch(() => {});
  if (new URL(page.url()).pathname === '/signature') {
    await drawSignature(page, page.locator('.signature-pad canvas').first());
    await button(page, /^\s*Simpan\s*$/);
    await page.waitForURL(/\/dashboard/, { timeout: T });
  }
}

/**
 * Signs on a signature pad's canvas with the mouse, the way a person does (a few strokes), and checks that ink is
 * on it: a pad drawn on while its page still settles (it resizes and clears itself) is signed again.
 */
async function drawSignature(page, canvas) {
  await canvas.waitFor({ timeout: T });
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(500);
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('signature pad not visible');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), y + Math.sin(i) * box.height * 0.2, { steps: 3 });
    }
    await page.mouse.up();
    const inked = await canvas.evaluate((c) => {
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      for (let i = 3; i < data.length; i += 4) if (data[i]) return true;
      return false;
    });
    if (inked) return;
  }
  throw new Error('signature pad stayed empty');
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
    const invalid = await vueInvalidFields(page);
    throw new Error(
      `not at ${re} (at ${page.url()})${d ? ` dialog: ${d}` : ''}${notes.length ? ` notice: ${notes.join(' | ')}` : ''}${
        invalid.length ? ` invalid: ${invalid.join(', ')}` : ''
      }`,
    );
  }
}

/**
 * The fields the client's own form validation (vuelidate `$v`) holds invalid on the page, e.g. `form.address_2`:
 * what its "Sila isi ruangan yang bertanda (*)" is about, for the capture's notes.
 */
async function vueInvalidFields(page) {
  return page
    .evaluate(() => {
      const out = new Set();
      for (const el of document.querySelectorAll('*')) {
        const v = el.__vue__?.$v;
        if (!v) continue;
        for (const [group, fields] of Object.entries(v)) {
          if (group.startsWith('$') || !fields || typeof fields !== 'object') continue;
          for (const [name, f] of Object.entries(fields)) {
            if (!name.startsWith('$') && f?.$invalid) out.add(`${group}.${name}`);
          }
        }
      }
      return [...out];
    })
    .catch(() => []);
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
  // (a woman each time: the last digit of a MyKad is odd for a man, even for a woman, and the particulars say so)
  const ic = own ? '920815145678' : `88080814${String((Date.now() % 5000) * 2).padStart(4, '0')}`;
  const gender = Number(ic.at(-1)) % 2 === 1 ? '1' : '2'; // the client's "1:Lelaki,2:Perempuan"

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
          // A passing score goes straight on to the particulars (no dialog); a refusal or the 15-second hint is a dialog.
          const dialog = page.locator('.swal2-html-container:visible');
          const next = page.locator('input[name=fullname]');
          await dialog.or(next).first().waitFor({ timeout: 60000 });
          if (await next.isVisible()) {
            text = 'berjaya!';
            break;
          }
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
          ['#gender', gender],
          ['#race', 'Melayu'],
          ['#citizenship', null],
        ]) {
          const opts = await page.locator(`${sel} option`).evaluateAll((o) => o.map((x) => x.value).filter(Boolean));
          if (opts.length) await page.selectOption(sel, want && opts.includes(want) ? want : opts[0]);
        }
        const religion = page.locator('select:near(:text("Agama"))').first();
        const ropts = await religion.locator('option').evaluateAll((o) => o.map((x) => x.value).filter(Boolean));
        if (ropts.length) await religion.selectOption(ropts.includes('Islam') ? 'Islam' : ropts[0]);
        // The person's own e-mail: the client's account already has one (the demo client's); a new client has none.
        await page.fill('#email', own ? 'client@wasiat.local' : 'hasnah@example.com');
        await page.fill('#mobile_number', '0123456789');
        await page.fill('#address', 'No 1 Jalan Merdeka');
        await page.fill('#postcode', '50480');
        await page.locator('#postcode').blur();
        await page.waitForTimeout(1000);
        // "same as above": its input is a hidden custom checkbox, so its label is what a person clicks.
        await page.click('label[for=customCheck1]', { timeout: T }).catch(() => {});
        if (!(await page.inputValue('#address_2').catch(() => ''))) await page.fill('#address_2', 'No 1 Jalan Merdeka');
        await upload(page, 'mykad-front', 'upload-photo-2', 'mykad-front.jpg');
        await upload(page, 'mykad-back', 'upload-photo-1', 'mykad-back.png');
        await button(page, /Simpan & Seterusnya/);
        await expectUrl(page, /part-e/);
      },
    },
    {
      name: 'part E: heir to contact (husband), save & next',
      run: async (ctx) => {
        const { page } = ctx;
        await waitOrReload(ctx, page.locator('input#name'));
        // A refusal of part D's calls shows as the client's dialog over this page: a person reads it and closes it.
        await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
        const shown = await dialogText(page);
        if (shown) {
          ctx.notes.push(`dialog over part E, closed: ${shown}`);
          await closeDialog(page);
        }
        await page.fill('input#name', own ? 'Ismail bin Yusof' : 'Rahman bin Salleh');
        await page.selectOption('select#relationship', 'Suami'); // a married woman's husband
        await page.fill('#mobile_number', '0198765432');
        // "same as the testator's mailing address" (a hidden custom checkbox: its label is what a person clicks)
        await page.click('label[for=customCheck1]', { timeout: T }).catch(() => {});
        await page.waitForTimeout(300);
        if (!(await page.inputValue('#address_2').catch(() => ''))) {
          await page.fill('#address_2', 'No 1 Jalan Merdeka');
          await page.fill('#postcode_2', '50480');
          await page.locator('#postcode_2').blur();
          await page.waitForTimeout(1000);
        }
        await button(page, /Simpan & Seterusnya/);
        await expectUrl(page, /part-f/);
      },
    },
    {
      name: "part F: PDPA, the testator's confirmation and signature, save & next",
      run: async (ctx) => {
        const { page } = ctx;
        await waitOrReload(ctx, page.locator('#exampleCheck1'));
        await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
        await page.click('#exampleCheck1');
        await page.click('#exampleCheck2');
        // both ticked: the signature pad shows (the testator signs, on the agent's screen when the agent registers)
        const pad = page.locator('canvas:visible').first();
        if (await pad.isVisible().catch(() => false)) await drawSignature(page, pad);
        await button(page, /Simpan & Seterusnya/);
        await expectUrl(page, /part-g/);
      },
    },
    own
      ? {
          name: 'part G: witnesses (registered by the provider for a client), done',
          run: async (ctx) => {
            const { page } = ctx;
            await waitOrReload(ctx, page.locator('button:visible', { hasText: /^\s*Selesai\s*$/ }));
            await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
            await button(page, /^\s*Selesai\s*$/);
            await expectUrl(page, /\/dashboard\?status=verified/);
          },
        }
      : {
          name: 'part G: witnesses (the agent and a new witness who signs), done',
          run: async (ctx) => {
            const { page } = ctx;
            await waitOrReload(ctx, page.locator('button:visible', { hasText: /^\s*Selesai\s*$/ }));
            await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
            // The client's own registration of the agent as a witness may be refused: its dialog is read and closed.
            const shown = await dialogText(page);
            if (shown) {
              ctx.notes.push(`dialog over part G, closed: ${shown}`);
              await closeDialog(page);
            }
            const rows = () => page.locator('table tbody tr:has(td:nth-child(3))').count();
            // the client registers the agent (and the organisation's super admin) itself; a person adds more to two
            for (let i = 0; i < 2 && (await rows()) < 2; i++) {
              await page
                .locator('a:visible', { hasText: /Tambah Saksi/ })
                .first()
                .click({ timeout: T });
              const modal = page.locator('#modal-1');
              await modal.locator('select#current_user').selectOption('-1');
              const inputs = modal.locator('#divCard input[type=text]');
              await inputs.nth(0).fill(i ? 'Zainal bin Abidin' : 'Faridah binti Kassim');
              await modal.locator('#ic_number').click();
              await page.keyboard.type(i ? '750202105531' : '800101145522', { delay: 40 });
              await inputs.nth(2).fill(i ? 'zainal@example.com' : 'faridah@example.com');
              await modal.locator('textarea').first().fill('No 5 Jalan Ampang');
              await modal.locator('#postcode').fill('50450');
              await modal.locator('#postcode').blur();
              await page.waitForTimeout(1000);
              await drawSignature(page, modal.locator('canvas').first());
              await modal.locator('button', { hasText: /^\s*Simpan\s*$/ }).click({ timeout: T });
              await page.waitForSelector('.swal2-popup:visible', { timeout: T });
              const text = await dialogText(page);
              await closeDialog(page);
              if (!/berjaya/i.test(text ?? '')) throw new Error(`witness: ${text}`);
              await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
            }
            await button(page, /^\s*Selesai\s*$/);
            await expectUrl(page, /\/dashboard\?status=verified/);
          },
        },
  ];
}

export const helpers = {
  waitOrReload,
  login,
  go,
  button,
  dialogText,
  closeDialog,
  expectUrl,
  drawSignature,
  upload,
  sandboxPay,
  vueInvalidFields,
  willSteps,
  T,
};
