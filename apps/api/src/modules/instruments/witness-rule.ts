/**
 * The witness rule of every instrument (issue 41 item 2; ADR 0259) on the server: the domain's
 * `witnessRefusal` (packages/domain witness-eligibility.ts: the principal, under 18 by the MyKad, an heir, a
 * receiver, the spouse of one, the executor, a second entry) turned into the 422 the kind answers, and the one
 * reading of who is an instrument's executor (wasi) as a person. Each kind (will, will amendment, hibah, hibah
 * amendment) reads its parties from its own records and calls {@link assertWitnessMayWitness}.
 */
import {
  type WitnessCandidate,
  type WitnessInstrument,
  type WitnessParties,
  witnessRefusal,
  witnessRefusalKey,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';

/** Either the database or a transaction handle of {@link Db}. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Refuse witness `w` of a `kind` instrument with `parties` when the rule says so: 422 on the field it names
 * (`ic_number`, or `spouse_ic_number` when the spouse they gave is an heir or a receiver), prefixed by `prefix`
 * (e.g. `witnesses.1.` for a draft's list), with the message of `witnessRefusalKey` in the request's language.
 * `now` is the clock of the age rule (tests).
 */
export function assertWitnessMayWitness(
  w: WitnessCandidate,
  parties: WitnessParties,
  kind: WitnessInstrument,
  prefix = '',
  now = new Date(),
) {
  const refusal = witnessRefusal(w, parties, now);
  if (refusal) throw fieldError(`${prefix}${refusal.field}`, witnessRefusalKey(refusal.reason, kind));
}

/**
 * The message key of the first witness of `list` the rule refuses (for a submission's check of every witness at
 * once: heirs or receivers may have been added after the witnesses), or null when each may witness. Each witness
 * is compared with the others of the list as duplicates.
 */
export function firstWitnessProblem(
  list: readonly WitnessCandidate[],
  parties: WitnessParties,
  kind: WitnessInstrument,
  now = new Date(),
): string | null {
  for (const [i, w] of list.entries()) {
    const others = list.filter((_, j) => j !== i).map((x) => x.ic_number);
    const refusal = witnessRefusal(w, { ...parties, witnesses: others }, now);
    if (refusal) return witnessRefusalKey(refusal.reason, kind);
  }
  return null;
}

/**
 * The executor (wasi) of an instrument as persons, by MyKad: the will names its organisation as executor
 * ("I appoint {{organization}} as the executor", the will PDF's declaration); an individual partner
 * (organisation type `individual`) is a person with a MyKad, a company is not. @returns [] otherwise.
 */
export async function executorMykads(db: Conn, organizationId: string | null): Promise<string[]> {
  if (!organizationId) return [];
  const [o] = await db
    .select({ type: organizations.type, mykad: organizations.mykad_number })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return o?.type === 'individual' && o.mykad ? [o.mykad] : [];
}
