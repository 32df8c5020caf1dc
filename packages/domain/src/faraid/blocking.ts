/**
 * Exclusion (hajb hirman) that follows from who is present alone. Exclusions that depend on the
 * shares (a son's daughter after two daughters, a paternal sister after two full sisters, the lower
 * residuaries after the nearest one) are decided in furud.ts and asabah.ts.
 *
 * Source for every rule here: Mughni al-Muhtaj, Kitab al-Fara'id, fasl al-hajb; Zamro & Ridzuan
 * (2006) ch. 7 (al-hajb). Grandmothers: MALAYSIA.md §4 (Shafi'i asahh: a nearer paternal grandmother
 * does not exclude a farther maternal one).
 */
import { blockBy, type Ctx, SOURCES } from './context.ts';
import { DESCENDANTS, type HeirKey, MALE_DESCENDANTS } from './heirs.ts';

const MALE_LINE: readonly HeirKey[] = [...MALE_DESCENDANTS, 'father'];
// The lists below are built once (not on every case: ADR 0144).
const GRANDMOTHERS_BY_MOTHER = [
  'paternal_grandmother',
  'maternal_grandmother',
  'maternal_grandmothers_mother',
  'paternal_grandmothers_mother',
  'paternal_grandfathers_mother',
] as const;
const PATERNAL_SIBLING_BLOCKERS: readonly HeirKey[] = [...MALE_LINE, 'full_brother'];
const UTERINE_BLOCKERS: readonly HeirKey[] = [
  ...DESCENDANTS,
  'father',
  'paternal_grandfather',
  'paternal_great_grandfather',
];

export function applyBlocking(c: Ctx) {
  // Descendants: a nearer son excludes every lower descendant (Bukhari 6732: the nearest male).
  blockBy(c, 'sons_son', ['son'], SOURCES.bukhari6732);
  blockBy(c, 'sons_daughter', ['son'], SOURCES.bukhari6732);
  blockBy(c, 'sons_sons_son', ['son', 'sons_son'], SOURCES.bukhari6732);
  blockBy(c, 'sons_sons_daughter', ['son', 'sons_son'], SOURCES.bukhari6732);

  // Male ascendants: the father excludes the grandfather, who excludes his own father.
  blockBy(c, 'paternal_grandfather', ['father']);
  blockBy(c, 'paternal_great_grandfather', ['father', 'paternal_grandfather']);

  // Grandmothers: the mother excludes all; the father those on his side; the grandfather his mother;
  // a nearer grandmother the farther ones of her side; a nearer maternal one the farther paternal ones.
  for (const g of GRANDMOTHERS_BY_MOTHER) blockBy(c, g, ['mother'], SOURCES.abuDawud2894);
  blockBy(c, 'paternal_grandmother', ['father'], SOURCES.abuDawud2894);
  blockBy(c, 'paternal_grandmothers_mother', ['father', 'paternal_grandmother', 'maternal_grandmother']);
  blockBy(c, 'paternal_grandfathers_mother', [
    'father',
    'paternal_grandfather',
    'paternal_grandmother',
    'maternal_grandmother',
  ]);
  blockBy(c, 'maternal_grandmothers_mother', ['maternal_grandmother']);

  // Full and paternal siblings: excluded by a male descendant or the father (not by the grandfather,
  // who shares with them: special-cases.ts). Paternal siblings also by a full brother.
  blockBy(c, 'full_brother', MALE_LINE, SOURCES.nisa176);
  blockBy(c, 'full_sister', MALE_LINE, SOURCES.nisa176);
  blockBy(c, 'paternal_half_brother', PATERNAL_SIBLING_BLOCKERS, SOURCES.nisa176);
  blockBy(c, 'paternal_half_sister', PATERNAL_SIBLING_BLOCKERS, SOURCES.nisa176);

  // Uterine siblings: excluded by any descendant and by any male ascendant (al-Nisa' 4:12, kalalah).
  blockBy(c, 'maternal_half_brother', UTERINE_BLOCKERS, SOURCES.nisa12);
  blockBy(c, 'maternal_half_sister', UTERINE_BLOCKERS, SOURCES.nisa12);

  // Distant kindred (dhawu al-arham) inherit nothing while Baitulmal takes the residue (MALAYSIA.md §3).
  if (c.n.daughters_son > 0) {
    c.blocked.set('daughters_son', []);
    c.steps.push({ heir: 'daughters_son', rule: 'distant_kindred', share: '0', source: SOURCES.baitulmal });
  }
}
