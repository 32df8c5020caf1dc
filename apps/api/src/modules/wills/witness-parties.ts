/**
 * A will's parties as the witness rule reads them (issue 41 item 2; ADR 0259; the rule itself is the domain's
 * `witnessRefusal`, applied by the instruments module): the testator (account and particulars), the heirs, the
 * receivers of property shares and the beneficiaries of bequests, the guardians (a relationship may record a
 * spouse), the executor as a person (an individual partner organisation) and the other witnesses.
 * Used when a witness is added or changed (witnesses.ts) and again when the will is submitted (transitions.ts):
 * an heir or receiver added after the witnesses is caught there.
 */
import type { WitnessParties } from '@wasiat/domain';
import { and, eq, ne } from 'drizzle-orm';
import { bequests, caretakers, heirs, receivers, users, will_user_details, witnesses } from '../../db/schema/index.ts';
import { assertWitnessMayWitness, executorMykads, firstWitnessProblem } from '../instruments/index.ts';
import type { WillRow } from './queries.ts';
import type { Conn } from './service.ts';

/** The parties of will `will` (see the file comment), without its witnesses. */
async function willWitnessParties(tx: Conn, will: WillRow): Promise<WitnessParties> {
  const [owner] = await tx.select({ ic: users.ic_number }).from(users).where(eq(users.id, will.user_id));
  const [detail] = await tx
    .select({ ic: will_user_details.ic_number })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, will.id));
  const person = { ic_number: heirs.ic_number, relationship: heirs.relationship };
  const heirRows = await tx
    .select(person)
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, will.id)));
  const receiverRows = await tx
    .select({ ic_number: receivers.ic_number, relationship: receivers.relationship })
    .from(receivers)
    .where(and(eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, will.id)));
  const bequestRows = await tx
    .select({ ic_number: bequests.ic_number, relationship: bequests.relationship })
    .from(bequests)
    .where(eq(bequests.wasiat_id, will.id));
  const caretakerRows = await tx
    .select({ ic_number: caretakers.ic_number, relationship: caretakers.relationship })
    .from(caretakers)
    .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, will.id)));
  return {
    principals: [owner?.ic, detail?.ic],
    heirs: heirRows,
    receivers: [...receiverRows, ...bequestRows],
    others: caretakerRows,
    executors: await executorMykads(tx, will.organization_id),
  };
}

/** The will's witnesses (MyKad and spouse's MyKad), all or all but `exceptId`, oldest first. */
async function witnessesOf(tx: Conn, willId: string, exceptId?: string) {
  return tx
    .select({ ic_number: witnesses.ic_number, spouse_ic_number: witnesses.spouse_ic_number })
    .from(witnesses)
    .where(
      and(
        eq(witnesses.witnessable_type, 'Wasiat'),
        eq(witnesses.witnessable_id, willId),
        exceptId ? ne(witnesses.id, exceptId) : undefined,
      ),
    )
    .orderBy(witnesses.created_at);
}

/**
 * Refuse witness `w` of `will` (422 on `ic_number` or `spouse_ic_number`, domain rule; the message names the
 * reason in the request's language). `exceptId`: the witness being changed (not their own duplicate).
 */
export async function checkWillWitness(
  tx: Conn,
  will: WillRow,
  w: { ic_number: string; spouse_ic_number?: string | null },
  exceptId?: string,
) {
  const parties = await willWitnessParties(tx, will);
  const others = (await witnessesOf(tx, will.id, exceptId)).map((x) => x.ic_number);
  assertWitnessMayWitness(w, { ...parties, witnesses: others }, 'will');
}

/** The message key of the first witness of `will` the rule refuses now, or null (the submission's check). */
export async function willWitnessProblem(tx: Conn, will: WillRow): Promise<string | null> {
  const list = await witnessesOf(tx, will.id);
  if (list.length === 0) return null;
  return firstWitnessProblem(list, await willWitnessParties(tx, will), 'will');
}
