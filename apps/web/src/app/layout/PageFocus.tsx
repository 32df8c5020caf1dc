/**
 * Page changes for keyboard and screen-reader users (issue 22 item 3; WCAG 2.4.1, 2.4.2, 2.4.3):
 * - {@link SkipLink}: the first focusable element of every layout, "Langkau ke kandungan utama" /
 *   "Skip to main content", moving focus to `<main id="main-content">`;
 * - {@link usePageFocus}: on every route change (not the first load) focus moves to the new page's heading
 *   (the first `h1` in main, else its first heading) as soon as it is rendered (up to 5 s for lazy pages and
 *   data), unless the user has already moved focus into the page; and `document.title` is always
 *   "<page heading> · Wasiat", following the heading's text (so it is in the chosen language, ms or en).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The id of the main landmark the skip link targets. */
export const MAIN_ID = 'main-content';
const HEADING_WAIT_MS = 5000;

/** The page's heading element: the first h1 in main, else its first heading. */
export function pageHeading(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  if (!main) return null;
  return main.querySelector<HTMLElement>('h1') ?? main.querySelector<HTMLElement>('h2, h3');
}

/** "<heading> · <brand>", or the brand alone when the page has no heading yet. */
export function pageTitle(heading: string | null | undefined, brand: string) {
  const h = heading?.replace(/\s+/g, ' ').trim();
  return h && h !== brand ? `${h} · ${brand}` : brand;
}

/** The skip link (hidden until focused; styles in a11y.css). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="wasiat-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      {t('common.skip_to_content')}
    </a>
  );
}

/**
 * Whether the app's first page is still the one shown: kept per document, not per layout, since a route
 * change may mount another layout (or the same layout under another parent route: the message and query
 * layout routes of ADR 0143), whose first effect must still move focus.
 */
let firstPageOfDocument = true;

/** Start over as a newly loaded document would (tests render several apps in one document). */
export function resetPageFocus() {
  firstPageOfDocument = true;
}

/** Title follows the page heading; focus moves to it on route change (see the module comment). */
export function usePageFocus() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const brand = t('common.brand');

  // Title: follow the heading's text (route changes, language changes, data arriving).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each route and language change
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    const update = () => {
      const title = pageTitle(pageHeading()?.textContent, brand);
      if (document.title !== title) document.title = title;
    };
    update();
    if (!main) return;
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [brand, pathname, i18n.language]);

  // Focus: to the new page's heading once it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change
  useEffect(() => {
    if (firstPageOfDocument) {
      firstPageOfDocument = false;
      return;
    }
    const started = Date.now();
    const main = document.getElementById(MAIN_ID);
    const userMovedIn = () => {
      const a = document.activeElement;
      return !!(main && a && a !== main && main.contains(a) && !a.matches('[data-page-heading]'));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryFocus = () => {
      if (userMovedIn()) return;
      const h = pageHeading();
      if (h && h.isConnected) {
        if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
        h.setAttribute('data-page-heading', '');
        h.focus({ preventScroll: false });
        return;
      }
      if (Date.now() - started < HEADING_WAIT_MS) timer = setTimeout(tryFocus, 50);
    };
    // After the new page has rendered (lazy routes render a frame later).
    timer = setTimeout(tryFocus, 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}

/** Mount point of {@link usePageFocus} for a layout. */
export function PageFocus() {
  usePageFocus();
  return null;
}
