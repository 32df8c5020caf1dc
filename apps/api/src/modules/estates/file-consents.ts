/**
 * The consent records as the estate file reads them (issue 40 items 4–5; ADRs 0274, 0275, 0282): the latest
 * decision per estate heir and bequest (`estate_consents`) and the heirs estate staff marked under guardianship
 * (`estate_heir_wards`). An estate heir is a will's heirs row or an heir added on the file (its change id;
 * migration 0058). Read here, in the estates module, so that the consents module can take its figures from the
 * estate file (one source) without a cycle between the two.
 */
import type { BequestRef, EstateConsent } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import { estate_consents, estate_heir_wards } from '../../db/schema/index.ts';
import type { Conn } from './policy.ts';

/**
 * The latest decision per heir and bequest of report `reportId` (domain `EstateConsent`; decisions are final, so
 * there is one). An unknown report, or one without decisions: `[]`.
 */
export async function consentsOf(db: Conn, reportId: string): Promise<EstateConsent[]> {
  const rows = await db
    .select()
    .from(estate_consents)
    .where(eq(estate_consents.death_report_id, reportId))
    .orderBy(desc(estate_consents.decided_at), desc(estate_consents.created_at));
  const seen = new Set<string>();
  const out: EstateConsent[] = [];
  for (const r of rows) {
    const key = `${r.heir_id}|${r.bequest_ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      bequest_ref: r.bequest_ref as BequestRef,
      heir_id: r.heir_id,
      decision: r.decision as EstateConsent['decision'],
      decided_at: r.decided_at.toISOString(),
    });
  }
  return out;
}

/** The heirs of report `reportId` that estate staff marked under guardianship (estate heir ids; ADR 0275). */
export async function wardsOf(db: Conn, reportId: string): Promise<string[]> {
  const rows = await db
    .select({ heir_id: estate_heir_wards.heir_id })
    .from(estate_heir_wards)
    .where(and(eq(estate_heir_wards.death_report_id, reportId), eq(estate_heir_wards.under_guardianship, true)));
  return rows.map((r) => r.heir_id);
}
