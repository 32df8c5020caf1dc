/**
 * Routes of the dashboard feature (spec §2): /dashboard and /dashboard/agent, private and guarded by
 * `requireActiveAccess` (a user whose access is pending sees only /access-pending) and `requireSignature`
 * (a non-Client without a saved signature goes to /signature). /dashboard/agent is
 * for Agents; any other role is sent to /dashboard (ADR: "/dashboard/agent is the Agent's dashboard").
 */
import { roleOf } from '@wasiat/domain';
import { Navigate, redirect } from 'react-router';
import { type Check, guarded, requireActiveAccess, requireSignature } from '@/app/guards.ts';
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { session } from '@/app/storage.ts';

/** /dashboard/agent is the Agent's dashboard; every other role (and the root redirect) lands on /dashboard. */
export const agentOnly: Check = () => (roleOf(session.user()) === 'Agent' ? undefined : redirect('/dashboard'));

/** Routes of the dashboard feature. */
export const dashboardRoutes: FeatureRoutes = {
  public: [],
  private: [
    {
      path: '/dashboard',
      loader: guarded(requireActiveAccess, requireSignature),
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
