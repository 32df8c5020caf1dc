/**
 * Routes of the auth feature (spec §2 "Public"): "/", /login, /sign-up, /password-create and
 * /password/reset. The four auth pages send an already-authenticated user to /dashboard
 * (`redirectIfAuthenticated`); "/" sends them to /dashboard/agent. Pages are code-split.
 */

import { redirect } from 'react-router';
import { guarded, redirectIfAuthenticated } from '@/app/guards.ts';
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { session } from '@/lib/storage.ts';
import { LoginPage } from './LoginPage.tsx';

/** Loader of "/": a logged-in user goes to /dashboard/agent (spec §2 "The root path redirects"). */
export function homeLoader() {
  return session.token() && session.user() ? redirect('/dashboard/agent') : null;
}

const guestOnly = guarded(redirectIfAuthenticated);

/** Routes of the auth feature. */
export const authRoutes: FeatureRoutes = {
  public: [
    { path: '/', loader: homeLoader, lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }) },
    {
      path: '/login',
      loader: guestOnly,
      // A light page (app/router.tsx): only the core messages, no query cache; its first load stays small
      // (issue 18 item 4; ADR 0143). Its component is in the first load itself (1.4 kB), not a chunk fetched
      // after the entry ran: /login paints whole in one go, its lead paragraph with the frame (ADR 0205).
      handle: { light: true },
      Component: LoginPage,
    },
    {
      path: '/sign-up',
      loader: guestOnly,
      lazy: async () => ({ Component: (await import('./SignUpPage.tsx')).SignUpPage }),
    },
    {
      path: '/password-create',
      loader: guestOnly,
      lazy: async () => ({ Component: (await import('./PasswordCreatePage.tsx')).PasswordCreatePage }),
    },
    {
      path: '/password/reset',
      loader: guestOnly,
      lazy: async () => ({ Component: (await import('./PasswordResetPage.tsx')).PasswordResetPage }),
    },
  ],
  private: [],
};
