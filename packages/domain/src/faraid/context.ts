/**
 * The working state of one faraid calculation, shared by the stages (blocking → furud → special
 * cases → asabah → 'awl / radd). Each stage reads counts and writes shares and the reasons (steps).
 */
import type { Fraction } from '../validation/shares.ts';
import { type FaraidPolicy, HEIR_KEYS, type HeirCounts, type HeirKey, type Sex, type ShareKey } from './heirs.ts';
import { addQ, mul, type Q, Q_ZERO, q, sumQ } from './q.ts';

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

export interface Ctx {
  deceased: Sex;
  policy: FaraidPolicy;
  /** Count of each heir key (0 when absent). */
  n: Record<HeirKey, number>;
  /** Blocked heirs and who blocks them. */
  blocked: Map<HeirKey, HeirKey[]>;
  /** Fixed shares (fard) of whole classes (exact number fractions, q.ts). */
  fixed: Map<HeirKey, Q>;
  /** Residuary shares of whole classes. */
  residue: Map<HeirKey, Q>;
  /** Whether a residuary heir exists (then nothing goes to radd or Baitulmal). */
  hasResiduary: boolean;
  /** The grandfather shares with the siblings (Zayd's method) instead of blocking nobody. */
  jaddWithSiblings: boolean;
  steps: FaraidStep[];
  /** The input named an heir of uncertain status with a count > 0 (engine.ts then divides by reservation). */
  uncertain: boolean;
  /** The heirs with a count > 0, in HEIR_KEYS order (the result lists them, and only them). */
  present: HeirKey[];
}

/** Every key at 0 (copied by spread: much faster than adding 36 keys one by one). */
const NO_HEIRS = Object.fromEntries(HEIR_KEYS.map((k) => [k, 0])) as Record<HeirKey, number>;
/** Each key's place in HEIR_KEYS. */
const ORDER = Object.fromEntries(HEIR_KEYS.map((k, i) => [k, i])) as Record<HeirKey, number>;

/**
 * The working state for these heirs. One pass over the input's keys (an object of any shape: reading its keys
 * one by one by name costs more than walking it once, ADR 0144) fills the counts and notes an uncertain heir.
 */
export function newCtx(deceased: Sex, policy: FaraidPolicy, counts: HeirCounts): Ctx {
  const n: Record<HeirKey, number> = { ...NO_HEIRS };
  let uncertain = false;
  const present: HeirKey[] = [];
  for (const k in counts) {
    const v = counts[k as keyof HeirCounts] ?? 0;
    if (k in NO_HEIRS) {
      n[k as HeirKey] = v;
      if (v > 0) present.push(k as HeirKey);
    } else if (v > 0 && (k === 'khuntha_child' || k === 'mafqud_son' || k === 'unborn_child')) uncertain = true;
  }
  return {
    deceased,
    policy,
    n,
    blocked: new Map(),
    fixed: new Map(),
    residue: new Map(),
    hasResiduary: false,
    jaddWithSiblings: false,
    steps: [],
    uncertain,
    present: present.length > 1 ? present.sort((a, b) => ORDER[a] - ORDER[b]) : present,
  };
}

/** A fraction from small integers. */
export const fr = (num: number, den = 1): Q => q(num, den);

/** Present (count > 0) and not blocked. */
export const has = (c: Ctx, k: HeirKey) => c.n[k] > 0 && !c.blocked.has(k);

/** Mark `k` blocked by the first present heir of `by`, when `k` is present and one of `by` is. */
export function blockBy(c: Ctx, k: HeirKey, by: readonly HeirKey[], source: string = SOURCES.mughni): boolean {
  if (c.n[k] === 0 || c.blocked.has(k)) return c.blocked.has(k);
  const who = by.filter((b) => c.n[b] > 0 && !c.blocked.has(b));
  if (!who.length) return false;
  c.blocked.set(k, who);
  c.steps.push({ heir: k, rule: 'blocked', share: '0', by: who, source });
  return true;
}

/** Sum of the fixed shares. */
export const fixedTotal = (c: Ctx): Q => sumQ(c.fixed.values());

/** What is left of the whole after the fixed shares (may be negative before 'awl). */
export function remainder(c: Ctx): Q {
  const t = fixedTotal(c);
  return q(t.den - t.num, t.den);
}

/** Add to a class's residue. */
export function giveResidue(c: Ctx, k: HeirKey, f: Q) {
  c.residue.set(k, addQ(c.residue.get(k) ?? Q_ZERO, f));
}

/**
 * Divide `amount` among residuary classes, a male taking twice a female (al-Nisa' 4:11, 4:176):
 * `units` maps each class to its units per head (2 or 1).
 */
export function splitByUnits(c: Ctx, amount: Q, units: [HeirKey, 1 | 2][], rule: FaraidRule, source: string) {
  let total = 0;
  for (const [k, u] of units) total += c.n[k] * u;
  for (const [k, u] of units) {
    if (!c.n[k]) continue;
    const part = q(mul(amount.num, c.n[k] * u), mul(amount.den, total));
    giveResidue(c, k, part);
    c.steps.push({ heir: k, rule, share: fmt(part), source });
  }
}

/** "n/d" of a fraction (of the working, or of a result). */
export function fmt(f: Q | Fraction): string {
  const whole = typeof f.den === 'bigint' ? f.den === 1n : f.den === 1;
  return whole ? String(f.num) : `${f.num}/${f.den}`;
}

/** Record a fixed share with its step. */
export function giveFixed(c: Ctx, k: HeirKey, f: Q, rule: FaraidRule, source: string) {
  c.fixed.set(k, f);
  c.steps.push({ heir: k, rule, share: fmt(f), source });
}
