/**
 * The app's start (main.tsx calls {@link start} last): Mantine's theme, the providers, the lazily mounted toast
 * and dialog hosts, and the router, rendered into `#root`.
 */
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { FeedbackHost } from '../lib/feedback.tsx';
import { i18nReady } from '../lib/i18n.ts';
import { createRouter, nextTask } from './router.tsx';

// teal.9 (not .8) and darker "dimmed"/error colours: white-on-teal.8 and Mantine's default gray.6/red.6
// text are below the 4.5:1 contrast axe requires for normal-size text.
const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 9,
  fontFamily: 'system-ui, sans-serif',
  // Plain objects, not `Notification.extend`/`Table.ScrollContainer.extend`: importing those components here
  // would put them (and the scroll area) in every page's first load (ADR 0143).
  components: {
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-8)' } } },
    // A table wider than the screen scrolls inside a native box that keyboard users can focus and scroll
    // (axe scrollable-region-focusable; issue 22 item 2); the page itself never scrolls sideways.
    TableScrollContainer: {
      defaultProps: { type: 'native', tabIndex: 0, 'data-scroll-region': true } as Record<string, unknown>,
    },
  },
});
// Mantine hovers a shade-9 button with shade 8, which fails contrast again: hover darker instead.
const TEAL_HOVER = '#066649';
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Green filled badges/buttons: white on green.6 is 3.1:1 and on green.9 4.36:1; #1e6b2e passes 4.5:1.
    '--mantine-color-green-filled': '#1e6b2e',
    '--mantine-color-green-filled-hover': '#17561f',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-teal-filled-hover': TEAL_HOVER,
    '--mantine-primary-color-filled-hover': TEAL_HOVER,
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-primary-color-light': 'var(--mantine-color-teal-0)',
    // Hovering the active menu item must keep teal.9 text readable (axe: 4.5:1).
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
    '--mantine-primary-color-light-hover': 'var(--mantine-color-teal-1)',
  },
  dark: {},
});

/**
 * Builds the router and renders the app into `root` once the stored language's core messages are loaded (one
 * chunk, fetched in parallel with the page's). The first render is a transition (`startTransition`): React
 * renders it in slices of a few milliseconds, yielding to the browser between them, instead of one long task
 * that a phone's main thread cannot leave (issue 18 item 4; ADR 0205). Only the commit is one task.
 *
 * @param root the element the app owns (`#root` of index.html)
 * @returns when the first render is scheduled (not painted)
 */
export async function start(root: HTMLElement): Promise<void> {
  const router = createRouter();
  // The router's set-up (its route table, the first match) and React's first render in separate tasks (ADR 0215).
  await Promise.all([i18nReady, nextTask()]);
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {/* Toasts and dialogs (lib/feedback.tsx): mounted on first need. */}
          <FeedbackHost />
          {/* TanStack Query's cache is provided by a layout route (lib/query.tsx), not here. */}
          <RouterProvider router={router} />
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
