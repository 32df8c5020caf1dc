/**
 * Who may read the images of an eKYC attempt (attachments of kind "EkycAttempt": the selfie and the MyKad
 * front it was compared with) through `GET /attachment/{id}/file` (issue 21 item 7, ADR 0147): the user
 * whose face it was, and eKYC reviewers (`ekyc:review`) who act for that client (grants `actsForClient`).
 * Anyone else: 404.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ekyc_attempts } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { actsForClient } from '../grants/index.ts';

/** The attempt `id` when the caller may see its images. @throws 404 otherwise. */
export async function attemptVisible(db: Db, me: AuthUser, id: string) {
  const reviewer = userCan(me, 'ekyc:review');
  const [a] = await db
    .select({ id: ekyc_attempts.id, user: ekyc_attempts.user_id })
    .from(ekyc_attempts)
    .where(and(eq(ekyc_attempts.id, id), actsForClient(me, ekyc_attempts.user_id)));
  if (!a || (a.user !== me.id && !reviewer)) throw notFound();
  return a;
}
