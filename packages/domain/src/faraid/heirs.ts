/**
 * Heir keys and classes of the faraid engine. The keys are those of the faraid oracle
 * (`../shared/faraid-oracle/README.md`, "Heir keys"), so the engine, the API body and the tests speak
 * one vocabulary.
 *
 * Sources: the heirs by fixed share and by residuary title follow Mohd Zamro Muda & Mohd Ridzuan
 * Awang, *Undang-Undang Pusaka Islam: Pelaksanaan di Malaysia* (UKM, 2006), ch. 4–6, and al-Khatib
 * al-Shirbini, *Mughni al-Muhtaj* (Kitab al-Fara'id), cited by the Pahang Syariah Judiciary
 * (jksp.pahang.gov.my/pembahagian-harta; MALAYSIA.md §1).
 */

/** Every heir key the engine knows, in the order results are listed. */
export const HEIR_KEYS = [
  'husband',
  'wife',
  'son',
  'daughter',
  'sons_son',
  'sons_daughter',
  'sons_sons_son',
  'sons_sons_daughter',
  'father',
  'mother',
  'paternal_grandfather',
  'paternal_great_grandfather',
  'paternal_grandmother',
  'maternal_grandmother',
  'maternal_grandmothers_mother',
  'paternal_grandmothers_mother',
  'paternal_grandfathers_mother',
  'full_brother',
  'full_sister',
  'paternal_half_brother',
  'paternal_half_sister',
  'maternal_half_brother',
  'maternal_half_sister',
  'full_nephew',
  'paternal_nephew',
  'full_nephews_son',
  'paternal_nephews_son',
  'full_paternal_uncle',
  'paternal_half_uncle',
  'full_cousin',
  'paternal_half_cousin',
  'full_cousins_son',
  'paternal_half_cousins_son',
  'fathers_full_paternal_uncle',
  'fathers_full_paternal_uncles_son',
  'daughters_son',
] as const;
export type HeirKey = (typeof HEIR_KEYS)[number];

/**
 * Heirs whose existence or sex is not yet known (khuntha, mafqud, haml): the estate is divided on the
 * least favourable assumption for each heir and the difference is held back (reservation).
 */
export const UNCERTAIN_HEIR_KEYS = ['khuntha_child', 'mafqud_son', 'unborn_child'] as const;
export type UncertainHeirKey = (typeof UNCERTAIN_HEIR_KEYS)[number];
export type AnyHeirKey = HeirKey | UncertainHeirKey;

/** The output-only key for the State Islamic Religious Council's Baitulmal. */
export const BAITULMAL = 'baitulmal' as const;
export type ShareKey = HeirKey | UncertainHeirKey | typeof BAITULMAL;

/** Residue policy: `baitulmal` (every state but Perlis, the default) or `radd` (Perlis practice). */
export const FARAID_POLICIES = ['baitulmal', 'radd'] as const;
export type FaraidPolicy = (typeof FARAID_POLICIES)[number];
export type Sex = 'male' | 'female';

/** Counts of surviving heirs by key (a missing key or 0: none). */
export type HeirCounts = Partial<Record<AnyHeirKey, number>>;

/** The broad class of each heir, for display grouping. */
export type HeirClass = 'spouse' | 'descendant' | 'ascendant' | 'sibling' | 'collateral' | 'distant_kindred';
export const HEIR_CLASS: Record<HeirKey, HeirClass> = {
  husband: 'spouse',
  wife: 'spouse',
  son: 'descendant',
  daughter: 'descendant',
  sons_son: 'descendant',
  sons_daughter: 'descendant',
  sons_sons_son: 'descendant',
  sons_sons_daughter: 'descendant',
  father: 'ascendant',
  mother: 'ascendant',
  paternal_grandfather: 'ascendant',
  paternal_great_grandfather: 'ascendant',
  paternal_grandmother: 'ascendant',
  maternal_grandmother: 'ascendant',
  maternal_grandmothers_mother: 'ascendant',
  paternal_grandmothers_mother: 'ascendant',
  paternal_grandfathers_mother: 'ascendant',
  full_brother: 'sibling',
  full_sister: 'sibling',
  paternal_half_brother: 'sibling',
  paternal_half_sister: 'sibling',
  maternal_half_brother: 'sibling',
  maternal_half_sister: 'sibling',
  full_nephew: 'collateral',
  paternal_nephew: 'collateral',
  full_nephews_son: 'collateral',
  paternal_nephews_son: 'collateral',
  full_paternal_uncle: 'collateral',
  paternal_half_uncle: 'collateral',
  full_cousin: 'collateral',
  paternal_half_cousin: 'collateral',
  full_cousins_son: 'collateral',
  paternal_half_cousins_son: 'collateral',
  fathers_full_paternal_uncle: 'collateral',
  fathers_full_paternal_uncles_son: 'collateral',
  daughters_son: 'distant_kindred',
};

/** Male and female descendants through sons, by generation (1 = child). */
export const MALE_DESCENDANTS = ['son', 'sons_son', 'sons_sons_son'] as const;
export const FEMALE_DESCENDANTS = ['daughter', 'sons_daughter', 'sons_sons_daughter'] as const;
export const DESCENDANTS = [...MALE_DESCENDANTS, ...FEMALE_DESCENDANTS] as const;

/** Grandmothers and great-grandmothers (jaddat), who share one sixth. */
export const GRANDMOTHERS = [
  'paternal_grandmother',
  'maternal_grandmother',
  'maternal_grandmothers_mother',
  'paternal_grandmothers_mother',
  'paternal_grandfathers_mother',
] as const;

/** Siblings of every kind (all of them count when two or more siblings reduce the mother to 1/6). */
export const SIBLINGS = [
  'full_brother',
  'full_sister',
  'paternal_half_brother',
  'paternal_half_sister',
  'maternal_half_brother',
  'maternal_half_sister',
] as const;

/**
 * The residuaries in their own right ('asabah bi nafsih) after the brothers, nearest first: by line
 * (brothers' sons, then uncles and their sons, then the father's uncles), then degree, then strength
 * (full before half). Source: Mughni al-Muhtaj, bab al-'asabah; Zamro & Ridzuan (2006) §5.2.
 */
export const COLLATERAL_RESIDUARIES = [
  'full_nephew',
  'paternal_nephew',
  'full_nephews_son',
  'paternal_nephews_son',
  'full_paternal_uncle',
  'paternal_half_uncle',
  'full_cousin',
  'paternal_half_cousin',
  'full_cousins_son',
  'paternal_half_cousins_son',
  'fathers_full_paternal_uncle',
  'fathers_full_paternal_uncles_son',
] as const;

/** Heirs of whom there can be at most one. */
const AT_MOST_ONE: readonly HeirKey[] = [
  'husband',
  'father',
  'mother',
  'paternal_grandfather',
  'paternal_great_grandfather',
];

export const isHeirKey = (k: string): k is HeirKey => (HEIR_KEYS as readonly string[]).includes(k);
export const isUncertainHeirKey = (k: string): k is UncertainHeirKey =>
  (UNCERTAIN_HEIR_KEYS as readonly string[]).includes(k);

/** Message keys of the heir-set checks (translated in locales/<lang>/faraid.json). */
export const FARAID_ERRORS = {
  unknownHeir: 'faraid.errors.unknown_heir',
  count: 'faraid.errors.count',
  spouseSex: 'faraid.errors.spouse_sex',
  atMostOne: 'faraid.errors.at_most_one',
  wivesMax: 'faraid.errors.wives_max',
  uncertainOne: 'faraid.errors.uncertain_one',
} as const;

/**
 * Check an heir set. Returns `{ field, message }` problems, the field being the heir key: an unknown
 * key, a count that is not a whole number 0–99, a husband for a male deceased or a wife for a female one,
 * two husbands (or fathers, mothers, grandfathers), more than four wives (Surah al-Nisa' 4:3), more than
 * one uncertain heir (the reservation handles one at a time).
 */
export function checkHeirs(deceased: Sex, heirs: Record<string, unknown>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  let uncertain = 0;
  for (const [key, value] of Object.entries(heirs)) {
    if (!isHeirKey(key) && !isUncertainHeirKey(key)) {
      problems.push({ field: key, message: FARAID_ERRORS.unknownHeir });
      continue;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 99) {
      problems.push({ field: key, message: FARAID_ERRORS.count });
      continue;
    }
    if (value === 0) continue;
    if ((key === 'husband' && deceased === 'male') || (key === 'wife' && deceased === 'female')) {
      problems.push({ field: key, message: FARAID_ERRORS.spouseSex });
    } else if (AT_MOST_ONE.includes(key as HeirKey) && value > 1) {
      problems.push({ field: key, message: FARAID_ERRORS.atMostOne });
    } else if (key === 'wife' && value > 4) {
      problems.push({ field: key, message: FARAID_ERRORS.wivesMax });
    } else if (isUncertainHeirKey(key)) {
      uncertain += value;
      if (uncertain > 1) problems.push({ field: key, message: FARAID_ERRORS.uncertainOne });
    }
  }
  return problems;
}
