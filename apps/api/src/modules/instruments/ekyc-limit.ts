/**
 * The eKYC attempt limit (issue 3 "After the attempt limit (default 3, configurable per organisation)";
 * spec §8 "eKYC attempt limit reached: contact the provider"): the organisation's preference
 * `ekyc_max_attempts` when set, else `EKYC_MAX_ATTEMPTS` (default 3).
 */
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preferences } from '../../db/schema/index.ts';

/** Attempts allowed for a will/hibah of `organizationId` (null: the default). */
export async function maxAttemptsFor(
  ctx: Pick<Ctx, 'env'> & { db: Db },
  organizationId: string | null | undefined,
): Promise<number> {
  if (organizationId) {
    const [p] = await ctx.db
      .select({ n: preferences.ekyc_max_attempts })
      .from(preferences)
      .where(eq(preferences.organization_id, organizationId));
    if (p?.n && p.n > 0) return p.n;
  }
  return ctx.env.EKYC_MAX_ATTEMPTS;
}
