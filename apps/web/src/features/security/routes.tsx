/**
 * Routes of the security feature (issue 11):
 * - the second step of a staff login (ADR 0081): /login/two-factor and /login/two-factor/enrol (public: the
 *   login is not finished yet);
 * - /profile/two-factor: the caller's second factor and new recovery codes (ADR 0081);
 * - personal data (ADR 0083): /profile/data (any logged-in user) and /data-requests (data-request:handle; other
 *   roles get the not-found page by app/page-access.ts).
 */
import { guarded, redirectIfAuthenticated } from '@/app/guards.ts';
import type { FeatureRoutes } from '@/app/routes-types.ts';

const twoFactor = async () => import('./TwoFactorPages.tsx');
const personalData = async () => import('./PersonalDataPages.tsx');
const guestOnly = guarded(redirectIfAuthenticated);

/** Routes of the security feature. */
export const securityRoutes: FeatureRoutes = {
  public: [
    {
      path: '/login/two-factor',
      loader: guestOnly,
      lazy: async () => ({ Component: (await twoFactor()).TwoFactorPage }),
    },
    {
      path: '/login/two-factor/enrol',
      loader: guestOnly,
      lazy: async () => ({ Component: (await twoFactor()).TwoFactorEnrolPage }),
    },
  ],
  private: [
    { path: '/profile/data', lazy: async () => ({ Component: (await personalData()).ProfileDataPage }) },
    { path: '/profile/two-factor', lazy: async () => ({ Component: (await twoFactor()).TwoFactorSettingsPage }) },
    {
      path: '/data-requests',
      lazy: async () => ({ Component: (await personalData()).DataRequestsPage }),
    },
  ],
};
