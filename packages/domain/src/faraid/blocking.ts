/**
 * Exclusion (hajb hirman) that follows from who is present alone. Exclusions that depend on the
 * shares (a son's daughter after two daughters, a paternal sister after two full sisters, the lower
 * residuaries after the nearest one) are decided in furud.ts and asabah.ts.
 *
 * Source for every rule here: Mughni al-Muhtaj, Kitab al-Fara'id, fasl al-hajb; Zamro & Ridzuan
 * (2006) ch. 7 (al-hajb). Grandmothers: MALAYSIA.md §4 (Shafi'i asahh: a nearer paternal grandmother
 * does not exclude a farther maternal one).
 */
import { blockBy, type Ctx, H, idx, SOURCES } from './context.ts';
import { DESCENDANTS, type HeirKey, MALE_DESCENDANTS } from './heirs.ts';

// The lists below are built once, as heir indices (not on every case: ADR 0144, 0185).
const MALE_LINE_KEYS: readonly HeirKey[] = [...MALE_DESCENDANTS, 'father'];
const MALE_LINE = idx(MALE_LINE_KEYS);
const GRANDMOTHERS_BY_MOTHER = idx([
  'paternal_grandmother',
  'maternal_grandmother',
  'maternal_grandmothers_mother',
  'paternal_grandmothers_mother',
  'paternal_grandfathers_mother',
]);
const PATERNAL_SIBLING_BLOCKERS = idx([...MALE_LINE_KEYS, 'full_brother']);
const UTERINE_BLOCKERS = idx([...DESCENDANTS, 'father', 'paternal_grandfather', 'paternal_great_grandfather']);
const BY_SON = idx(['son']);
const BY_SON_OR_SONS_SON = idx(['son', 'sons_son']);
const BY_FATHER = idx(['father']);
const BY_MOTHER = idx(['mother']);
const BY_FATHER_OR_GRANDFATHER = idx(['father', 'paternal_grandfather']);
const PATERNAL_GRANDMOTHERS_MOTHER_BLOCKERS = idx(['father', 'paternal_grandmother', 'maternal_grandmother']);
const PATERNAL_GRANDFATHERS_MOTHER_BLOCKERS = idx([
  'father',
  'paternal_grandfather',
  'paternal_grandmother',
  'maternal_grandmother',
]);
const BY_MATERNAL_GRANDMOTHER = idx(['maternal_grandmother']);

export function applyBlocking(c: Ctx) {
  // Descendants: a nearer son excludes every lower descendant (Bukhari 6732: the nearest male).
  blockBy(c, H.sons_son, BY_SON, SOURCES.bukhari6732);
  blockBy(c, H.sons_daughter, BY_SON, SOURCES.bukhari6732);
  blockBy(c, H.sons_sons_son, BY_SON_OR_SONS_SON, SOURCES.bukhari6732);
  blockBy(c, H.sons_sons_daughter, BY_SON_OR_SONS_SON, SOURCES.bukhari6732);

  // Male ascendants: the father excludes the grandfather, who excludes his own father.
  blockBy(c, H.paternal_grandfather, BY_FATHER);
  blockBy(c, H.paternal_great_grandfather, BY_FATHER_OR_GRANDFATHER);

  // Grandmothers: the mother excludes all; the father those on his side; the grandfather his mother;
  // a nearer grandmother the farther ones of her side; a nearer maternal one the farther paternal ones.
  for (const g of GRANDMOTHERS_BY_MOTHER) blockBy(c, g, BY_MOTHER, SOURCES.abuDawud2894);
  blockBy(c, H.paternal_grandmother, BY_FATHER, SOURCES.abuDawud2894);
  blockBy(c, H.paternal_grandmothers_mother, PATERNAL_GRANDMOTHERS_MOTHER_BLOCKERS);
  blockBy(c, H.paternal_grandfathers_mother, PATERNAL_GRANDFATHERS_MOTHER_BLOCKERS);
  blockBy(c, H.maternal_grandmothers_mother, BY_MATERNAL_GRANDMOTHER);

  // Full and paternal siblings: excluded by a male descendant or the father (not by the grandfather,
  // who shares with them: special-cases.ts). Paternal siblings also by a full brother.
  blockBy(c, H.full_brother, MALE_LINE, SOURCES.nisa176);
  blockBy(c, H.full_sister, MALE_LINE, SOURCES.nisa176);
  blockBy(c, H.paternal_half_brother, PATERNAL_SIBLING_BLOCKERS, SOURCES.nisa176);
  blockBy(c, H.paternal_half_sister, PATERNAL_SIBLING_BLOCKERS, SOURCES.nisa176);

  // Uterine siblings: excluded by any descendant and by any male ascendant (al-Nisa' 4:12, kalalah).
  blockBy(c, H.maternal_half_brother, UTERINE_BLOCKERS, SOURCES.nisa12);
  blockBy(c, H.maternal_half_sister, UTERINE_BLOCKERS, SOURCES.nisa12);

  // Distant kindred (dhawu al-arham) inherit nothing while Baitulmal takes the residue (MALAYSIA.md §3).
  if (c.n[H.daughters_son] > 0) {
    c.blockedBy[H.daughters_son] = [];
    c.blockedOrder.push(H.daughters_son);
    c.steps.push({ heir: 'daughters_son', rule: 'distant_kindred', share: '0', source: SOURCES.baitulmal });
  }
}
