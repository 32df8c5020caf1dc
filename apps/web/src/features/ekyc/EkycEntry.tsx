/**
 * /ekyc and /ekyc/validation serve two audiences (spec §2 lists them both as public and as login-required
 * routes): a client who opened the signed link an agent sent (no login, the public layout; ADR 0091) and a
 * logged-in user doing their own eKYC (the app's layout and its login checks). The visit is public when the
 * query carries a signed link, when it says `public=1` (the public pages' own links), or when nobody is
 * logged in; otherwise the login-required checks run and the user's pages show.
 */
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { useLocation } from 'react-router';
import { guarded, loadPreference, loadSession, requireAuth } from '@/app/guards.ts';
import { PublicLayout } from '@/app/layout/PublicLayout.tsx';
import { session } from '@/lib/storage.ts';
import { linkParams } from './publicSession.ts';

/** The app's frame, loaded only for a logged-in visit (a public visit never needs it). */
const AppLayout = lazy(async () => ({ default: (await import('@/app/layout/AppLayout.tsx')).AppLayout }));

/** Whether a visit of /ekyc with this query string is the public (signed-link) flow. */
export function isPublicVisit(search: string): boolean {
  const q = new URLSearchParams(search);
  return !!linkParams(q) || q.get('public') === '1' || !(session.token() && session.user());
}

/** Loader: the app's login checks, except for a public visit. */
export async function ekycEntryLoader(args: LoaderFunctionArgs) {
  if (isPublicVisit(new URL(args.request.url).search)) return null;
  return guarded(loadSession, requireAuth, loadPreference)(args);
}

/** The layout of the visit: public or the app's. */
export function EkycShell() {
  const { search } = useLocation();
  return isPublicVisit(search) ? (
    <PublicLayout />
  ) : (
    <Suspense fallback={null}>
      <AppLayout />
    </Suspense>
  );
}

/** Pick the page of the visit. */
export function EkycPage({ publicPage, userPage }: { publicPage: React.ReactNode; userPage: React.ReactNode }) {
  const { search } = useLocation();
  return <>{isPublicVisit(search) ? publicPage : userPage}</>;
}
