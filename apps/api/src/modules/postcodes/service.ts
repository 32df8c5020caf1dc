/**
 * Malaysian postcode → city and state, from the maintained `malaysia-postcodes` package (issue 17 item 14;
 * DESIGN.md §8). The package spells the federal territories "Wp Kuala Lumpur"; we answer with the state names
 * of our own catalogue (`STATES` in packages/domain), so a looked-up state is always one the forms accept.
 */
import { type MalaysianState, STATES } from '@wasiat/domain';
import { findPostcode } from 'malaysia-postcodes';

/** A postcode's place: `postcode` is the 5 digits asked for, `city` and `state` as our forms store them. */
export interface PostcodePlace {
  postcode: string;
  city: string;
  state: MalaysianState;
}

/** The package's state names that differ from ours (the three federal territories). */
const STATE_ALIASES: Record<string, MalaysianState> = {
  'Wp Kuala Lumpur': 'W.P. Kuala Lumpur',
  'Wp Labuan': 'W.P. Labuan',
  'Wp Putrajaya': 'W.P. Putrajaya',
};

/** Our catalogue's name for a state name of the package, or null when it names none of the 16. */
export function toOurState(name: string): MalaysianState | null {
  const alias = STATE_ALIASES[name];
  if (alias) return alias;
  return (STATES as readonly string[]).includes(name) ? (name as MalaysianState) : null;
}

/**
 * The city and state of a 5-digit Malaysian postcode, or null when it is unknown (or not 5 digits).
 * Pure lookup in the package's data; no I/O.
 */
export function lookupPostcode(code: string): PostcodePlace | null {
  if (!/^\d{5}$/.test(code)) return null;
  const hit = findPostcode(code, true);
  if (!hit.found || !hit.city || !hit.state) return null;
  const state = toOurState(hit.state);
  return state ? { postcode: code, city: hit.city, state } : null;
}
