/**
 * The client's dashboard asks for its data as the route starts, beside the session check (issue 18 item 4): the
 * route's loader sends the requests at once with the API client of the first load (routes.tsx), and this module,
 * loaded beside the page, puts their answers in the app's query cache under the keys the page reads
 * (`seedQuery`, lib/query.tsx; ADR 0210). The will status (the page's largest text), the transaction history, the
 * access requests and the hibahs in process are then there when the page first renders, and its first mount does
 * not ask for them again. Loaded on demand: TanStack Query is not part of the first load of /login (ADR 0143).
 */

import { type GrantsAnswer, grantsQuery } from '@/features/grants/index.ts';
import { type HibahPage, hibahsInProcessQuery } from '@/features/hibah/index.ts';
import { seedQuery } from '@/lib/query.tsx';
import { clientPaymentHistory, clientWills, willsQuery } from './queries.ts';
import type { PaymentHistory, WillList } from './types.ts';

/** The early requests of a client's dashboard, already sent. */
export interface ClientAnswers {
  /** `GET /api/wasiat?user_id=…&load_with=payment&limit=50` */
  wills: Promise<WillList>;
  /** `GET /api/payment/mine?limit=100` (the transaction history, ADR 0248) */
  history: Promise<PaymentHistory>;
  /** `GET /api/client-grant?limit=50&status=pending` (features/grants) */
  grantRequests: Promise<GrantsAnswer>;
  /** `GET /api/hibah?status=0,1,2,3,4&limit=5&load_with=user,userDetail&user_id=…` (features/hibah) */
  hibahsInProcess: Promise<HibahPage>;
}

/**
 * Put the answers of the client's early requests in the cache. A failed answer leaves its query in error, and the
 * page's own fetch on mount asks again and shows the failure.
 * @param userId the stored session's user (a client)
 * @param answers the requests already sent
 */
export async function seedClientDashboard(userId: string, answers: ClientAnswers): Promise<void> {
  await Promise.all([
    seedQuery(willsQuery(clientWills(userId)).queryKey, answers.wills),
    seedQuery(clientPaymentHistory(userId).queryKey, answers.history),
    seedQuery(grantsQuery('pending').queryKey, answers.grantRequests),
    seedQuery(hibahsInProcessQuery(userId).queryKey, answers.hibahsInProcess),
  ]);
}
