/** Routes of the clients feature (spec §2 "Clients"): /client, /client/pending, /client/{client_id},
 * /client/{client_id}/edit; behind login. */
import type { FeatureRoutes } from '@/app/routes-types.ts';

const pages = async () => import('./ClientPages.tsx');

/** Routes of the clients feature. */
export const clientsRoutes: FeatureRoutes = {
  public: [],
  private: [
    { path: '/client', lazy: async () => ({ Component: (await pages()).ClientListPage }) },
    { path: '/client/pending', lazy: async () => ({ Component: (await pages()).PendingAccessPage }) },
    { path: '/client/:client_id', lazy: async () => ({ Component: (await pages()).ClientPage }) },
    {
      path: '/client/:client_id/edit',
      lazy: async () => ({ Component: (await import('./ClientEditPage.tsx')).ClientEditPage }),
    },
  ],
};
