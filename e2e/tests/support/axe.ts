/**
 * Accessibility scans with axe-core (DESIGN.md §8: an axe scan needs a page from `browser.newContext()`).
 *
 * `A11y.scan(page, label)` runs axe on the page as it is now and records every violation of impact
 * "serious" or "critical" with the page, rule and elements; `A11y.expectClean()` fails with the full list.
 * A journey scans each page it visits and checks the log at the end of each step, so a finding names the
 * page and one run shows every finding of that step instead of stopping at the first one.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts the suite refuses. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** One refused violation: where, which rule, which elements. */
export interface Finding {
  page: string;
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Run axe on `page` and return the serious and critical violations. */
export async function seriousViolations(page: Page, label: string): Promise<Finding[]> {
  // Scan the settled page: a dialog or toast fading in is measured mid-transition (contrast 1.1:1),
  // so wait for every finite animation or transition to end (spinners loop forever and are ignored).
  // The pointer rests outside the content (after a click it would hover a control, and the scan would
  // depend on where the last click happened); hover states are not part of this scan.
  await page.waitForLoadState('load');
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  // Legacy mode: `axe.run` in the page itself. The default (`runPartial` per frame, then `finishRun` in a new
  // blank tab) opens and closes a tab per scan, half of each scan's time here; the only thing it adds is
  // cross-origin frames, and the app has none (ADR 0197). Same rules, same results.
  // Only violations are read here: axe then builds no CSS selector or HTML snippet for the passes, incomplete
  // and inapplicable nodes (one each, not every node), which its API guide names as a scan's main cost on a large
  // page. The rules and the violations found are the same.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => (BLOCKING_IMPACTS as readonly string[]).includes(v.impact ?? ''))
    .map((v) => ({
      page: label,
      url: new URL(page.url()).pathname,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? ''}`),
    }));
}

/** Readable list of findings for an assertion message. */
export const describeFindings = (findings: Finding[]) =>
  findings
    .map((f) => `- [${f.impact}] ${f.rule} on "${f.page}" (${f.url}): ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');

/** A log of scans over a journey; see the file comment. */
export class A11y {
  readonly findings: Finding[] = [];
  readonly scanned: string[] = [];

  /** Scan the page now and keep its serious/critical violations. */
  async scan(page: Page, label: string): Promise<void> {
    this.scanned.push(label);
    this.findings.push(...(await seriousViolations(page, label)));
  }

  /** Fail when any scan so far found a serious or critical violation; then start a fresh log. */
  expectClean(): void {
    const found = this.findings.splice(0);
    expect(found, `axe found serious/critical violations:\n${describeFindings(found)}`).toEqual([]);
  }
}

/** Scan one page and fail at once on a serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const found = await seriousViolations(page, label);
  expect(found, `axe found serious/critical violations:\n${describeFindings(found)}`).toEqual([]);
}
