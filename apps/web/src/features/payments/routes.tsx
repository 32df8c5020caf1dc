/**
 * Routes of the payments feature (issue 7): /dashboard/payments, the confirmation queue of manual
 * payments for roles with `payment:confirm` (the server refuses others with 403; the menu entry is shown
 * only to those roles, app/layout/nav.ts). The payment part itself lives in the will wizard, and
 * /payment-status in the public feature.
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

export const paymentsRoutes: FeatureRoutes = {
  public: [],
  private: [
    {
      path: '/dashboard/payments',
      lazy: async () => ({ Component: (await import('./PaymentConfirmationsPage.tsx')).PaymentConfirmationsPage }),
    },
  ],
};
