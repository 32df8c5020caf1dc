/**
 * The working state of one faraid calculation, shared by the stages (blocking → furud → special
 * cases → asabah → 'awl / radd). Each stage reads counts and writes shares and the reasons (steps).
 */
import type { Fraction } from '../validation/shares.ts';
import { type FaraidPolicy, HEIR_KEYS, type HeirCounts, type HeirKey, type Sex, type ShareKey } from './heirs.ts';
import { addQ, mul, type Q, Q_ZERO, q } from './q.ts';

/** Sources cited by the rules (MALAYSIA.md "Sources", and the classical texts it relies on). */
export const SOURCES = {
  nisa11: "al-Qur'an, al-Nisa' 4:11",
  nisa12: "al-Qur'an, al-Nisa' 4:12",
  nisa176: "al-Qur'an, al-Nisa' 4:176",
  bukhari6732: 'Sahih al-Bukhari 6732 (Ibn Abbas: "give the shares to those entitled; the rest to the nearest male")',
  bukhari6736: "Sahih al-Bukhari 6736 (Ibn Mas'ud: daughter 1/2, son's daughter 1/6, the rest to the sister)",
  abuDawud2894: 'Sunan Abi Dawud 2894 (al-Mughirah and Muhammad b. Maslamah: the grandmother takes 1/6)',
  mughni: "al-Khatib al-Shirbini, Mughni al-Muhtaj, Kitab al-Fara'id (cited by JKSP Pahang, pembahagian-harta)",
  zamro: 'Mohd Zamro Muda & Mohd Ridzuan Awang, Undang-Undang Pusaka Islam: Pelaksanaan di Malaysia (UKM, 2006)',
  zayd: "Zayd b. Thabit's method for the grandfather with siblings (Mughni al-Muhtaj; al-Rahbiyyah, bab al-jadd wa al-ikhwah)",
  umar: "The ruling of 'Umar b. al-Khattab, followed by the Shafi'i school (Mughni al-Muhtaj, al-gharrawan / al-musytarakah)",
  baitulmal:
    'Johor State Fatwa 11 Oct 2017 (e-smaf 16045); Sabah Baitulmal; HRMARS IJARBSS/22071 on nationwide practice (MALAYSIA.md §3)',
  perlis: 'Perlis State Fatwa Committee, 37th meeting, 27 Sept 2018: radd, then dhawu al-arham (MALAYSIA.md §3)',
  oracleRadd: 'faraid oracle README, "Policies": radd to the non-spouse heirs; a sole spouse takes all',
} as const;

/** Every reason code a step can carry (translated as `faraid.rules.<code>`). */
export const FARAID_RULES = [
  'husband_half',
  'husband_quarter',
  'wife_quarter',
  'wife_eighth',
  'mother_third',
  'mother_sixth',
  'umariyyah',
  'grandmothers_sixth',
  'father_sixth',
  'father_sixth_residue',
  'father_residue',
  'girls_half',
  'girls_two_thirds',
  'girls_sixth',
  'sisters_half',
  'sisters_two_thirds',
  'sisters_sixth',
  'uterine_sixth',
  'uterine_third',
  'residuary',
  'residuary_with_male',
  'residuary_with_daughters',
  'nothing_left',
  'blocked',
  'distant_kindred',
  'musytarakah',
  'muqasamah',
  'grandfather_third',
  'grandfather_third_of_rest',
  'grandfather_sixth',
  'muadda',
  'akdariyyah',
  'awl',
  'radd',
  'radd_spouse',
  'radd_distant_kindred',
  'baitulmal_residue',
  'baitulmal_all',
  'reserved',
] as const;
export type FaraidRule = (typeof FARAID_RULES)[number];

/** One reason: who, which rule, the resulting share of the whole (when it has one), blocked by whom. */
export interface FaraidStep {
  heir: ShareKey | null;
  rule: FaraidRule;
  share?: string;
  by?: HeirKey[];
  source: string;
}

/**
 * Each heir key's index in HEIR_KEYS. The working state keeps counts, exclusions and shares in arrays indexed
 * by it (ADR 0185: reading an object by a key held in a variable was a quarter of the time per case).
 */
export const H = Object.freeze(Object.fromEntries(HEIR_KEYS.map((k, i) => [k, i]))) as Readonly<
  Record<HeirKey, number>
>;

/** Indices of `keys` (for the stages' constant lists). */
export const idx = (keys: readonly HeirKey[]): readonly number[] => keys.map((k) => H[k]);

export interface Ctx {
  deceased: Sex;
  policy: FaraidPolicy;
  /** Count of each heir, by index in HEIR_KEYS (0 when absent). */
  n: number[];
  /** Who blocks each blocked heir, by index (undefined: not blocked; an empty list: distant kindred). */
  blockedBy: (HeirKey[] | undefined)[];
  /** The blocked heirs' indices in the order they were blocked (the result lists them so). */
  blockedOrder: number[];
  /** Fixed shares (fard) of whole classes by index (exact number fractions, q.ts). */
  fixed: (Q | undefined)[];
  /** The indices with a fixed share, in the order first given (as a Map's keys would be). */
  fixedOrder: number[];
  /** Residuary shares of whole classes, by index. */
  residue: (Q | undefined)[];
  /** Whether a residuary heir exists (then nothing goes to radd or Baitulmal). */
  hasResiduary: boolean;
  /** The grandfather shares with the siblings (Zayd's method) instead of blocking nobody. */
  jaddWithSiblings: boolean;
  steps: FaraidStep[];
  /** The input named an heir of uncertain status with a count > 0 (engine.ts then divides by reservation). */
  uncertain: boolean;
  /** The indices of the heirs with a count > 0, in HEIR_KEYS order (the result lists them, and only them). */
  present: number[];
}

const HEIRS = HEIR_KEYS.length;
/** Every count at 0 (copied per case). */
const NO_HEIRS: readonly number[] = HEIR_KEYS.map(() => 0);
/** Heir key → index, for reading the input (a Map: the input's keys are strings of any object shape). */
const INDEX = new Map<string, number>(HEIR_KEYS.map((k, i) => [k, i]));

/**
 * The working state for these heirs. One pass over the input's keys (an object of any shape: reading its keys
 * one by one by name costs more than walking it once, ADR 0144) fills the counts and notes an uncertain heir.
 */
export function newCtx(deceased: Sex, policy: FaraidPolicy, counts: HeirCounts): Ctx {
  const n = NO_HEIRS.slice();
  let uncertain = false;
  for (const k in counts) {
    const v = counts[k as keyof HeirCounts] ?? 0;
    const i = INDEX.get(k);
    if (i !== undefined) n[i] = v;
    else if (v > 0 && (k === 'khuntha_child' || k === 'mafqud_son' || k === 'unborn_child')) uncertain = true;
  }
  const present: number[] = [];
  for (let i = 0; i < HEIRS; i++) if (n[i] > 0) present.push(i);
  return {
    deceased,
    policy,
    n,
    blockedBy: new Array(HEIRS),
    blockedOrder: [],
    fixed: new Array(HEIRS),
    fixedOrder: [],
    residue: new Array(HEIRS),
    hasResiduary: false,
    jaddWithSiblings: false,
    steps: [],
    uncertain,
    present,
  };
}

/** A fraction from small integers. */
export const fr = (num: number, den = 1): Q => q(num, den);

/** Present (count > 0) and not blocked. */
export const has = (c: Ctx, i: number) => c.n[i] > 0 && c.blockedBy[i] === undefined;

/** Mark heir `i` blocked by `by` (the same list in the result and the step), with its step. */
export function block(c: Ctx, i: number, by: HeirKey[], rule: FaraidRule, source: string) {
  c.blockedBy[i] = by;
  c.blockedOrder.push(i);
  c.steps.push({ heir: HEIR_KEYS[i], rule, share: '0', by, source });
}

/** Mark `k` blocked by the present heirs of `by`, when `k` is present and one of `by` is. */
export function blockBy(c: Ctx, k: number, by: readonly number[], source: string = SOURCES.mughni): boolean {
  if (c.n[k] === 0) return false;
  if (c.blockedBy[k] !== undefined) return true;
  let who: HeirKey[] | undefined;
  for (let j = 0; j < by.length; j++) {
    const b = by[j];
    if (c.n[b] > 0 && c.blockedBy[b] === undefined) {
      if (who === undefined) who = [HEIR_KEYS[b]];
      else who.push(HEIR_KEYS[b]);
    }
  }
  if (who === undefined) return false;
  block(c, k, who, 'blocked', source);
  return true;
}

/** Set a fixed share (a new heir goes last in the order; an existing one keeps its place, as in a Map). */
export function setFixed(c: Ctx, i: number, f: Q) {
  if (c.fixed[i] === undefined) c.fixedOrder.push(i);
  c.fixed[i] = f;
}

/** Remove a fixed share (and its place in the order). */
export function deleteFixed(c: Ctx, i: number) {
  if (c.fixed[i] === undefined) return;
  c.fixed[i] = undefined;
  c.fixedOrder.splice(c.fixedOrder.indexOf(i), 1);
}

/** Sum of the fixed shares. */
export function fixedTotal(c: Ctx): Q {
  let s = Q_ZERO;
  for (let j = 0; j < c.fixedOrder.length; j++) s = addQ(s, c.fixed[c.fixedOrder[j]] as Q);
  return s;
}

/** What is left of the whole after the fixed shares (may be negative before 'awl). */
export function remainder(c: Ctx): Q {
  const t = fixedTotal(c);
  return q(t.den - t.num, t.den);
}

/** Add to a class's residue. */
export function giveResidue(c: Ctx, i: number, f: Q) {
  const r = c.residue[i];
  c.residue[i] = r === undefined ? addQ(Q_ZERO, f) : addQ(r, f);
}

/**
 * Divide `amount` among residuary classes, a male taking twice a female (al-Nisa' 4:11, 4:176):
 * `units` maps each class (by index) to its units per head (2 or 1).
 */
export function splitByUnits(c: Ctx, amount: Q, units: [number, 1 | 2][], rule: FaraidRule, source: string) {
  let total = 0;
  for (const [k, u] of units) total += c.n[k] * u;
  for (const [k, u] of units) {
    if (!c.n[k]) continue;
    const part = q(mul(amount.num, c.n[k] * u), mul(amount.den, total));
    giveResidue(c, k, part);
    c.steps.push({ heir: HEIR_KEYS[k], rule, share: fmt(part), source });
  }
}

/** "n/d" of a fraction (of the working, or of a result). */
export function fmt(f: Q | Fraction): string {
  const whole = typeof f.den === 'bigint' ? f.den === 1n : f.den === 1;
  return whole ? String(f.num) : `${f.num}/${f.den}`;
}

/** Record a fixed share with its step. */
export function giveFixed(c: Ctx, i: number, f: Q, rule: FaraidRule, source: string) {
  setFixed(c, i, f);
  c.steps.push({ heir: HEIR_KEYS[i], rule, share: fmt(f), source });
}
