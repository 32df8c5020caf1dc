/**
 * The hosts of toasts and dialogs (Mantine `Notifications` and `ModalsProvider`), mounted only when first
 * needed: a public page such as /login never downloads them unless it shows an error (issue 18 item 4; ADR 0143).
 * `notify.tsx` waits for {@link feedbackReady} before opening a dialog (Mantine's `modals.open` is an event
 * that only a mounted provider hears), its `confirmDelete` too; no page mounts them before its first toast or
 * dialog (ADR 0191: ~13 kB less on every logged-in page's first load).
 * Both sit beside the router, not around it: no page reads their context (only their global managers).
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const Hosts = lazy(() => import('./feedback-hosts.tsx'));

let mount: (() => void) | null = null;
let mountRequested = false;
let resolveReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/**
 * Mount the toast and dialog hosts if they are not yet, and resolve once they listen (the providers' effects
 * have run). Safe to call before the app rendered: the hosts mount with it.
 */
export function feedbackReady(): Promise<void> {
  mountRequested = true;
  mount?.();
  return ready;
}

/** Where the hosts mount (main.tsx renders it once, beside the router). */
export function FeedbackHost() {
  const [on, setOn] = useState(mountRequested);
  useEffect(() => {
    mount = () => setOn(true);
    if (mountRequested) setOn(true);
    return () => {
      mount = null;
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <Hosts onReady={resolveReady} />
    </Suspense>
  ) : null;
}
