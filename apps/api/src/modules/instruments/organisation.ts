/**
 * The organisation side of an instrument (will, hibah or trust, and their amendments): the organisation's
 * preference row and the provider's defaults for a client who registers alone. The same rule for every kind
 * (spec §3 "Organisation preference"; reference §3.1 Part B, §3.4), so one function each (issue 34 "One
 * instrument"; ADR 0230).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, preferences } from '../../db/schema/index.ts';

/** Either the database or a transaction handle of {@link Db}. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The organisation's preference row (`preferences`, one per organisation), or null when it has none or no
 * organisation is given: then the schema's defaults apply (everything allowed, no limits).
 */
export async function preferenceOf(db: Conn, orgId: string | null) {
  if (!orgId) return null;
  const [p] = await db.select().from(preferences).where(eq(preferences.organization_id, orgId));
  return p ?? null;
}

/**
 * The provider organisation (code 'PROVIDER') and its headquarters branch: the organisation and branch of an
 * instrument a client starts alone. Ids are null when the provider or its headquarters does not exist.
 * @returns `{ organization_id, branch_id }`.
 */
export async function providerDefaults(db: Conn) {
  const [row] = await db
    .select({ org: organizations.id, branch: branches.id })
    .from(organizations)
    .leftJoin(branches, and(eq(branches.organization_id, organizations.id), eq(branches.is_headquarter, true)))
    .where(eq(organizations.code, 'PROVIDER'))
    .limit(1);
  return { organization_id: row?.org ?? null, branch_id: row?.branch ?? null };
}
