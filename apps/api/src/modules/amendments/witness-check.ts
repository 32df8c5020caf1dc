/**
 * The witness rule of every instrument (issue 41 item 2; ADR 0259; domain `witnessRefusal` through the
 * instruments module) on an amendment's draft: the parties are the draft's (its testator's or grantor's
 * particulars, heirs, receivers, bequest beneficiaries, guardians or caretakers) plus the owner's account MyKad and,
 * for a will, its executor as a person (an individual partner organisation).
 *
 * - {@link assertDraftWitnesses}: when a save carries the witnesses, each is checked (422 on
 *   `witnesses.<i>.ic_number` or `witnesses.<i>.spouse_ic_number`).
 * - {@link draftWitnessProblem}: at submission, every witness again (heirs or receivers may have been added after
 *   them): the message key for 422 on `witnesses`, or null.
 */
import type { WitnessInstrument, WitnessParties } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, wills } from '../../db/schema/index.ts';
import type { HibahContent } from '../hibah/index.ts';
import { assertWitnessMayWitness, executorMykads, firstWitnessProblem } from '../instruments/index.ts';
import type { Conn } from '../wills/index.ts';
import type { WillContent } from './content.ts';
import type { Amendment } from './records.ts';

type Row = Record<string, unknown>;
const party = (r: Row) => ({
  ic_number: (r.ic_number as string | null | undefined) ?? null,
  relationship: (r.relationship as string | null | undefined) ?? null,
});
const candidate = (w: Row) => ({
  ic_number: String(w.ic_number ?? ''),
  spouse_ic_number: (w.spouse_ic_number as string | null | undefined) ?? null,
});

/** The parties of amendment `a`'s draft `d`, and which kind of instrument it amends. */
async function partiesOf(tx: Conn | Db, a: Amendment, d: WillContent | HibahContent) {
  const [owner] = await tx.select({ ic: users.ic_number }).from(users).where(eq(users.id, a.user_id));
  const will = a.amendmentable_type !== 'Hibah';
  let executors: string[] = [];
  if (will) {
    const [w] = await tx.select({ org: wills.organization_id }).from(wills).where(eq(wills.id, a.amendmentable_id));
    executors = await executorMykads(tx, w?.org ?? null);
  }
  const bequests = will ? ((d as WillContent).bequests ?? []) : [];
  const parties: WitnessParties = {
    principals: [owner?.ic, (d.user_detail?.ic_number as string | undefined) ?? null],
    heirs: (d.heirs ?? []).map(party),
    receivers: [...(d.receivers ?? []), ...bequests].map(party),
    others: (d.caretakers ?? []).map(party),
    executors,
  };
  return { parties, kind: (will ? 'will' : 'hibah') as WitnessInstrument };
}

/** Check each witness of draft `d` against the draft's parties and the other witnesses (see the file comment). */
export async function assertDraftWitnesses(tx: Conn | Db, a: Amendment, d: WillContent | HibahContent) {
  const { parties, kind } = await partiesOf(tx, a, d);
  const list = d.witnesses ?? [];
  list.forEach((w, i) => {
    const others = list.filter((_, j) => j !== i).map((x) => String(x.ic_number ?? ''));
    assertWitnessMayWitness(candidate(w), { ...parties, witnesses: others }, kind, `witnesses.${i}.`);
  });
}

/** The message key of the first witness of draft `d` the rule refuses, or null (the submission's check). */
export async function draftWitnessProblem(tx: Conn | Db, a: Amendment, d: WillContent | HibahContent) {
  const list = d.witnesses ?? [];
  if (list.length === 0) return null;
  const { parties, kind } = await partiesOf(tx, a, d);
  return firstWitnessProblem(list.map(candidate), parties, kind);
}
