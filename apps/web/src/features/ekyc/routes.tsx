/**
 * Routes of the eKYC feature (issue 3; reference §3.1 Part D): /ekyc/review, the staff page for manual
 * eKYC reviews. The server refuses (403) a role without `ekyc:review`; the menu entry is shown only to
 * roles with it (app/layout/nav.ts). Public (no login; the signed link of an agent, ADR 0091): /ekyc and
 * /ekyc/validation.
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

export const ekycRoutes: FeatureRoutes = {
  public: [
    { path: '/ekyc', lazy: async () => ({ Component: (await import('./PublicEkycPage.tsx')).PublicEkycPage }) },
    {
      path: '/ekyc/validation',
      lazy: async () => ({ Component: (await import('./PublicValidationPage.tsx')).PublicValidationPage }),
    },
  ],
  private: [
    {
      path: '/ekyc/review',
      lazy: async () => ({ Component: (await import('./ReviewPage.tsx')).EkycReviewPage }),
    },
  ],
};
