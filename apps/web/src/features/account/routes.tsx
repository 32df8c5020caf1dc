/**
 * Routes of the account feature (spec §2 "Account"): /change-password, /signature, /profile/signature.
 * All are private: the router puts them behind loadSession → requireAuth → loadPreference.
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

/** Routes of the account feature. */
export const accountRoutes: FeatureRoutes = {
  public: [],
  private: [
    {
      path: '/change-password',
      lazy: async () => ({ Component: (await import('./ChangePasswordPage.tsx')).ChangePasswordPage }),
    },
    {
      path: '/signature',
      lazy: async () => ({ Component: (await import('./SignaturePage.tsx')).ForcedSignaturePage }),
    },
    {
      path: '/profile/signature',
      lazy: async () => ({ Component: (await import('./SignaturePage.tsx')).ProfileSignaturePage }),
    },
  ],
};
