/**
 * Routes of the profile feature (spec §2 Account and dashboard; issue 6), all behind login:
 * /profile, /profile-edit, /profile-create (→ /profile-edit: every account already exists when logged in),
 * /access-request and /access-pending (spec §6 access request and its notice; ADR 0014),
 * /dashboard/staff (staff of the caller's organisation and pending approvals), /template (ADR 0014).
 */
import { redirect } from 'react-router';
import { guarded, requireActiveAccess } from '@/app/guards.ts';
import type { FeatureRoutes } from '@/app/routes-types.ts';

const pages = async () => import('./ProfilePages.tsx');
const access = async () => import('./AccessPages.tsx');

/** Routes of the profile feature. */
export const profileRoutes: FeatureRoutes = {
  public: [],
  private: [
    { path: '/profile', lazy: async () => ({ Component: (await pages()).ProfilePage }) },
    { path: '/profile-edit', lazy: async () => ({ Component: (await pages()).ProfileEditPage }) },
    { path: '/profile-create', loader: () => redirect('/profile-edit') },
    { path: '/access-request', lazy: async () => ({ Component: (await access()).AccessRequestPage }) },
    { path: '/access-pending', lazy: async () => ({ Component: (await access()).AccessPendingPage }) },
    {
      path: '/dashboard/staff',
      loader: guarded(requireActiveAccess),
      lazy: async () => ({ Component: (await access()).StaffDashboardPage }),
    },
    {
      path: '/template',
      loader: guarded(requireActiveAccess),
      lazy: async () => ({ Component: (await pages()).TemplatePage }),
    },
  ],
};
