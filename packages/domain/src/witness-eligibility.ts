/**
 * Who may witness an instrument (issue 41 item 2; ADR 0259) — the ONE rule every kind with witnesses calls: a
 * will (`apps/api/src/modules/wills/witnesses.ts`), a will's amendment (`amendments/draft.ts`,
 * `amendments/transitions.ts`), a hibah (`hibah/parties.ts`) and a hibah's amendment (`amendments/hibah.ts`).
 * Each kind gathers its parties from its own records ({@link WitnessParties}) and turns a refusal into a 422 on
 * the field it names; the rule itself is pure.
 *
 * A witness is refused, in this order, when they are:
 * 1. `principal` — the testator or grantor themself (their account's or particulars' MyKad);
 * 2. `minor` — under 18 on today's calendar date in Kuala Lumpur by the birth date in their MyKad (digits 1–6,
 *    YYMMDD; the century is the one that does not put the birth in the future: {@link ageFromMykad}). The age of
 *    majority is 18 (Age of Majority Act 1971 s. 2);
 * 3. `heir` — an heir named on the instrument (same MyKad);
 * 4. `receiver` — a receiver (beneficiary): of property shares, of a bequest, of a hibah (same MyKad);
 * 5. `spouse` — the spouse of an heir or a receiver as far as the records tell: the spouse MyKad the witness gave
 *    is an heir's or a receiver's, or the witness is recorded on the instrument as a spouse (relationship
 *    `husband` or `wife`: the principal's spouse, whom faraid makes an heir);
 * 6. `executor` — the executor (wasi): a person appointed, e.g. an individual partner organisation named as the
 *    will's executor (its MyKad);
 * 7. `duplicate` — already a witness of the same instrument.
 *
 * Source of the rule: the state wasiat enactments ask for witnesses "acceptable as witnesses under Hukum Syarak"
 * (e.g. Enakmen Wasiat Orang Islam (Selangor) 1999 s. 3(2)) and do not list who is excluded in the sections we
 * read; items 2–6 are the practice the issue records (a witness is adult and takes nothing under the
 * instrument) and the product's policy. ADR 0259 records the reading. Religion is not checked here: witnesses'
 * religion is not recorded (the wizard states the rule instead).
 */
import { AGE_OF_MAJORITY, ageFromMykad } from './people.ts';

/** Why a witness is refused (see the file comment, in the order checked). */
export type WitnessRefusal = 'principal' | 'minor' | 'heir' | 'receiver' | 'spouse' | 'executor' | 'duplicate';

/** A person named on the instrument, as the rule reads them: their MyKad and relationship to the principal. */
export interface NamedParty {
  ic_number?: string | null;
  relationship?: string | null;
}

/** Everyone the rule compares a witness with, read by each kind from its own records. */
export interface WitnessParties {
  /** The testator's or grantor's MyKad numbers (account and particulars). */
  principals: readonly (string | null | undefined)[];
  heirs: readonly NamedParty[];
  /** Receivers of property shares, beneficiaries of bequests, receivers of a hibah. */
  receivers: readonly NamedParty[];
  /** Others named (guardians, caretakers): read for a relationship that records a spouse. */
  others?: readonly NamedParty[];
  /** MyKad numbers of the executor(s) (wasi) who are persons. */
  executors?: readonly (string | null | undefined)[];
  /** MyKad numbers of the instrument's other witnesses. */
  witnesses?: readonly (string | null | undefined)[];
}

/** The witness as given: their MyKad and, optionally, their spouse's MyKad. */
export interface WitnessCandidate {
  ic_number: string;
  spouse_ic_number?: string | null;
}

/** Relationship codes (catalogue RELATIONSHIPS) that record a spouse of the principal. */
export const SPOUSE_RELATIONSHIPS: readonly string[] = ['husband', 'wife'];

const norm = (ic: string | null | undefined) => (ic ?? '').replace(/\D/g, '');

/** A refusal and the field of the witness it is about (`spouse_ic_number` when the spouse they gave is the reason). */
export interface WitnessRefusalOf {
  reason: WitnessRefusal;
  field: 'ic_number' | 'spouse_ic_number';
}

/**
 * Whether `w` may witness an instrument with these parties on `now` (Asia/Kuala_Lumpur calendar date).
 * @returns the first refusal that applies (see the file comment for the order), or null when `w` may witness.
 */
export function witnessRefusal(
  w: WitnessCandidate,
  parties: WitnessParties,
  now = new Date(),
): WitnessRefusalOf | null {
  const ic = norm(w.ic_number);
  const has = (list: readonly (string | null | undefined)[] | undefined) =>
    !!ic && (list ?? []).some((x) => norm(x) === ic);
  const icsOf = (list: readonly NamedParty[]) => list.map((p) => p.ic_number);
  const on = (reason: WitnessRefusal): WitnessRefusalOf => ({ reason, field: 'ic_number' });
  if (has(parties.principals)) return on('principal');
  const age = ageFromMykad(ic, now);
  if (age !== null && age < AGE_OF_MAJORITY) return on('minor');
  if (has(icsOf(parties.heirs))) return on('heir');
  if (has(icsOf(parties.receivers))) return on('receiver');
  const spouse = norm(w.spouse_ic_number);
  const beneficiaries = [...icsOf(parties.heirs), ...icsOf(parties.receivers)].map(norm).filter(Boolean);
  if (spouse && beneficiaries.includes(spouse)) return { reason: 'spouse', field: 'spouse_ic_number' };
  const named = [...parties.heirs, ...parties.receivers, ...(parties.others ?? [])];
  if (named.some((p) => SPOUSE_RELATIONSHIPS.includes(p.relationship ?? '') && norm(p.ic_number) === ic)) {
    return on('spouse');
  }
  if (has(parties.executors)) return on('executor');
  if (has(parties.witnesses)) return on('duplicate');
  return null;
}

/** The kind of instrument a refusal is worded for (the principal is a testator or a grantor). */
export type WitnessInstrument = 'will' | 'hibah';

/**
 * The message key of a refusal (server locales): the older keys of each kind where they exist, the shared
 * `witness.*` keys for the rules of issue 41.
 */
export function witnessRefusalKey(reason: WitnessRefusal, kind: WitnessInstrument): string {
  switch (reason) {
    case 'principal':
      return kind === 'will' ? 'wills.witness_is_testator' : 'hibah.witness_is_grantor';
    case 'heir':
      return 'wills.witness_is_heir';
    case 'receiver':
      return kind === 'hibah' ? 'hibah.witness_is_receiver' : 'witness.is_receiver';
    case 'duplicate':
      return 'wills.witness_duplicate';
    default:
      return `witness.is_${reason}`;
  }
}

/** How a witness was identified (issue 41 item 2; ADR 0259), as recorded on the witness row. */
export const WITNESS_IDENTIFICATIONS = ['email_code', 'staff'] as const;
export type WitnessIdentification = (typeof WITNESS_IDENTIFICATIONS)[number];

/** The message key naming how a witness was identified (`witness.identified.none` when not recorded). */
export const witnessIdentificationKey = (method: string | null | undefined) =>
  `witness.identified.${(WITNESS_IDENTIFICATIONS as readonly string[]).includes(method ?? '') ? method : 'none'}`;
