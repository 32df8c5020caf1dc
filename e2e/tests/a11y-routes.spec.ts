/**
 * Accessibility of every page at two widths (issue 22 item 2): every route of spec §2 (support/spec-routes.ts,
 * the table every-route.spec.ts and reflow.spec.ts walk too; routes with ids open on real records made in
 * `beforeAll`) is opened once as the role that uses it and scanned with axe (WCAG 2.0–2.2 A/AA) at desktop
 * (1366×768) and, resized, at phone (390×844) width; any serious or critical violation fails, naming the page,
 * width, rule and elements. A route that redirects to a page the role has already scanned is not scanned again.
 * Each role's test prints how many routes, pages and scans it made.
 * Also: the page title names the page and focus moves to the new page's heading on a route change
 * (issue 22 item 3).
 */
import { expect, type Page, test } from '@playwright/test';
import { A11y } from './support/axe.ts';
import { become, makeIds } from './support/route-session.ts';
import { type Ids, SPEC_ROUTES } from './support/spec-routes.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let ids: Ids;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  ids = await makeIds(request);
});

/** Open `address` and wait until the page's heading shows (lazy pages) and its data has come. */
async function open(page: Page, address: string) {
  await page.goto(address);
  await page.locator('main h1, main h2').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

const roles = [...new Set(SPEC_ROUTES.map((r) => r.role))];
for (const role of roles) {
  test(`axe: every spec §2 route of ${role} at 1366 and 390 px has no serious/critical violation`, async ({
    browser,
    request,
  }) => {
    const routes = SPEC_ROUTES.filter((r) => r.role === role);
    test.setTimeout(60_000 + routes.length * 20_000);
    // An axe scan needs a page of `browser.newContext()` (DESIGN.md §8).
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await become(page, request, role);
    const a11y = new A11y();
    // A redirecting route (spec §2: "/" → /dashboard/agent, /dashboard/wills → /wasiat/list…) lands on a page
    // this role may already have scanned: each distinct page is scanned once per width.
    const scanned = new Set<string>();
    for (const route of routes) {
      await page.setViewportSize(DESKTOP);
      await open(page, route.address(ids));
      const landed = new URL(page.url());
      if (scanned.has(landed.pathname + landed.search)) continue;
      scanned.add(landed.pathname + landed.search);
      await a11y.scan(page, `${route.pattern} as ${role} @1366`);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(150); // the phone layout's media queries re-render
      await a11y.scan(page, `${route.pattern} as ${role} @390`);
    }
    console.log(
      `axe ${role}: ${routes.length} routes, ${scanned.size} distinct pages × 2 widths = ${a11y.scanned.length} scans, ${a11y.findings.length} serious/critical`,
    );
    a11y.expectClean();
    await context.close();
  });
}

test('route change: title names the page (ms and en) and focus moves to the new heading; skip link first', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/login');
  const h1 = page.locator('main h1').first();
  await expect(h1).toBeVisible();
  await expect(page).toHaveTitle(`${(await h1.textContent())?.trim()} · Wasiat Online`);
  // the skip link is the first stop of the keyboard and leads to main
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Langkau ke kandungan utama' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // a client-side route change moves focus to the new page's heading
  await page.getByRole('link', { name: /lupa kata laluan/i }).click();
  await expect(page).toHaveURL(/\/password-create/);
  const heading = page.locator('main h1, main h2').first();
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(new RegExp(`^${(await heading.textContent())?.trim()} · Wasiat Online$`));
  // in English the title follows the heading's language
  const msTitle = await page.title();
  await page.getByText('EN', { exact: true }).click();
  await expect(page).not.toHaveTitle(msTitle);
  await expect(page).toHaveTitle(new RegExp(`^${(await heading.textContent())?.trim()} · Wasiat Online$`));
  await context.close();
});
