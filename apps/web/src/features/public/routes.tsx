/**
 * Public routes of the will service (spec §2 "Public"): the will verification pages
 * /public/wasiat/{wasiat_id} and /wasiat-verification/{wasiat_id}/details, and /payment-status where the
 * payment gateway returns; /pdpa (the personal data notice), /bantuan/tandatangan-wasiat (the will's signature
 * and executing it by hand) and /verification/{wasiat_id}/success (after a
 * testator confirms through an agent's link). No login needed; calls use the public client.
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

const publicWill = async () => ({ Component: (await import('./PublicWillPage.tsx')).PublicWillPage });

/** Routes of the public feature. */
export const publicRoutes: FeatureRoutes = {
  public: [
    { path: '/public/wasiat/:wasiat_id', lazy: publicWill },
    { path: '/wasiat-verification/:wasiat_id/details', lazy: publicWill },
    { path: '/pdpa', lazy: async () => ({ Component: (await import('./PdpaPage.tsx')).PdpaPage }) },
    // What the will's screen signature is, and executing the will by hand (issue 41 item 1; ADR 0266).
    {
      path: '/bantuan/tandatangan-wasiat', // components/SignatureLaw.tsx links here
      lazy: async () => ({ Component: (await import('./SignatureHelpPage.tsx')).SignatureHelpPage }),
    },
    {
      path: '/verification/:wasiat_id/success',
      lazy: async () => ({ Component: (await import('./VerificationSuccessPage.tsx')).VerificationSuccessPage }),
    },
    {
      path: '/payment-status',
      lazy: async () => ({ Component: (await import('./PaymentStatusPage.tsx')).PaymentStatusPage }),
    },
  ],
  private: [],
};
