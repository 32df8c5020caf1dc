/**
 * Route changes (issue 22 item 3): the page title names the page (ms and en), focus moves to the new page's
 * heading, and the skip link is the first stop of the keyboard. The axe scan of every route at two widths is
 * part of the one walk over spec §2 in every-route.spec.ts.
 */
import { expect, test } from '@playwright/test';

const DESKTOP = { width: 1366, height: 768 };

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
