/**
 * Every route of spec §2 opens by typing its address and by reloading, logged out and logged in, for the role
 * that uses it (issue 17 item 1; the list is support/spec-routes.ts). Each visit must end on the address (or
 * on the redirect spec §2 names), answer the document with 2xx, show no not-found page, no raw i18n key
 * and log no console error or uncaught page error (an API call answered 4xx/5xx is a console error in
 * Chromium). Desktop (1280×800) and phone (390×844) widths alternate: a route typed at one width is reloaded
 * at the other, and the next route the other way round, so both widths see both kinds of visit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { become, makeIds } from './support/route-session.ts';
import { type Ids, SPEC_ROUTES, type SpecRoute } from './support/spec-routes.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The top-level keys of every locale file (web and server): a visible `ns.key` is an untranslated key. */
function namespaces(): string[] {
  const dirs = ['../../apps/web/src/locales/ms/', '../../packages/domain/src/locales/ms/'].map((d) =>
    fileURLToPath(new URL(d, import.meta.url)),
  );
  const out = new Set<string>();
  for (const d of dirs) {
    for (const f of readdirSync(d).filter((x) => x.endsWith('.json'))) {
      for (const k of Object.keys(JSON.parse(readFileSync(d + f, 'utf8')))) out.add(k);
    }
  }
  return [...out];
}
const RAW_KEY = new RegExp(`\\b(?:${namespaces().join('|')})\\.[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*\\b`);

let ids: Ids;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  ids = await makeIds(request);
});

/** One visit's checks; `how` names it in messages. */
async function expectPage(page: Page, route: SpecRoute, errors: string[], how: string) {
  const where = `${route.pattern} as ${route.role}, ${how}`;
  await page.waitForLoadState('networkidle');
  const path = new URL(page.url()).pathname.replace(/\/$/, '') || '/';
  const address = route.address(ids).split('?')[0].replace(/\/$/, '') || '/';
  const expected = route.lands ?? new RegExp(`^${address.replace(/[.?]/g, '\\$&')}$`);
  expect.soft(path, `${where}: ended on ${path}`).toMatch(expected);
  const main = page.locator('main').first();
  await expect.soft(main, `${where}: a page`).toBeVisible();
  await expect.soft(page.getByText('Tidak dijumpai', { exact: true }), `${where}: not-found page`).toHaveCount(0);
  const text = await page.locator('body').innerText();
  expect.soft(text.match(RAW_KEY)?.[0], `${where}: raw i18n key on screen`).toBeUndefined();
  expect.soft(errors, `${where}: console errors`).toEqual([]);
}

const roles = [...new Set(SPEC_ROUTES.map((r) => r.role))];
for (const role of roles) {
  test(`every spec §2 route of ${role} opens by address and by reload`, async ({ page, request }) => {
    const routes = SPEC_ROUTES.filter((r) => r.role === role);
    test.setTimeout(60_000 + routes.length * 30_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url ?? ''}`.trim());
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    await become(page, request, role);
    for (const [n, route] of routes.entries()) {
      const [first, second] = n % 2 === 0 ? [DESKTOP, PHONE] : [PHONE, DESKTOP];
      errors.length = 0;
      await page.setViewportSize(first);
      const res = await page.goto(route.address(ids));
      expect.soft(res?.status(), `${route.pattern}: document status`).toBeLessThan(400);
      await expectPage(page, route, errors, `typed at ${first.width} px`);
      errors.length = 0;
      await page.setViewportSize(second);
      const again = await page.reload();
      expect.soft(again?.status(), `${route.pattern}: document status on reload`).toBeLessThan(400);
      await expectPage(page, route, errors, `reloaded at ${second.width} px`);
      // A redirecting route (e.g. "/" → /dashboard/agent) is reloaded where it landed; start the next afresh.
    }
  });
}
