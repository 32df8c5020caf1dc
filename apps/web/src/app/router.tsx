/**
 * The router (spec §2): public pages, and login-required pages behind the check list
 * [loadSession, requireAuth, loadPreference]; a page behind login that the role may not use (app/page-access.ts,
 * the permission table of @wasiat/domain) shows the not-found page (ADR 0242). Features contribute their routes
 * (features/<x>/routes.tsx); pages are code-split with `lazy`.
 */
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { acceptancesRoutes } from '@/features/acceptances/index.ts';
import { accountRoutes } from '@/features/account/routes.tsx';
import { amendmentsRoutes } from '@/features/amendments/routes.tsx';
import { assetsRoutes } from '@/features/assets/index.ts';
import { authRoutes } from '@/features/auth/routes.tsx';
import { clientsRoutes } from '@/features/clients/routes.tsx';
import { dashboardRoutes } from '@/features/dashboard/routes.tsx';
import { deathsRoutes } from '@/features/deaths/index.ts';
import { ekycRoutes } from '@/features/ekyc/routes.tsx';
import { ezqurbanRoutes } from '@/features/ezqurban/routes.tsx';
import { faraidRoutes } from '@/features/faraid/routes.tsx';
import { grantsRoutes } from '@/features/grants/routes.tsx';
import { hibahRoutes } from '@/features/hibah/routes.tsx';
import { institutionsRoutes } from '@/features/institutions/index.ts';
import { jobsRoutes } from '@/features/jobs/routes.tsx';
import { organisationsRoutes } from '@/features/organisations/routes.tsx';
import { paymentsRoutes } from '@/features/payments/routes.tsx';
import { profileRoutes } from '@/features/profile/routes.tsx';
import { publicRoutes } from '@/features/public/routes.tsx';
import { remindersRoutes } from '@/features/reminders/routes.tsx';
import { reportsRoutes } from '@/features/reports/routes.tsx';
import { securityRoutes } from '@/features/security/routes.tsx';
import { tekunRoutes } from '@/features/tekun/routes.tsx';
import { willsRoutes } from '@/features/wills/routes.tsx';
import { loadAllMessages } from '../lib/i18n.ts';
import { session } from '../lib/storage.ts';
import { withPageAccess } from './access.tsx';
import { guarded, loadPreference, loadSession, requireAuth } from './guards.ts';
import { NotFoundPage } from './layout/NotFoundPage.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';

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
  remindersRoutes,
  deathsRoutes,
  acceptancesRoutes,
  assetsRoutes,
  institutionsRoutes,
];

/**
 * A route that shows a page waits for all messages of the language (lib/i18n.ts), fetched in parallel with the
 * page's own chunk; only the public frame and the light pages (`handle: { light: true }`: /login) make do
 * with the core messages loaded before the first render, so their first load never carries the other features'
 * messages (issue 18 item 4; ADR 0143). Layout routes (with children) are left as they are: their pages wait.
 */
export function withMessages(route: RouteObject): RouteObject {
  if (route.children) return { ...route, children: route.children.map(withMessages) } as RouteObject;
  if (isLight(route)) return route;
  const shows = route.lazy || route.element || route.Component;
  if (!shows) return route;
  const own = route.lazy;
  if (typeof own === 'object') throw new Error(`route ${route.path}: per-property lazy is not supported here`);
  return {
    ...route,
    lazy: async () => {
      const [props] = await Promise.all([own ? own() : {}, loadAllMessages()]);
      return props;
    },
  } as RouteObject;
}

/** Whether a route is a light page (`handle: { light: true }`): see {@link withMessages} and lib/query.tsx. */
const isLight = (r: RouteObject) => (r.handle as { light?: boolean } | undefined)?.light === true;

const publicPages = features.flatMap((f) => f.public ?? []);
/** The pages behind login, each staff page guarded by the permission table (app/page-access.ts). */
export const privatePages: RouteObject[] = features.flatMap((f) => f.private ?? []).map((r) => withPageAccess(r));

const pages: RouteObject[] = [
  // Light pages (/login): the public frame, the core messages, no query cache (ADR 0143).
  { element: <PublicLayout />, children: publicPages.filter(isLight) },
  {
    // Every other page under TanStack Query's cache (lib/query.tsx), loaded with the first of them.
    lazy: async () => ({ Component: (await import('../lib/query.tsx')).QueryLayout }),
    children: [
      // Routes that pick their own layout and checks (FeatureRoutes.root), before the two groups.
      ...features.flatMap((f) => f.root ?? []),
      {
        element: <PublicLayout />,
        children: [
          // The root path redirects to /dashboard/agent (spec §2) for a logged-in user; others see the home page.
          ...publicPages.filter((r) => !isLight(r)),
        ],
      },
      {
        // The app's frame (menu, header) is its own chunk: public pages such as /login never load it (ADR 0116).
        // Its menu shows every feature's labels: all messages first.
        lazy: async () => {
          const [{ AppLayout }] = await Promise.all([import('./layout/AppLayout.tsx'), loadAllMessages()]);
          return { Component: AppLayout };
        },
        loader: guarded(loadSession, requireAuth, loadPreference),
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        // Staff pages give a role without their action the not-found page (app/page-access.ts; ADR 0242).
        children: privatePages,
      },
    ],
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

/** A new task (a message to ourselves: no timer clamping), so the browser may paint and handle input first. */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Every route's `lazy` and `loader` start in a task of their own (ADR 0215). React Router calls the lazy functions
 * and loaders of all the matched routes synchronously, inside `createBrowserRouter` on the first load; each
 * `import()` goes through Vite's preload helper, which appends a `<link rel=modulepreload>` per dependency, and a
 * loader may start requests. With the router's own set-up that made one task of ~60 ms on this machine's first
 * load of /dashboard (~240 ms at Lighthouse's 4× CPU), a long task the phone could not leave. Deferred, the same
 * work is split into short tasks; the requests start a task later (well under a millisecond of idle main thread).
 *
 * @param route a route object, with its children
 * @returns the same route, its `lazy` and `loader` (when functions) first awaiting {@link nextTask}
 */
export function routeWorkInOwnTasks(route: RouteObject): RouteObject {
  const out = { ...route } as RouteObject & { lazy?: unknown; loader?: unknown };
  if (route.children) out.children = route.children.map(routeWorkInOwnTasks);
  const lazy = route.lazy;
  if (typeof lazy === 'function') {
    out.lazy = async () => {
      await nextTask();
      return lazy();
    };
  }
  const loader = route.loader;
  if (typeof loader === 'function') {
    out.loader = async (...args: Parameters<typeof loader>) => {
      await nextTask();
      return loader(...args);
    };
  }
  return out as RouteObject;
}

export const routes: RouteObject[] = pages.map(withMessages).map(routeWorkInOwnTasks);

export const createRouter = () => createBrowserRouter(routes);
