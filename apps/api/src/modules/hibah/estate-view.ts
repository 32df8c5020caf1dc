/**
 * A deceased grantor's hibahs as the estate file reads them (issue 40 item 4; ADR 0274): each hibah's number,
 * product, status, receivers with whether they accepted (signed, a minor through the caretaker), its property with
 * the values in sen, and the trust ledger's balance (the delivery to the trustee; null for products without a
 * ledger). Read for a caller whose right to the estate the estates module has already decided — no scope of this
 * module applies. Placeholders (status -1) are left out. Whether a hibah is complete: domain `hibahState`.
 */
import { HIBAH_STATUS, LEDGER_HIBAH_TYPES } from '@wasiat/domain';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { hibah_asset_transactions, hibah_properties, hibah_receivers, hibahs } from '../../db/schema/index.ts';
import type { Conn } from './access.ts';

/** One hibah of the deceased (see the module comment). */
export interface DeceasedHibah {
  id: string;
  hibah_number: string | null;
  hibah_type: number;
  status: number;
  registered_at: Date | null;
  receivers: { name: string; relationship: string; accepted: boolean }[];
  properties: { kind: string; description: string; value_sen: number | null }[];
  ledger_balance_sen: number | null;
}

/** The hibahs `grantorId` made, oldest first (see the module comment). */
export async function hibahsOfDeceased(db: Conn, grantorId: string): Promise<DeceasedHibah[]> {
  const rows = await db
    .select()
    .from(hibahs)
    .where(and(eq(hibahs.user_id, grantorId), ne(hibahs.status, HIBAH_STATUS.placeholder)))
    .orderBy(asc(hibahs.created_at));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const recs = await db.select().from(hibah_receivers).where(inArray(hibah_receivers.hibah_id, ids));
  const props = await db.select().from(hibah_properties).where(inArray(hibah_properties.hibah_id, ids));
  const out: DeceasedHibah[] = [];
  for (const h of rows) {
    let ledger: number | null = null;
    if ((LEDGER_HIBAH_TYPES as readonly number[]).includes(h.hibah_type)) {
      const [last] = await db
        .select({ balance: hibah_asset_transactions.balance_after_sen })
        .from(hibah_asset_transactions)
        .where(eq(hibah_asset_transactions.hibah_id, h.id))
        .orderBy(desc(hibah_asset_transactions.seq))
        .limit(1);
      ledger = last?.balance ?? 0;
    }
    out.push({
      id: h.id,
      hibah_number: h.hibah_number,
      hibah_type: h.hibah_type,
      status: h.status,
      registered_at: h.registered_at,
      receivers: recs
        .filter((r) => r.hibah_id === h.id)
        .map((r) => ({ name: r.name, relationship: r.relationship, accepted: r.signed_at !== null })),
      properties: props
        .filter((p) => p.hibah_id === h.id)
        .map((p) => ({
          kind: p.kind,
          description: [p.property_type, p.institution_name, p.account_number ?? p.property_no ?? p.address]
            .filter(Boolean)
            .join(' — '),
          value_sen: p.value_sen,
        })),
      ledger_balance_sen: ledger,
    });
  }
  return out;
}
