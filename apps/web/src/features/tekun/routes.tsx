/**
 * Routes of the TEKUN programme (spec §2 Other: /tekun/upload/list, /tekun/wasiat/list,
 * /tekun/report/monthly; "certificate verification"; issue 10), behind login. Also /tekun/upload (the
 * upload form with its per-row result), /tekun/upload/{upload_id} and /tekun/certificate/verification.
 */
import type { FeatureRoutes } from '@/app/routes-types.ts';

const uploads = async () => import('./UploadPages.tsx');

export const tekunRoutes: FeatureRoutes = {
  public: [],
  private: [
    { path: '/tekun/upload/list', lazy: async () => ({ Component: (await uploads()).UploadListPage }) },
    { path: '/tekun/upload', lazy: async () => ({ Component: (await uploads()).UploadPage }) },
    { path: '/tekun/upload/:upload_id', lazy: async () => ({ Component: (await uploads()).UploadDetailPage }) },
    {
      path: '/tekun/certificate/verification',
      lazy: async () => ({ Component: (await import('./VerificationPage.tsx')).VerificationPage }),
    },
    {
      path: '/tekun/wasiat/list',
      lazy: async () => ({ Component: (await import('./WillsPage.tsx')).ProgrammeWillsPage }),
    },
    {
      path: '/tekun/report/monthly',
      lazy: async () => ({ Component: (await import('./ReportPage.tsx')).TekunReportPage }),
    },
  ],
};
