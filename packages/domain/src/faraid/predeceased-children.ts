/**
 * The testator's predeceased children as the will records them (issue 41 item 6; ADR 0270): the body of
 * `PUT /api/wasiat/{id}/predeceased-children` and the reading of a will into the wasiat wajibah rule
 * (wasiat-wajibah.ts). Errors are message KEYS (`locales/{ms,en}/wajibah.json`, validation.json).
 */
import { z } from 'zod';
import { klToday } from '../datetime.ts';
import { mykad, personName, requiredString, V } from '../validation/common.ts';
import { isPortionError, parsePortion } from '../validation/shares.ts';
import { opt } from '../validation/will-fields.ts';
import type { HeirCounts, Sex } from './heirs.ts';
import { type WajibahResult, wasiatWajibah } from './wasiat-wajibah.ts';

/** Message keys of this rule. */
export const WAJIBAH_MSG = {
  dateInvalid: 'wajibah.date_invalid',
  dateFuture: 'wajibah.date_future',
  tooMany: 'wajibah.too_many',
} as const;

/** At most this many predeceased children, and grandchildren of each (a form, not a rule of law). */
export const PREDECEASED_MAX = 20;
export const GRANDCHILDREN_MAX = 30;

const sex = () => z.enum(['male', 'female'], { error: V.choose });

/** A real calendar date `YYYY-MM-DD`, not after today in Kuala Lumpur (the child died before the will). */
const deathDate = () =>
  requiredString()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: WAJIBAH_MSG.dateInvalid })
    .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s, {
      error: WAJIBAH_MSG.dateInvalid,
    })
    .refine((s) => s <= klToday(), { error: WAJIBAH_MSG.dateFuture });

/** A grandchild: name, sex, and the MyKad when they have one (it matches bequests to them). */
export const grandchildSchema = z.object({ name: personName(), sex: sex(), ic_number: opt(mykad()) });

/** A predeceased child: name, sex, date of death, and their children. */
export const predeceasedChildSchema = z.object({
  name: personName(),
  sex: sex(),
  died_on: deathDate(),
  children: z.array(grandchildSchema).max(GRANDCHILDREN_MAX, { error: WAJIBAH_MSG.tooMany }).default([]),
});

/** `PUT /api/wasiat/{id}/predeceased-children`: the whole list (replaces the one recorded). */
export const predeceasedChildrenSchema = z.object({
  children: z.array(predeceasedChildSchema).max(PREDECEASED_MAX, { error: WAJIBAH_MSG.tooMany }),
});
export type PredeceasedChildInput = z.output<typeof predeceasedChildSchema>;

/** A bequest of the will as matched to a grandchild (by MyKad when both have one, else by name). */
export interface BequestToPerson {
  name?: string | null;
  ic_number?: string | null;
  portion: string;
}

const norm = (s: string | null | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether a bequest names this grandchild: the same MyKad when both have one, else the same name. */
export function bequestIsTo(b: BequestToPerson, g: { name: string; ic_number?: string | null }): boolean {
  const bi = b.ic_number?.trim();
  const gi = g.ic_number?.trim();
  if (bi && gi) return bi === gi;
  return !!norm(b.name) && norm(b.name) === norm(g.name);
}

export interface WillWajibahArgs {
  /** The testator's sex (will-estate.ts `testatorSex`), null when unknown. */
  deceased: Sex | null;
  /** The will's heirs by engine key (will-estate.ts `willHeirsToFaraid(...).counts`). */
  heirs: HeirCounts;
  predeceased: readonly PredeceasedChildInput[];
  /** The will's bequests (portions of the net estate). */
  bequests: readonly BequestToPerson[];
  /** The net estate after claims (sen), null when unknown. */
  netEstateSen: number | null;
  /** All the will's bequests in sen (the estate figures' `bequests_sen`). */
  bequestsSen: number | null;
  /** The governing state (governing-law.ts). */
  state: string | null;
}

/**
 * The wasiat wajibah of a will: each grandchild's bequests in the will count as given to them (s.27 as read: a
 * lesser bequest is completed); every bequest of the will (theirs too) comes off before faraid. Null when the testator's sex or
 * the net estate is unknown (nothing can be worked out yet).
 */
export function wajibahOfWill(a: WillWajibahArgs): WajibahResult | null {
  if (!a.deceased || a.netEstateSen === null) return null;
  const net = a.netEstateSen;
  const portionSen = (b: BequestToPerson) => {
    const p = parsePortion(b.portion);
    return isPortionError(p) ? 0 : Number((BigInt(net) * p.num) / p.den);
  };
  const predeceased = a.predeceased.map((p) => ({
    name: p.name,
    sex: p.sex,
    children: p.children.map((c) => {
      const givenSen = a.bequests.filter((b) => bequestIsTo(b, c)).reduce((n, b) => n + portionSen(b), 0);
      return { name: c.name, sex: c.sex, givenSen };
    }),
  }));
  return wasiatWajibah({
    deceased: a.deceased,
    heirs: a.heirs,
    predeceased,
    netEstateSen: net,
    // Every bequest of the will comes out of the estate before faraid, those to the grandchildren included.
    otherBequestsSen: a.bequestsSen ?? 0,
    state: a.state,
  });
}
