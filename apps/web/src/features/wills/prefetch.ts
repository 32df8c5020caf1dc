/**
 * A client's will wizard asks for its will as the route starts, beside the session check (issue 18 item 4): the
 * route's loader sends the first request at once with the API client of the first load (routes.tsx), and this
 * module, loaded beside the wizard, puts the answers in the app's query cache under the keys the wizard reads
 * (`seedQuery`, lib/query.tsx; ADR 0210). Without `?wasiat_id=` it also asks for the will it finds, so the
 * wizard's first render has its will instead of two requests, one after the other, after it.
 */
import { api } from '@/lib/api.ts';
import { seedQuery } from '@/lib/query.tsx';
import { latestOpenKey, pickLatestOpenWill, willKey } from './hooks/useWill.ts';
import type { Page, Will } from './types.ts';

/** The wizard's early request, already sent: the will of `?wasiat_id=`, or the client's wills. */
export type WizardAnswer =
  | { wasiatId: string; will: Promise<{ wasiat: Will }> }
  | { wasiatId: null; wills: Promise<{ wasiats: Page<Will> }> };

/**
 * Put the answers in the cache: the will (`GET /api/wasiat/{id}`) under `willKey(id)`, and without `?wasiat_id=`
 * the client's latest open will (from `GET /api/wasiat?user_id=…`) under `latestOpenKey`, then that will. A failed
 * answer leaves its query in error, and the wizard asks again.
 * @param userId the stored session's user (a client)
 * @param answer the early request
 */
export async function seedWizardWill(userId: string, answer: WizardAnswer): Promise<void> {
  if (answer.wasiatId !== null) {
    await seedQuery(
      willKey(answer.wasiatId),
      answer.will.then((r) => r.wasiat),
    );
    return;
  }
  const latest = answer.wills.then((r) => pickLatestOpenWill(r.wasiats?.data ?? []));
  await seedQuery(latestOpenKey(userId), latest);
  const will = await latest.catch(() => null);
  if (will) {
    const one = api.get<{ wasiat: Will }>(`wasiat/${will.id}`, undefined, { silent: true });
    await seedQuery(
      willKey(will.id),
      one.then((r) => r.wasiat),
    );
  }
}
