/**
 * Phones and reflow (issue 22 item 5, issue 17 item 12; ADR 0151): what a page must hold at a phone width
 * (390 px, and 320 px for WCAG 1.4.10 Reflow), checked by every-route.spec.ts on every route of spec §2:
 *  - no sideways scroll: `document.scrollingElement.scrollWidth <= innerWidth`;
 *  - the fixed header on one line (at most 60 px high) so it never covers the content;
 *  - in every list (a table in main with rows), each row's status and its actions inside the screen
 *    (their boxes lie within 0…innerWidth), as the card layout of the shared list pattern does.
 * Each list is photographed and the picture attached to the test's output.
 */
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { SpecRoute } from './spec-routes.ts';

/** What the page measures at the current width: sideways scroll, header height, each list's status and actions. */
export async function measure(page: Page) {
  return page.evaluate(() => {
    const se = document.scrollingElement as HTMLElement;
    const header = document.querySelector('header');
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left >= -1 && r.right <= window.innerWidth + 1;
    };
    // Each list: the first body row's status cell and actions (by the column header's text, ms or en).
    const lists = Array.from(document.querySelectorAll('main table'))
      .filter((t) => t.querySelector('tbody tr td') && t.querySelector('thead th'))
      .map((t) => {
        const heads = Array.from(t.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
        const row = t.querySelector('tbody tr') as HTMLTableRowElement;
        const cells = Array.from(row.querySelectorAll(':scope > td, :scope > th'));
        const statusAt = heads.findIndex((h) => /^status/i.test(h));
        const status = statusAt >= 0 ? cells[statusAt] : null;
        const actions = Array.from(row.querySelectorAll('button, a[href]'));
        return {
          name: t.querySelector('caption')?.textContent?.trim() || t.getAttribute('aria-label') || heads.join('|'),
          status: status ? inView(status) : null,
          actionsHidden: actions.filter((a) => !inView(a)).map((a) => a.textContent?.trim() ?? ''),
        };
      });
    // What sticks out on the right (the innermost such elements), to name the cause in a failure.
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.querySelector('*'))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${el.textContent?.trim().slice(0, 30)}"`,
      );
    return {
      wide,
      scrollWidth: se.scrollWidth,
      innerWidth: window.innerWidth,
      // the box and what it holds: a fixed 60 px header whose content wraps overflows it (scrollHeight)
      headerHeight: header ? Math.round(Math.max(header.getBoundingClientRect().height, header.scrollHeight)) : 0,
      lists,
    };
  });
}

/** Soft-assert the reflow rules above for `route` at the current `width`; photograph any list. */
export async function checkReflow(page: Page, route: SpecRoute, width: number, info: TestInfo) {
  const where = `${route.pattern} as ${route.role} at ${width} px`;
  await page.waitForTimeout(100);
  const m = await measure(page);
  expect
    .soft(m.scrollWidth - m.innerWidth, `${where}: sideways scroll (px) by ${m.wide.join(', ')}`)
    .toBeLessThanOrEqual(0);
  expect.soft(m.headerHeight, `${where}: header height`).toBeLessThanOrEqual(60);
  for (const l of m.lists) {
    if (l.status !== null) expect.soft(l.status, `${where}: status of "${l.name}" on screen`).toBe(true);
    expect.soft(l.actionsHidden, `${where}: actions of "${l.name}" off screen`).toEqual([]);
  }
  if (m.lists.length) {
    const name = `${route.pattern} ${width}px`;
    const path = info.outputPath(`${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path, fullPage: true });
    await info.attach(name, { path, contentType: 'image/png' });
  }
}
