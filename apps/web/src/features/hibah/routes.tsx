/**
 * Routes of the hibah feature (spec §2 Trusts and trust verification lists): product lists, the three
 * wizards with parts a–i, signpenerima and draft, the one-cent redeem page and the staff's one-cent codes
 * (/trust-onecent/codes, ADR 0028; registered before the wizards' `/trust-onecent/part-*`), the staff verification lists,
 * and the public pages for receivers, witnesses and certificate verification. Code-split with `lazy`.
 */
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { PARTS, type Part } from './parts.ts';

const wizardRoutes = (base: string): RouteObject[] =>
  ([...PARTS, 'signpenerima', 'draft'] as Part[]).map((part) => ({
    path: `${base}/part-${part}`,
    lazy: async () => {
      const { WizardPage } = await import('./pages/WizardPage.tsx');
      return { Component: () => <WizardPage base={base} part={part} /> };
    },
  }));
const page = (path: string, load: () => Promise<React.ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

/** Routes of the hibah feature. */
export const hibahRoutes: FeatureRoutes = {
  public: [
    page('/hibah/penerima/:id/:pid', async () => (await import('./pages/PublicPages.tsx')).ReceiverSignPage),
    page('/hibah/saksi/:id/:pid', async () => (await import('./pages/PublicPages.tsx')).WitnessConfirmPage),
    page('/public/hibah/:id', async () => (await import('./pages/PublicPages.tsx')).PublicHibahPage),
  ],
  private: [
    page('/hibah/list', async () => (await import('./pages/ListPages.tsx')).HibahListPage),
    page('/trust/list', async () => (await import('./pages/ListPages.tsx')).HibahListPage),
    page('/hibah/list-client', async () => {
      const { HibahListPage } = await import('./pages/ListPages.tsx');
      return () => <HibahListPage own />;
    }),
    page('/hibah/product-list', async () => (await import('./pages/ProductListPage.tsx')).ProductListPage),
    page('/trust/product-list', async () => (await import('./pages/ProductListPage.tsx')).ProductListPage),
    ...wizardRoutes('/trust'),
    ...wizardRoutes('/amanah/harta-pusaka'),
    ...wizardRoutes('/trust-onecent'),
    { path: '/trust', element: <Navigate to="/trust/part-a" replace /> },
    { path: '/amanah/harta-pusaka', element: <Navigate to="/amanah/harta-pusaka/part-a" replace /> },
    { path: '/trust-onecent', element: <Navigate to="/trust-onecent/redeem" replace /> },
    page('/trust-onecent/redeem', async () => (await import('./pages/RedeemPage.tsx')).RedeemPage),
    page('/trust-onecent/codes', async () => (await import('./pages/CouponsPage.tsx')).CouponsPage),
    page('/trust/pengesahan/pendaftaran', async () => {
      const { PendingOrgsPage } = await import('./pages/VerificationPages.tsx');
      return () => <PendingOrgsPage status={2} />;
    }),
    page('/trust/pengesahan/pendaftaran-saksi', async () => {
      const { PendingOrgsPage } = await import('./pages/VerificationPages.tsx');
      return () => <PendingOrgsPage status={4} />;
    }),
    page('/trust/pengesahan/list-pendaftaran', async () => {
      const { PendingListPage } = await import('./pages/VerificationPages.tsx');
      return () => <PendingListPage status={2} />;
    }),
    page('/trust/pengesahan/list-pendaftaran-witness', async () => {
      const { PendingListPage } = await import('./pages/VerificationPages.tsx');
      return () => <PendingListPage status={4} />;
    }),
  ],
};
