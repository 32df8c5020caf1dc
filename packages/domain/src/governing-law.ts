/**
 * The state law that governs a will (issue 41 item 8; ADR 0260). Islamic law, wills of Muslims among it, is a
 * state matter; some states have a wasiat enactment of their own. Each will records the state whose law governs
 * it: by default the state of the testator's permanent (else correspondence) address, confirmed by them in the
 * wizard's part C.
 *
 * {@link WASIAT_ENACTMENTS} lists ONLY the enactments whose existence we confirmed (ADR 0260 names the source
 * of each); for every other state the product says that no specific wasiat enactment is recorded — not that none
 * exists. `witnessSection` is set only where we read the enactment's section on witnesses.
 */
import { type MalaysianState, STATES } from './validation/common.ts';

/** A state wasiat enactment. */
export interface WasiatEnactment {
  state: MalaysianState;
  /** Its Malay title (the enacted text). */
  title_ms: string;
  /** An English title: the official translation where we read one (Melaka), else our rendering. */
  title_en: string;
  year: number;
  /** The enactment's number where we read it, e.g. "En. 4/1999". */
  number: string | null;
  /**
   * The section on the form of a wasiat and its witnesses, where we read it ("3"); null where we did not read
   * the enactment's text on witnesses.
   */
  witnessSection: string | null;
}

/** The enactments we confirmed exist (ADR 0260: the source of each), by state. */
export const WASIAT_ENACTMENTS: readonly WasiatEnactment[] = [
  {
    state: 'Selangor',
    title_ms: 'Enakmen Wasiat Orang Islam (Selangor) 1999',
    title_en: 'Muslim Wills (Selangor) Enactment 1999',
    year: 1999,
    number: 'En. 4/1999',
    witnessSection: '3',
  },
  {
    state: 'Negeri Sembilan',
    title_ms: 'Enakmen Wasiat Orang Islam (Negeri Sembilan) 2004',
    title_en: 'Muslim Wills (Negeri Sembilan) Enactment 2004',
    year: 2004,
    number: null,
    witnessSection: null,
  },
  {
    state: 'Melaka',
    title_ms: 'Enakmen Wasiat Orang Islam (Negeri Melaka) 2005',
    title_en: 'Muslim Wills (State of Malacca) Enactment 2005',
    year: 2005,
    number: 'En. 4/2005',
    witnessSection: null,
  },
  {
    state: 'Kelantan',
    title_ms: 'Enakmen Wasiat Orang Islam Kelantan 2009',
    title_en: 'Muslim Wills (Kelantan) Enactment 2009',
    year: 2009,
    number: null,
    witnessSection: null,
  },
];

/** Whether `s` is one of the 13 states and 3 federal territories as the records spell them. */
export const isMalaysianState = (s: unknown): s is MalaysianState =>
  typeof s === 'string' && (STATES as readonly string[]).includes(s);

/** The recorded wasiat enactment of `state`, or null (none recorded: not "none exists"). */
export function enactmentFor(state: string | null | undefined): WasiatEnactment | null {
  return WASIAT_ENACTMENTS.find((e) => e.state === state) ?? null;
}

/** The testator's address fields the default reads (a will's particulars, part C). */
export interface DomicileFields {
  permanent_state?: string | null;
  correspondence_state?: string | null;
}

/**
 * The state a will's governing law defaults to: the permanent address's state, else the correspondence
 * address's, when it is one of {@link STATES}; else null (the testator chooses).
 */
export function defaultGoverningState(d: DomicileFields | null | undefined): MalaysianState | null {
  if (isMalaysianState(d?.permanent_state)) return d.permanent_state;
  if (isMalaysianState(d?.correspondence_state)) return d.correspondence_state;
  return null;
}

/** What a will says of its governing law (`GET /api/wasiat/{id}/governing-law`, the wizard, the will PDF). */
export interface GoverningLaw {
  /** The state recorded on the will, else the default from the address (null when neither is known). */
  state: MalaysianState | null;
  /** Whether the testator confirmed it (ISO time) — null when it is only the default. */
  confirmed_at: string | null;
  /** The default from the address, for the wizard to offer. */
  suggested_state: MalaysianState | null;
  /** The state's recorded enactment, or null. */
  enactment: WasiatEnactment | null;
  /**
   * Message key of the witness rule the wizard and PDF state (`witness.rule.*`): the enactment's section where
   * we read it, else that we did not read it, else that no enactment is recorded.
   */
  witness_rule: string;
}

/** The {@link GoverningLaw} of a will from its recorded state and confirmation and the testator's address. */
export function governingLawOf(
  recorded: { governing_state?: string | null; governing_state_confirmed_at?: Date | string | null },
  detail: DomicileFields | null | undefined,
): GoverningLaw {
  const suggested = defaultGoverningState(detail);
  const state = isMalaysianState(recorded.governing_state) ? recorded.governing_state : suggested;
  const enactment = enactmentFor(state);
  const at = recorded.governing_state_confirmed_at;
  return {
    state,
    confirmed_at: at ? new Date(at).toISOString() : null,
    suggested_state: suggested,
    enactment,
    witness_rule: !state
      ? 'witness.rule.no_state'
      : enactment?.witnessSection
        ? `witness.rule.${enactment.state.toLowerCase().replace(/\s+/g, '_')}`
        : enactment
          ? 'witness.rule.not_read'
          : 'witness.rule.no_enactment',
  };
}
