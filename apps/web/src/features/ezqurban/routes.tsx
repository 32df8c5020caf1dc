/**
 * Routes of ezQurban (spec §2 Other: /ezqurban/transaction/list, /ezqurban/fund-transfer/list,
 * /ezqurban/report/monthly; issue 10), behind login; plus /ezqurban/purchase (the purchase form).
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

const tx = async () => import('./TransactionPages.tsx');

export const ezqurbanRoutes: FeatureRoutes = {
  public: [],
  private: [
    { path: '/ezqurban/transaction/list', lazy: async () => ({ Component: (await tx()).TransactionListPage }) },
    { path: '/ezqurban/purchase', lazy: async () => ({ Component: (await tx()).PurchasePage }) },
    {
      path: '/ezqurban/fund-transfer/list',
      lazy: async () => ({ Component: (await import('./FundTransferPage.tsx')).FundTransferPage }),
    },
    {
      path: '/ezqurban/report/monthly',
      lazy: async () => ({ Component: (await import('./ReportPage.tsx')).QurbanReportPage }),
    },
  ],
};
