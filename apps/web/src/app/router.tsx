/**
 * The router (spec §2): public pages, and login-required pages behind the check list
 * [loadSession, requireAuth, loadPreference]. Features contribute their routes (features/<x>/routes.tsx);
 * pages are code-split with `lazy`.
 */
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { accountRoutes } from '@/features/account/routes.tsx';
import { amendmentsRoutes } from '@/features/amendments/routes.tsx';
import { authRoutes } from '@/features/auth/routes.tsx';
import { clientsRoutes } from '@/features/clients/routes.tsx';
import { dashboardRoutes } from '@/features/dashboard/routes.tsx';
import { ekycRoutes } from '@/features/ekyc/routes.tsx';
import { ezqurbanRoutes } from '@/features/ezqurban/routes.tsx';
import { faraidRoutes } from '@/features/faraid/routes.tsx';
import { grantsRoutes } from '@/features/grants/routes.tsx';
import { hibahRoutes } from '@/features/hibah/routes.tsx';
import { jobsRoutes } from '@/features/jobs/routes.tsx';
import { organisationsRoutes } from '@/features/organisations/routes.tsx';
import { paymentsRoutes } from '@/features/payments/routes.tsx';
import { profileRoutes } from '@/features/profile/routes.tsx';
import { publicRoutes } from '@/features/public/routes.tsx';
import { reportsRoutes } from '@/features/reports/routes.tsx';
import { securityRoutes } from '@/features/security/routes.tsx';
import { tekunRoutes } from '@/features/tekun/routes.tsx';
import { willsRoutes } from '@/features/wills/routes.tsx';
import { guarded, loadPreference, loadSession, requireAuth } from './guards.ts';
import { NotFoundPage } from './layout/NotFoundPage.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { session } from './storage.ts';

const features = [
  authRoutes,
  dashboardRoutes,
  accountRoutes,
  willsRoutes,
  publicRoutes,
  faraidRoutes,
  organisationsRoutes,
  clientsRoutes,
  profileRoutes,
  reportsRoutes,
  ekycRoutes,
  paymentsRoutes,
  hibahRoutes,
  amendmentsRoutes,
  securityRoutes,
  tekunRoutes,
  ezqurbanRoutes,
  jobsRoutes,
  grantsRoutes,
];

export const routes: RouteObject[] = [
  // Routes that pick their own layout and checks (FeatureRoutes.root), before the two groups.
  ...features.flatMap((f) => f.root ?? []),
  {
    element: <PublicLayout />,
    children: [
      // The root path redirects to /dashboard/agent (spec §2) for a logged-in user; others see the home page.
      ...features.flatMap((f) => f.public ?? []),
    ],
  },
  {
    // The app's frame (menu, header) is its own chunk: public pages such as /login never load it (ADR 0116).
    lazy: async () => ({ Component: (await import('./layout/AppLayout.tsx')).AppLayout }),
    loader: guarded(loadSession, requireAuth, loadPreference),
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    children: features.flatMap((f) => f.private ?? []),
  },
  {
    path: '/logout',
    loader: () => {
      session.clear();
      return redirect('/login');
    },
  },
  { path: '*', element: <PublicLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];

export const createRouter = () => createBrowserRouter(routes);
