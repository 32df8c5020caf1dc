/**
 * Route checks as an ordered list (spec §2 "Routes may carry an ordered list of checks, each able to
 * pass control on. For an authenticated user, preference and session data are loaded first").
 * A check returns a redirect Response to stop, or nothing to pass on. `guarded(...)` makes a loader.
 */
import { roleOf, SIGNATURE_EXEMPT } from '@wasiat/domain';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError, api } from '../lib/api.ts';
import { type SessionUser, session } from '../lib/storage.ts';

export type Check = (args: LoaderFunctionArgs) => Promise<Response | undefined> | Response | undefined;

/** Run checks in order; the first redirect wins. */
export function guarded(...checks: Check[]) {
  return async (args: LoaderFunctionArgs) => {
    for (const check of checks) {
      const r = await check(args);
      if (r) return r;
    }
    return null;
  };
}

/** Organisation preference of the logged-in user (spec §3), loaded with the session. */
let preferenceCache: { orgId: string; preference: Record<string, unknown> } | null = null;
export const currentPreference = () => preferenceCache?.preference ?? null;

/** Load the session (GET /api/authenticate) and refresh the stored user; a 401 goes to /login (spec §8). */
export const loadSession: Check = async () => {
  if (!session.token()) return undefined;
  try {
    const r = await api.get<{ user: SessionUser; token?: string }>('authenticate', undefined, { silent: true });
    session.set(r.user, r.token);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      session.clear();
      return redirect('/login');
    }
  }
  return undefined;
};

/** Load the organisation preference of a non-client user (spec §2 checks; reference §5 menus). */
export const loadPreference: Check = async () => {
  const user = session.user();
  const orgId = user?.user_access?.organization_id;
  if (!orgId || roleOf(user) === 'Client' || preferenceCache?.orgId === orgId) return undefined;
  try {
    const r = await api.get<{ preference: Record<string, unknown> }>(`organization/${orgId}/preference`, undefined, {
      silent: true,
    });
    preferenceCache = { orgId, preference: r.preference };
  } catch {
    preferenceCache = null;
  }
  return undefined;
};

/** Login-required: an unauthenticated user is sent to the root path (spec §2). */
export const requireAuth: Check = () => (session.token() && session.user() ? undefined : redirect('/'));

/** /login, /password-create, /password/reset, /sign-up send an authenticated user to the dashboard (spec §2). */
export const redirectIfAuthenticated: Check = () =>
  session.token() && session.user() ? redirect('/dashboard') : undefined;

/** On /dashboard a non-Client user without a saved signature is sent to /signature (spec §2, §6). */
export const requireSignature: Check = () => {
  const user = session.user();
  const role = roleOf(user);
  if (user && role && !SIGNATURE_EXEMPT.includes(role) && !user.signature) return redirect('/signature');
  return undefined;
};

/**
 * A user whose only access is waiting for approval (`user_access.status` 0) can log in but sees only the
 * notice /access-pending (spec §6 "User access is requested and approved by an administrator"; ADR 0014).
 */
export const requireActiveAccess: Check = () =>
  session.user()?.user_access?.status === 0 ? redirect('/access-pending') : undefined;
