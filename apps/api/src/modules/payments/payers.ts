/**
 * Who pays for payables, read in batches (issue 7 receipts; issue 42: the payment queue, the payer's history and
 * the SOA read a page of payments' payers in a fixed number of statements, not one or three per row).
 *
 * Each payable kind says, for many of its records at once, whose account pays and what the record's number is
 * (`PayableKind.payers`); this module adds the accounts' name, MyKad, e-mail and mobile in one query. So every kind
 * gets the same payer rules (a name or MyKad the kind records itself wins over the account's) by construction.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type PayerInfo, payableKind } from './payables.ts';

/** A payment's payable, as `payments` rows name it. */
interface PayableRef {
  paymentable_type: string;
  paymentable_id: string;
}

/** Key of a payable in the maps below. */
export const payableKey = (type: string, id: string) => `${type}:${id}`;

/**
 * The payers of records of one kind: `id → PayerInfo`. Records the kind does not know, a kind not registered or
 * without `payers`, are absent from the map.
 * Statements: the kind's one (or two) plus one for the accounts; none for no ids.
 */
async function payerInfos(db: Db, type: string, ids: readonly string[]): Promise<Map<string, PayerInfo>> {
  const out = new Map<string, PayerInfo>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  let kind: ReturnType<typeof payableKind>;
  try {
    kind = payableKind(type);
  } catch {
    return out;
  }
  if (!kind.payers) return out;
  const records = await kind.payers(db, unique);
  const userIds = [...new Set(records.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const accounts = userIds.length
    ? await db
        .select({
          id: users.id,
          name: users.name,
          ic: users.ic_number,
          email: users.email,
          mobile: users.mobile_number,
        })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  for (const r of records) {
    const u = r.userId ? byId.get(r.userId) : undefined;
    out.set(r.id, {
      name: r.name || u?.name || '',
      ic: (r.ic || u?.ic) ?? null,
      email: u?.email ?? null,
      mobile: u?.mobile ?? null,
      plan: r.plan ?? null,
      item: r.item,
    });
  }
  return out;
}

/** The payer of one record ({@link payerInfos}); undefined when the kind or the record is unknown. */
export async function payerInfo(db: Db, type: string, id: string): Promise<PayerInfo | undefined> {
  return (await payerInfos(db, type, [id])).get(id);
}

/**
 * The payers of the payables of a page of payments, grouped by kind: one batch per kind present.
 * @returns `payableKey(type, id) → PayerInfo`.
 */
export async function payersOfPayments(db: Db, rows: readonly PayableRef[]): Promise<Map<string, PayerInfo>> {
  const byType = new Map<string, string[]>();
  for (const r of rows) byType.set(r.paymentable_type, [...(byType.get(r.paymentable_type) ?? []), r.paymentable_id]);
  const out = new Map<string, PayerInfo>();
  for (const [type, ids] of byType) {
    for (const [id, info] of await payerInfos(db, type, ids)) out.set(payableKey(type, id), info);
  }
  return out;
}
