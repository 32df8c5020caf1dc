/**
 * Small UI actions shared by the journeys, always through accessible names in Malay (the default UI
 * language): logging in, choosing from a Mantine select, drawing on a signature canvas, closing the
 * error dialog of the API client (spec §8: toast + dialog closed by "Tutup").
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { NewClient } from './data.ts';

/** Log in at /login with a username (or e-mail or MyKad) and password; lands on `landing`. */
export async function login(page: Page, username: string, password: string, landing: RegExp = /\/dashboard$/) {
  await page.goto('/login');
  await textbox(page, 'Nama pengguna, e-mel atau No. MyKad').fill(username);
  await textbox(page, 'Kata laluan').fill(password);
  await page.getByRole('button', { name: 'Log masuk' }).click();
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

/** Open a Mantine select (its input, found by label) and pick the option with this exact name. */
export async function choose(input: Locator, option: string) {
  await input.click();
  await input.page().getByRole('option', { name: option, exact: true }).click();
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
