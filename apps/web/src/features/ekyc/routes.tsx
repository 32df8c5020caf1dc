/**
 * Routes of the eKYC feature (issue 3; reference §3.1 Part D):
 * - /ekyc/review: the staff page for manual eKYC reviews. The server refuses (403) a role without
 *   `ekyc:review`; the menu entry is shown only to roles with it (app/layout/nav.ts).
 * - /ekyc and /ekyc/validation (EkycEntry.tsx): the public pages of an agent's signed link (ADR 0091), or,
 *   for a logged-in user, their own eKYC and its result (spec §2; UserEkycPages.tsx).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { EkycPage, EkycShell, ekycEntryLoader } from './EkycEntry.tsx';

export const ekycRoutes: FeatureRoutes = {
  root: [
    {
      path: '/ekyc',
      loader: ekycEntryLoader,
      element: <EkycShell />,
      children: [
        {
          index: true,
          lazy: async () => {
            const [{ PublicEkycPage }, { UserEkycPage }] = await Promise.all([
              import('./PublicEkycPage.tsx'),
              import('./UserEkycPages.tsx'),
            ]);
            return { Component: () => <EkycPage publicPage={<PublicEkycPage />} userPage={<UserEkycPage />} /> };
          },
        },
        {
          path: 'validation',
          lazy: async () => {
            const [{ PublicValidationPage }, { UserValidationPage }] = await Promise.all([
              import('./PublicValidationPage.tsx'),
              import('./UserEkycPages.tsx'),
            ]);
            return {
              Component: () => <EkycPage publicPage={<PublicValidationPage />} userPage={<UserValidationPage />} />,
            };
          },
        },
      ],
    },
  ],
  private: [
    {
      path: '/ekyc/review',
      lazy: async () => ({ Component: (await import('./ReviewPage.tsx')).EkycReviewPage }),
    },
  ],
};
