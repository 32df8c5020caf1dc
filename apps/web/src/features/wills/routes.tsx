/**
 * Routes of the wills feature (spec §2 "Will" and "Verification lists"), all behind login:
 * the wizard /wasiat/part-a … part-g, /wasiat/part-payment, /wasiat/document, /wasiat/ekyc inside the wizard frame;
 * /wasiat/list; /wasiat/{wasiat_id}/details, /IC, /receipt; and the staff verification pages
 * /wasiat/pengesahan/pendaftaran, /wasiat/pengesahan/list-pendaftaran, /wasiat/pengesahan/{wasiat_id}; and, public,
 * /wasiat/pautan/{wasiat_id}/{link_id} (the testator's signed link; ADR 0298).
 * Pages are code-split (`lazy`).
 */
import { roleOf } from '@wasiat/domain';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import type { FeatureRoutes } from '@/app/routes-types.ts';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import type { WizardAnswer } from './prefetch.ts';
import type { Page, Will } from './types.ts';

const part = (path: string, load: () => Promise<{ Component: React.ComponentType }>): RouteObject => ({
  path,
  lazy: load,
});

/**
 * A client's wizard asks for its will as the route starts, beside the session check: `GET /api/wasiat/{id}` for
 * `?wasiat_id=`, else `GET /api/wasiat?user_id=…` (prefetch.ts then asks for the open will it finds and puts the
 * answers in the cache; ADR 0210). Other roles pick a client in part A first. Never redirects.
 */
export function prefetchWizardWill({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  const user = session.user();
  if (!session.token() || !user || roleOf(user) !== 'Client') return null;
  const wasiatId = new URL(request.url).searchParams.get('wasiat_id');
  // sent now, with the first load's API client; silent: the wizard shows a failure when it asks again
  let answer: WizardAnswer;
  if (wasiatId !== null) {
    answer = { wasiatId, will: api.get<{ wasiat: Will }>(`wasiat/${wasiatId}`, undefined, { silent: true }) };
    answer.will.catch(() => undefined);
  } else {
    answer = {
      wasiatId,
      wills: api.get<{ wasiats: Page<Will> }>('wasiat', { user_id: user.id, limit: 50 }, { silent: true }),
    };
    answer.wills.catch(() => undefined);
  }
  void import('./prefetch.ts').then((m) => m.seedWizardWill(user.id, answer)).catch(() => undefined);
  return null;
}

const wizard: RouteObject = {
  // The early request is for the first render only: moving between parts (or the wizard writing `?wasiat_id=`)
  // does not ask again.
  loader: prefetchWizardWill,
  shouldRevalidate: () => false,
  lazy: async () => ({ Component: (await import('./components/WizardLayout.tsx')).WizardLayout }),
  children: [
    part('/wasiat/part-a', async () => ({ Component: (await import('./parts/PartA.tsx')).PartA })),
    part('/wasiat/part-b', async () => ({ Component: (await import('./parts/PartB.tsx')).PartB })),
    part('/wasiat/part-payment', async () => ({ Component: (await import('./parts/PartPayment.tsx')).PartPayment })),
    part('/wasiat/part-c', async () => ({ Component: (await import('./parts/PartC.tsx')).PartC })),
    part('/wasiat/document', async () => ({ Component: (await import('./parts/PartDocument.tsx')).PartDocument })),
    part('/wasiat/ekyc', async () => ({ Component: (await import('./parts/PartEkyc.tsx')).PartEkyc })),
    part('/wasiat/part-d', async () => ({ Component: (await import('./parts/PartD.tsx')).PartD })),
    part('/wasiat/part-e', async () => ({ Component: (await import('./parts/PartE.tsx')).PartE })),
    part('/wasiat/part-f', async () => ({ Component: (await import('./parts/PartF.tsx')).PartF })),
    part('/wasiat/part-g', async () => ({ Component: (await import('./parts/PartG.tsx')).PartG })),
  ],
};

/** Routes of the wills feature. */
export const willsRoutes: FeatureRoutes = {
  public: [
    // The testator's signed link: read the draft, declare and sign on their own device (ADR 0298).
    {
      path: '/wasiat/pautan/:wasiat_id/:link_id',
      lazy: async () => ({ Component: (await import('./pages/TestatorLinkPage.tsx')).TestatorLinkPage }),
    },
  ],
  private: [
    wizard,
    { path: '/wasiat', element: <Navigate to="/wasiat/part-a" replace /> },
    {
      path: '/wasiat/list',
      lazy: async () => ({ Component: (await import('./pages/WillListPage.tsx')).WillListPage }),
    },
    {
      path: '/wasiat/pengesahan/pendaftaran',
      lazy: async () => ({ Component: (await import('./pages/VerificationOrgsPage.tsx')).VerificationOrgsPage }),
    },
    {
      path: '/wasiat/pengesahan/list-pendaftaran',
      lazy: async () => ({ Component: (await import('./pages/WillListPage.tsx')).VerificationListPage }),
    },
    {
      path: '/wasiat/pengesahan/:wasiat_id',
      lazy: async () => ({ Component: (await import('./pages/WillDetailsPage.tsx')).WillReviewPage }),
    },
    {
      path: '/wasiat/:wasiat_id/details',
      lazy: async () => ({ Component: (await import('./pages/WillDetailsPage.tsx')).WillDetailsPage }),
    },
    {
      path: '/wasiat/:wasiat_id/IC',
      lazy: async () => ({ Component: (await import('./pages/WillICPage.tsx')).WillICPage }),
    },
    {
      path: '/wasiat/:wasiat_id/receipt',
      lazy: async () => ({ Component: (await import('./pages/WillReceiptPage.tsx')).WillReceiptPage }),
    },
  ],
};
