/**
 * Every menu entry is reachable (issue 38 item 6; WCAG 2.1.1 Keyboard, 1.4.10 Reflow): for each seeded role, at a
 * laptop (1366×768), a small window (900×800) and a phone (390×844, where the menu is the burger's drawer), each
 * link of the side menu can be
 *  - reached by touch: swiping up on the menu brings its last entry on screen;
 *  - reached by pointer: scrolled into view, it is inside the viewport and would take a click (nothing covers it);
 *  - reached by keyboard: from the first entry, each Tab focuses the next entry and it is on screen.
 * Prints "role width: N of M items reachable" per role and width (N = entries passing the pointer and keyboard
 * checks), then expects N = M. The menu's entries are those of apps/web/src/app/layout/nav.ts for the role.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { become } from './support/route-session.ts';
import type { RouteRole } from './support/spec-routes.ts';

const ROLES: RouteRole[] = ['admin', 'staff', 'officer', 'accountant', 'partner', 'agent', 'client'];
const SIZES = [
  { width: 1366, height: 768 },
  { width: 900, height: 800 },
  { width: 390, height: 844 },
];
/** Below Mantine's `sm` breakpoint (48em) the menu is a drawer opened by the header's burger. */
const PHONE_MAX = 767;
/** How long one entry may take to settle on screen (a check of place, not of speed). */
const SETTLE = { timeout: 3_000 };

/** Whether `link` is the focused element and lies wholly inside the viewport. */
const focusedOnScreen = (link: Locator) =>
  link.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    return el === document.activeElement && inside;
  });

/**
 * Swipe up on the menu with a finger (touch start, moves, end through the browser's input pipeline, as a phone
 * delivers them) until `last` is wholly on screen, at most 8 swipes of 300 px.
 */
async function swipeTo(page: Page, menu: Locator, last: Locator): Promise<boolean> {
  const box = await menu.boundingBox();
  if (!box) return false;
  const onScreen = () =>
    last.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight + 1;
    });
  const cdp = await page.context().newCDPSession(page);
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + Math.min(box.height, page.viewportSize()?.height ?? box.height) * 0.6);
  for (let i = 0; i < 8 && !(await onScreen()); i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - step * 30 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
  // the last swipe may still be settling (momentum): give it the usual assertion time to come to rest
  return expect
    .poll(onScreen, SETTLE)
    .toBe(true)
    .then(() => true)
    .catch(() => false);
}

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

for (const role of ROLES) {
  test(`menu: every entry of ${role} reachable by touch, pointer and keyboard at 1366, 900 and 390 px`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: SIZES[0], hasTouch: true });
    const page = await context.newPage();
    await become(page, request, role);
    const lines: string[] = [];
    const results: { width: number; n: number; m: number; touch: boolean; lost: string[] }[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: 'Menu' });
      const links = menu.getByRole('link');
      if (size.width <= PHONE_MAX) {
        const burger = page.getByRole('button', { name: 'Menu' });
        await burger.click();
        await expect.soft(burger, 'the burger says the menu is open').toHaveAttribute('aria-expanded', 'true');
      }
      await expect(links.first()).toBeInViewport();
      const m = await links.count();
      expect(m, `${role} has menu entries`).toBeGreaterThan(0);

      const touch = await swipeTo(page, menu, links.nth(m - 1));

      const byPointer: boolean[] = [];
      for (let i = 0; i < m; i++) {
        const link = links.nth(i);
        try {
          await link.scrollIntoViewIfNeeded(SETTLE);
          await expect(link).toBeInViewport(SETTLE);
          await link.click({ trial: true, ...SETTLE });
          byPointer.push(true);
        } catch {
          byPointer.push(false);
        }
      }

      const byKeyboard: boolean[] = [];
      await links.first().focus();
      byKeyboard.push(await focusedOnScreen(links.first()));
      for (let i = 1; i < m; i++) {
        await page.keyboard.press('Tab');
        byKeyboard.push(await focusedOnScreen(links.nth(i)));
      }

      const names = await links.allTextContents();
      const lost = names.filter((_, i) => !(byPointer[i] && byKeyboard[i]));
      const n = m - lost.length;
      const line = `${role} ${size.width}: ${n} of ${m} items reachable${touch ? '' : ' (touch swipe did not reach the last)'}`;
      console.log(line);
      lines.push(line);
      results.push({ width: size.width, n, m, touch, lost });
    }
    test.info().annotations.push({ type: 'menu-reach', description: lines.join('; ') });
    for (const r of results) {
      expect.soft(r.lost, `${role} ${r.width}: entries out of reach`).toEqual([]);
      expect.soft(r.touch, `${role} ${r.width}: a touch swipe brings the last entry on screen`).toBe(true);
    }
    await context.close();
  });
}
