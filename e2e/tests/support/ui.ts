/**
 * Small UI actions shared by the journeys, always through accessible names in Malay (the default UI
 * language): logging in, choosing from a Mantine select, drawing on a signature canvas, closing the
 * error dialog of the API client (spec §8: toast + dialog closed by "Tutup").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, type NewClient } from './data.ts';

/**
 * The last TOTP time step used per user in this run: a code is accepted once (ADR 0081, no replay). Kept in
 * a file of the run's DATA_DIR, not in memory, because Playwright starts a new worker process after a
 * failed test and the server remembers the step across them.
 */
const stepsFile = () => join(process.env.E2E_DATA_DIR ?? tmpdir(), 'e2e-totp-steps.json');
const readSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(stepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * A TOTP code of `secret` for `username` from a time step not used before in this run (waits for the next
 * 30-second step when needed), as a person would wait for their authenticator's next code.
 */
async function freshCode(username: string, secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  if ((readSteps()[username] ?? -1) >= step) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 500));
    step = Math.floor(Date.now() / 30_000);
  }
  writeFileSync(stepsFile(), JSON.stringify({ ...readSteps(), [username]: step }));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/**
 * Log in at /login with a username (or e-mail or MyKad) and password; lands on `landing`. Staff, officer and
 * admin (ADR 0081) go through the second-factor page: the code is computed like an authenticator app would,
 * from the demo secret (demo users) or from the key shown on the enrolment page (a new staff user, who
 * then keeps the recovery codes page's "continue").
 */
export async function login(page: Page, username: string, password: string, landing: RegExp = /\/dashboard$/) {
  await page.goto('/login');
  await textbox(page, 'Nama pengguna, e-mel atau No. MyKad').fill(username);
  await textbox(page, 'Kata laluan').fill(password);
  await page.getByRole('button', { name: 'Log masuk' }).click();
  await page.waitForURL((u) => landing.test(u.href) || u.pathname.startsWith('/login/two-factor'));
  if (new URL(page.url()).pathname.startsWith('/login/two-factor')) {
    const enrolling = new URL(page.url()).pathname.endsWith('/enrol');
    const secret = enrolling ? (await page.getByTestId('totp-secret').textContent())?.trim() : DEMO_TOTP_SECRET;
    if (!secret) throw new Error('no TOTP secret on the enrolment page');
    await textbox(page, 'Kod pengesahan').fill(await freshCode(username, secret));
    await page.getByRole('button', { name: 'Sahkan' }).click();
    if (enrolling) await page.getByRole('button', { name: 'Saya telah menyimpan kod, teruskan' }).click();
  }
  await expect(page).toHaveURL(landing);
}

/** Log out with the header button; lands on /login. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Log Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

type Scope = Page | Locator;

/**
 * A text input or textarea by its label, exactly (the required asterisk is `aria-hidden`, so it is not
 * part of the name). `nth` picks among same-named fields (the two address blocks of part C).
 */
export const textbox = (scope: Scope, name: string, nth = 0) =>
  scope.getByRole('textbox', { name, exact: true }).nth(nth);

/** A Mantine select (role combobox) by its label, exactly. */
export const combobox = (scope: Scope, name: string, nth = 0) =>
  scope.getByRole('combobox', { name, exact: true }).nth(nth);

/**
 * Open a Mantine select (its input, found by label) and pick the option with this exact name, as a person does on
 * any screen: the field is brought to the middle of the screen and pressed, and the option clicked. On a phone the
 * page can still move after the press (a form that is opening, the field's own focus) and the list is not drawn
 * for a field that went out of view: in a searchable list (the states) the person types the name and takes it with
 * the keyboard; in another the field is brought back and pressed again.
 */
export async function choose(input: Locator, option: string) {
  const item = input.page().getByRole('option', { name: option, exact: true });
  const shown = (timeout: number) =>
    item.waitFor({ state: 'visible', timeout }).then(
      () => true,
      () => false,
    );
  for (let attempt = 0; attempt < 3; attempt++) {
    await input.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    if (await shown(3000)) {
      await item.click();
      break;
    }
    if (await input.isEditable()) {
      await input.fill(option);
      await input.press('ArrowDown');
      await input.press('Enter');
      if ((await input.inputValue()) === option) break;
    }
    await input.press('Escape');
  }
  await expect(input).toHaveValue(option);
}

/** Draw a short stroke inside a signature canvas with the mouse. */
export async function drawSignature(canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature canvas is not visible');
  const page = canvas.page();
  const x = box.x + box.width * 0.2;
  const y = box.y + box.height * 0.6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width * 0.15, y - box.height * 0.3, { steps: 8 });
  await page.mouse.move(x + box.width * 0.3, y + box.height * 0.1, { steps: 8 });
  await page.mouse.move(x + box.width * 0.5, y - box.height * 0.2, { steps: 8 });
  await page.mouse.up();
}

/** Close the API client's error dialog ("Ralat" with a "Tutup" button). */
export async function closeErrorDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Ralat' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Tutup' }).last().click();
  await expect(dialog).toBeHidden();
}

/** Headers of an API call as the product's client sends them (DESIGN.md §3). */
export const apiHeaders = (token?: string) => ({
  Accept: 'application/json',
  Type: 'api-private',
  'X-localization': 'ms',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

/** Sign a client up through the API (`POST /api/users`) → their id and token. */
export async function signUpByApi(request: APIRequestContext, c: NewClient) {
  const res = await request.post('/api/users', {
    headers: apiHeaders(),
    data: { user: { ...c, password_confirmation: c.password, pdpa: 1 } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { user: { id: string }; token: string };
  return { id: body.user.id, token: body.token };
}

/**
 * Log in through the API (`POST /api/login`, the product's own call) → the bearer token. Staff roles
 * finish the second factor (`POST /api/two-factor/verify`) with the demo TOTP secret, sharing `login`'s
 * record of used time steps so no code is ever replayed (ADR 0081).
 */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const r = await request.post('/api/login', { headers: apiHeaders(), data: { username, password } });
  expect(r.status(), await r.text()).toBe(200);
  const body = (await r.json()) as { token?: string; two_factor_required?: boolean; challenge?: string };
  if (body.token) return body.token;
  expect(body.two_factor_required, JSON.stringify(body)).toBe(true);
  const v = await request.post('/api/two-factor/verify', {
    headers: apiHeaders(),
    data: { challenge: body.challenge, code: await freshCode(username, DEMO_TOTP_SECRET) },
  });
  expect(v.status(), await v.text()).toBe(200);
  return ((await v.json()) as { token: string }).token;
}

/**
 * Open a wizard step from the step list, as a person does at any width: on a phone the list is folded under the
 * "Bahagian n daripada m" button (components/instrument/StepFrame.tsx), which is pressed first when the link is hidden.
 */
export async function openStep(page: Page, name: string | RegExp) {
  const link = page.getByRole('link', { name }).first();
  const toggle = page.getByTestId('wizard-parts-toggle');
  // the page may still be loading: wait until the step list or its toggle shows
  await expect.poll(async () => (await link.isVisible()) || (await toggle.isVisible())).toBe(true);
  if (!(await link.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await link.click();
}

/**
 * Follow a link of the side menu, as a person does at any width: on a phone the menu is folded under the header's
 * "Menu" button (app/layout/AppLayout.tsx), which is pressed first when the link is hidden.
 */
export async function menuLink(page: Page, name: string | RegExp) {
  const link = page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name }).first();
  const burger = page.getByRole('button', { name: 'Menu' });
  await expect.poll(async () => (await link.isVisible()) || (await burger.isVisible())).toBe(true);
  if (!(await link.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
  await link.click();
}
