/**
 * One walk over every route of spec §2 (support/spec-routes.ts; routes with ids open on real records made in
 * `beforeAll`), as the role that uses each, logged out and logged in. Per route (one typed visit, one reload):
 *  - it opens by typing its address and by reloading (issue 17 item 1): each visit ends on the address (or on
 *    the redirect spec §2 names), answers the document with 2xx, shows no not-found page, no raw i18n key and
 *    logs no console error or uncaught page error (an API call answered 4xx/5xx is a console error);
 *  - axe (WCAG 2.0–2.2 A/AA) finds no serious or critical violation at desktop (1366×768) or phone
 *    (390×844) width (issue 22 item 2; support/axe.ts). A route that lands on a page the role has already
 *    scanned is not scanned again;
 *  - at 390 and 320 px it does not scroll sideways, the header stays on one line and every list keeps its
 *    status and actions on screen (issue 22 item 5, issue 17 item 12; support/reflow.ts).
 * Desktop and phone alternate: a route typed at one width is reloaded at the other, and the next route the
 * other way round, so both widths see both kinds of visit. One walk instead of three (ADR 0178: CI time).
 * Each role's test prints its counts of routes, pages and scans.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { A11y } from './support/axe.ts';
import { checkReflow } from './support/reflow.ts';
import { become, makeIds } from './support/route-session.ts';
import { trackRequests } from './support/settled.ts';
import { type Ids, SPEC_ROUTES, type SpecRoute } from './support/spec-routes.ts';

const DESKTOP = { width: 1366, height: 768 };
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
async function expectPage(
  page: Page,
  settled: (quietMs?: number) => Promise<void>,
  route: SpecRoute,
  errors: string[],
  how: string,
) {
  const where = `${route.pattern} as ${route.role}, ${how}`;
  // Lazy pages: the heading shows once the page's code has come; then wait for its data.
  await expect.soft(page.locator('main h1, main h2').first(), `${where}: a heading`).toBeVisible();
  // Then wait for its data: no request in flight for 200 ms (support/settled.ts; ADR 0197).
  await settled(200);
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
  test(`every spec §2 route of ${role}: by address and reload, axe at 1366 and 390 px, reflow at 390 and 320 px`, async ({
    browser,
    request,
  }, info) => {
    const routes = SPEC_ROUTES.filter((r) => r.role === role);
    test.setTimeout(60_000 + routes.length * 40_000);
    // An axe scan needs a page of `browser.newContext()` (DESIGN.md §8).
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url ?? ''}`.trim());
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    await become(page, request, role);
    const settled = trackRequests(page);
    const a11y = new A11y();
    const scanned = new Set<string>();
    /** Seconds spent per kind of step, printed at the end (where this walk's CI time goes; ADR 0197). */
    const spent = { load: 0, checks: 0, axe: 0, reflow: 0 };
    const timed = async <T>(kind: keyof typeof spent, step: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try {
        return await step();
      } finally {
        spent[kind] += (performance.now() - t0) / 1000;
      }
    };
    /** Axe at the current width, once per distinct landed page and width. */
    const scan = async (route: SpecRoute, width: number) => {
      const landed = new URL(page.url());
      const key = `${landed.pathname}${landed.search} @${width}`;
      if (scanned.has(key)) return;
      scanned.add(key);
      await timed('axe', () => a11y.scan(page, `${route.pattern} as ${role} @${width}`));
    };
    /** What a phone visit checks: axe at 390, then reflow at 390 and 320. */
    const phoneChecks = async (route: SpecRoute) => {
      await scan(route, PHONE.width);
      await timed('reflow', async () => {
        await checkReflow(page, route, PHONE.width, info);
        await page.setViewportSize({ width: 320, height: PHONE.height });
        await checkReflow(page, route, 320, info);
        await page.setViewportSize(PHONE);
      });
    };
    for (const [n, route] of routes.entries()) {
      const [first, second] = n % 2 === 0 ? [DESKTOP, PHONE] : [PHONE, DESKTOP];
      errors.length = 0;
      await page.setViewportSize(first);
      const res = await timed('load', () => page.goto(route.address(ids)));
      expect.soft(res?.status(), `${route.pattern}: document status`).toBeLessThan(400);
      await timed('checks', () => expectPage(page, settled, route, errors, `typed at ${first.width} px`));
      if (first === DESKTOP) await scan(route, DESKTOP.width);
      else await phoneChecks(route);
      errors.length = 0;
      await page.setViewportSize(second);
      const again = await timed('load', () => page.reload());
      expect.soft(again?.status(), `${route.pattern}: document status on reload`).toBeLessThan(400);
      await timed('checks', () => expectPage(page, settled, route, errors, `reloaded at ${second.width} px`));
      if (second === DESKTOP) await scan(route, DESKTOP.width);
      else await phoneChecks(route);
      // A redirecting route (e.g. "/" → /dashboard/agent) is reloaded where it landed; start the next afresh.
    }
    console.log(
      `routes ${role}: ${routes.length} routes, each typed and reloaded; ${a11y.scanned.length} axe scans of distinct pages, ${a11y.findings.length} serious/critical; seconds in ${Object.entries(
        spent,
      )
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')}`,
    );
    a11y.expectClean();
    await context.close();
  });
}
