/**
 * Accessibility of every page at two widths (issue 22 item 2): each route of this list is opened as the role
 * that uses it, at desktop (1366×768) and phone (390×844) width, and scanned with axe (WCAG 2.0–2.2 A/AA);
 * any serious or critical violation fails, naming the page, width, rule and elements. Routes with record
 * ids are covered by the journeys' own scans; the lead unifies this list with `support/spec-routes.ts`.
 * Also: the page title names the page and focus moves to the new page's heading on a route change
 * (issue 22 item 3).
 */
import { expect, type Page, test } from '@playwright/test';
import { A11y } from './support/axe.ts';
import { DEMO_PASSWORD } from './support/data.ts';
import { login } from './support/ui.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Role → the routes (spec §2) it uses that need no record id. */
const ROUTES: { role: string | null; landing?: RegExp; paths: string[] }[] = [
  // '/' opens once GET / serves the app (issue 17 item 1, branch webdelivery); add it here then.
  { role: null, paths: ['/login', '/sign-up', '/password/reset', '/password-create'] },
  {
    role: 'client',
    paths: ['/dashboard', '/wasiat', '/profile', '/profile/signature', '/profile/data', '/change-password', '/faraid'],
  },
  { role: 'agent', paths: ['/dashboard/agent', '/client', '/client/pending', '/wasiat/list'] },
  {
    role: 'staff',
    paths: [
      '/dashboard/staff',
      '/dashboard/wills',
      '/dashboard/payments',
      '/dashboard/report',
      '/wasiat/pengesahan/list-pendaftaran',
      '/ekyc/review',
      '/tekun/report/monthly',
      '/ezqurban/transaction/list',
      '/ezqurban/report/monthly',
    ],
  },
];

/** Open `path` and wait until its heading shows (lazy pages and data). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1, main h2').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

for (const group of ROUTES) {
  test(`axe: ${group.role ?? 'public'} pages at desktop and phone width have no serious/critical violations`, async ({
    browser,
  }) => {
    test.setTimeout(60_000 + group.paths.length * 20_000);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    if (group.role) await login(page, group.role, DEMO_PASSWORD, /\/(dashboard|signature)/);
    const a11y = new A11y();
    for (const path of group.paths) {
      await page.setViewportSize(DESKTOP);
      await open(page, path);
      await a11y.scan(page, `${path} @desktop`);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(150);
      await a11y.scan(page, `${path} @390`);
    }
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
