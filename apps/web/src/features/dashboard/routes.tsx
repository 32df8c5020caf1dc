/**
 * Routes of the dashboard feature (spec §2): /dashboard and /dashboard/agent, private and guarded by
 * `requireActiveAccess` (a user whose access is pending sees only /access-pending) and `requireSignature`
 * (a non-Client without a saved signature goes to /signature). /dashboard/agent is
 * for Agents; any other role is sent to /dashboard (ADR: "/dashboard/agent is the Agent's dashboard").
 * A client's /dashboard asks for what it shows first as it starts, beside the session check (`prefetchForClient`).
 */
import { roleOf } from '@wasiat/domain';
import { Navigate, redirect } from 'react-router';
import { type Check, guarded, requireActiveAccess, requireSignature } from '@/app/guards.ts';
import type { FeatureRoutes } from '@/app/routes-types.ts';
// the grants' light query module, not its index.ts: that brings the grant screens into every first load (/login 147 → 173 kB)
import { grantsQuery } from '@/features/grants/index.ts';
import { hibahsInProcessQuery } from '@/features/hibah/index.ts';
import { session } from '@/lib/storage.ts';
import { clientPaymentHistory, clientWills, willsQuery } from './queries.ts';

/** /dashboard/agent is the Agent's dashboard; every other role (and the root redirect) lands on /dashboard. */
export const agentOnly: Check = () => (roleOf(session.user()) === 'Agent' ? undefined : redirect('/dashboard'));

/**
 * Everything a client's dashboard shows first is asked for as the route starts: their wills (the will status), their
 * transaction history (`GET /api/payment/mine`, every payable kind), the organisations' access requests waiting for them and their hibahs in
 * process. The requests go beside the session check, not after the page rendered, and prefetch.ts puts their
 * answers in the cache (ADR 0210). Other roles' dashboards are left as they are. A check that never redirects: it
 * runs after the ones that may.
 */
export const prefetchForClient: Check = () => {
  const user = session.user();
  if (session.token() && user && roleOf(user) === 'Client') {
    // sent now, with the first load's API client; silent: the page shows a failure when it asks again
    const answers = {
      wills: willsQuery(clientWills(user.id), { silent: true }).queryFn(),
      history: clientPaymentHistory(user.id, { silent: true }).queryFn(),
      grantRequests: grantsQuery('pending', { silent: true }).queryFn(),
      hibahsInProcess: hibahsInProcessQuery(user.id, { silent: true }).queryFn(),
    };
    for (const p of Object.values(answers)) p.catch(() => undefined);
    void import('./prefetch.ts').then((m) => m.seedClientDashboard(user.id, answers)).catch(() => undefined);
  }
  return undefined;
};

/** Routes of the dashboard feature. */
export const dashboardRoutes: FeatureRoutes = {
  public: [],
  private: [
    {
      path: '/dashboard',
      loader: guarded(requireActiveAccess, requireSignature, prefetchForClient),
      lazy: async () => ({ Component: (await import('./DashboardPage.tsx')).DashboardPage }),
    },
    {
      path: '/dashboard/agent',
      loader: guarded(requireActiveAccess, agentOnly, requireSignature),
      lazy: async () => ({ Component: (await import('./DashboardPage.tsx')).AgentDashboardPage }),
    },
    // /dashboard/wills (spec §2) is the list of the wills the user may see, /wasiat/list (ADR 0062).
    { path: '/dashboard/wills', element: <Navigate to="/wasiat/list" replace /> },
  ],
};
