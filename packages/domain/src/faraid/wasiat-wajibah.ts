/**
 * Wasiat wajibah — the obligatory bequest to grandchildren whose parent died before the testator (issue 41 item 6;
 * ADR 0270). Pure; used by the will's estate view, the will PDF and the wizard.
 *
 * Sources (ADR 0270 says what was and was not read):
 * - Enakmen Wasiat Orang Islam (Selangor) 1999 [En. 4/1999], Part VIII "Wasiat Wajibah", s.27 "Wasiat kepada cucu"
 *   (the heading read in the enacted text's arrangement of sections, JKSM e-Syariah portal). The text of s.27 itself
 *   was NOT read from the portal; its operative words were read in the model section "Wasiat kepada cucu" that the
 *   Kelantan Jemaah Ulama' adopted for its draft law (fatwa 2/2008, 30 April 2008, muftikelantan.gov.my):
 *   (1) a person who dies making no wasiat to the grandchildren of a SON who died before them (or with them): the
 *   grandchildren are entitled to a wasiat wajibah, and a lesser bequest to them is completed up to it; (2) its
 *   rate is what the son would have taken from the estate had he died after the testator, provided it does not
 *   exceed one third of the estate; (3) no entitlement where the grandchildren inherit from the testator, or the
 *   testator gave them, by will or without consideration in life, property equal to it.
 *   Negeri Sembilan 2004 and Melaka 2005 adopted the Selangor provision almost word for word (Tajul Aris Ahmad
 *   Bustami, "The application of obligatory bequest in Malaysia: issues & challenges"; his IIUM PhD thesis, 2009).
 * - Enakmen Wasiat Orang Islam Kelantan 2009, its wasiat wajibah conditions (2)(a)–(f), read in a published copy
 *   of the enactment: grandchildren of a son AND of a daughter qualify (a); the parent died before (or with) the
 *   grandparent (b); not if they inherit by fard or ta'sib (c); gifts by hibah, waqf or wasiat at the rate due bar
 *   it, and a lesser gift is completed (e); they take the faraid share of the predeceased parent, not more than
 *   one third (f). The section number was not read.
 *
 * The working follows the published method of the same law in its origin (Egyptian Law of Bequests 1946 and the
 * laws after it), as the worked examples in the tests show: the predeceased children are deemed alive together
 * with the testator's heirs, each one's faraid share of the whole is that line's wasiat wajibah; the lines together
 * are cut to one third (each in proportion); a line's amount is divided among its children, a male twice a female;
 * each grandchild's due is their amount less what the will already gives them; faraid then divides what remains.
 * The enactments as read do not say how a line is divided among its children nor how the lines share the cap:
 * those two steps are the published method, not the enactments' words (ADR 0270).
 *
 * Money is integer sen; shares are exact fractions of the net estate (after funeral, debts, harta sepencarian).
 */
import {
  addFractions,
  compareFractions,
  divFractions,
  type Fraction,
  formatFraction,
  fraction,
  mulFractions,
  ZERO,
} from '../validation/shares.ts';
import { allocateSen } from './amounts.ts';
import { calculateFaraid, type FaraidResult } from './engine.ts';
import type { FaraidPolicy, HeirCounts, Sex } from './heirs.ts';

/** Which predeceased children's children a state's law covers. */
export type WajibahLineage = 'son' | 'son_or_daughter';

/** A state's wasiat wajibah provision as read (ADR 0270). */
export interface WajibahProvision {
  state: 'Selangor' | 'Negeri Sembilan' | 'Melaka' | 'Kelantan';
  /** The section, where read ("27"), else null. */
  section: string | null;
  lineage: WajibahLineage;
}

/**
 * The states whose wasiat enactment (governing-law.ts `WASIAT_ENACTMENTS`) provides a wasiat wajibah, as read
 * (ADR 0270). Every other state: none recorded.
 */
export const WAJIBAH_PROVISIONS: readonly WajibahProvision[] = [
  { state: 'Selangor', section: '27', lineage: 'son' },
  { state: 'Negeri Sembilan', section: null, lineage: 'son' },
  { state: 'Melaka', section: null, lineage: 'son' },
  { state: 'Kelantan', section: null, lineage: 'son_or_daughter' },
];

/** The provision of `state`, or null (no wasiat wajibah recorded for it). */
export function wajibahProvisionFor(state: string | null | undefined): WajibahProvision | null {
  return WAJIBAH_PROVISIONS.find((p) => p.state === state) ?? null;
}

/** A grandchild of a predeceased child. */
export interface WajibahGrandchild {
  name?: string;
  sex: Sex;
  /** What the testator already gives this grandchild by the will (or gave without consideration), in sen. */
  givenSen?: number;
}
/** A child of the testator who died before them, with their own children. */
export interface PredeceasedChild {
  name?: string;
  sex: Sex;
  children: readonly WajibahGrandchild[];
}

export interface WajibahInput {
  /** The testator's sex. */
  deceased: Sex;
  /**
   * The testator's surviving heirs by engine key, NOT counting the children of the predeceased children given
   * in `predeceased` (those are added here where they inherit).
   */
  heirs: HeirCounts;
  policy?: FaraidPolicy;
  predeceased: readonly PredeceasedChild[];
  /** The net estate (sen): the gross less funeral, debts and harta sepencarian. */
  netEstateSen: number;
  /**
   * The will's bequests in sen (within their own limit), those to these grandchildren included: deducted before
   * faraid with the wasiat wajibah (which adds only what the bequests to a grandchild fall short of).
   */
  otherBequestsSen?: number;
  /** The state whose law governs the will (governing-law.ts). */
  state: string | null;
}

/**
 * Why a line takes no wasiat wajibah: `no_provision` (the governing state's law provides none as recorded),
 * `lineage` (the law covers only a son's children), `no_children`, `inherits` (the children are faraid heirs).
 */
export type WajibahLineStatus = 'entitled' | 'no_provision' | 'lineage' | 'no_children' | 'inherits';

export interface WajibahGrandchildResult {
  name?: string;
  sex: Sex;
  /** The grandchild's part of the line's amount (sen, rounded down). */
  entitledSen: number;
  givenSen: number;
  /** What the wasiat wajibah adds: entitled less given, never below 0. */
  dueSen: number;
}
export interface WajibahLine {
  name?: string;
  sex: Sex;
  status: WajibahLineStatus;
  /** The share of the net estate the parent would have taken alive ("n/d"), "0" when not entitled. */
  parentShare: string;
  /** The line's share after the one-third cap ("n/d"). */
  share: string;
  grandchildren: WajibahGrandchildResult[];
  /** The line's wasiat wajibah due (sen): the sum of its grandchildren's due. */
  dueSen: number;
}
export interface WajibahResult {
  provision: WajibahProvision | null;
  lines: WajibahLine[];
  /** One third of the net estate (sen, rounded down). */
  capSen: number;
  /** The lines together exceeded one third and were cut to it. */
  capped: boolean;
  totalDueSen: number;
  /** What faraid divides: net − wasiat wajibah − the will's bequests (never below 0). */
  faraidEstateSen: number;
  /** The faraid shares of the heirs (with the predeceased son's children who inherit). */
  faraid: FaraidResult;
  /** The faraid amounts (sen) of `faraidEstateSen` by share key (amounts.ts rounding). */
  amounts: Record<string, number>;
}

const ONE_THIRD: Fraction = fraction(1n, 3n);
const floorSen = (estate: number, f: Fraction) => Number((BigInt(estate) * f.num) / f.den);
const add = (h: HeirCounts, key: keyof HeirCounts, n: number): HeirCounts =>
  n > 0 ? { ...h, [key]: (h[key] ?? 0) + n } : h;

/** Whether a share is more than nothing. */
const positive = (f: Fraction | undefined) => !!f && f.num > 0n;

/**
 * The wasiat wajibah of a will and the faraid of what remains (see the file comment for the rule and sources).
 * Lines whose law does not apply come back with their status and 0 due. A predeceased son's children who inherit
 * (no son survives to exclude them) take by faraid, not by wasiat wajibah (s.27(3) as read; Kelantan (2)(c)).
 * @throws RangeError when `netEstateSen` is negative.
 */
export function wasiatWajibah(input: WajibahInput): WajibahResult {
  if (input.netEstateSen < 0) throw new RangeError('netEstateSen must not be negative');
  const policy = input.policy ?? 'baitulmal';
  const provision = wajibahProvisionFor(input.state);
  const net = input.netEstateSen;

  // The sons' children of every predeceased son: one class in faraid, whichever son is their parent.
  const sonLines = input.predeceased.filter((p) => p.sex === 'male' && p.children.length > 0);
  const count = (lines: readonly PredeceasedChild[], sex: Sex) =>
    lines.reduce((n, l) => n + l.children.filter((c) => c.sex === sex).length, 0);
  let withGrandchildren = add(input.heirs, 'sons_son', count(sonLines, 'male'));
  withGrandchildren = add(withGrandchildren, 'sons_daughter', count(sonLines, 'female'));
  const probe = calculateFaraid({ deceased: input.deceased, heirs: withGrandchildren, policy });
  const inherits = (c: WajibahGrandchild) => positive(probe.shares[c.sex === 'male' ? 'sons_son' : 'sons_daughter']);

  const statusOf = (p: PredeceasedChild): WajibahLineStatus => {
    if (!provision) return 'no_provision';
    if (p.sex === 'female' && provision.lineage === 'son') return 'lineage';
    if (!p.children.length) return 'no_children';
    if (p.sex === 'male' && p.children.some(inherits)) return 'inherits';
    return 'entitled';
  };
  const statuses = input.predeceased.map(statusOf);

  // The heirs faraid divides the rest among: the heirs and the sons' children who inherit.
  const inheriting = sonLines.filter((l) => l.children.some(inherits));
  let heirs = add(input.heirs, 'sons_son', count(inheriting, 'male'));
  heirs = add(heirs, 'sons_daughter', count(inheriting, 'female'));

  // The entitled parents deemed alive with those heirs: each one's share per head.
  const entitled = input.predeceased.filter((_, i) => statuses[i] === 'entitled');
  const sons = entitled.filter((p) => p.sex === 'male').length;
  const daughters = entitled.length - sons;
  const parentShares = new Map<PredeceasedChild, Fraction>();
  if (entitled.length) {
    const alive = add(add(heirs, 'son', sons), 'daughter', daughters);
    const r = calculateFaraid({ deceased: input.deceased, heirs: alive, policy });
    const perHead = (key: 'son' | 'daughter') =>
      divFractions(r.shares[key] ?? ZERO, fraction(BigInt(alive[key] ?? 1), 1n));
    for (const p of entitled) parentShares.set(p, perHead(p.sex === 'male' ? 'son' : 'daughter'));
  }

  const total = addFractions([...parentShares.values()]);
  const capped = compareFractions(total, ONE_THIRD) > 0;
  const scale = capped ? divFractions(ONE_THIRD, total) : fraction(1n, 1n);

  const lines: WajibahLine[] = input.predeceased.map((p, i) => {
    const parent = parentShares.get(p);
    if (!parent) {
      return {
        name: p.name,
        sex: p.sex,
        status: statuses[i],
        parentShare: '0',
        share: '0',
        grandchildren: p.children.map((c) => ({
          name: c.name,
          sex: c.sex,
          entitledSen: 0,
          givenSen: c.givenSen ?? 0,
          dueSen: 0,
        })),
        dueSen: 0,
      };
    }
    const share = mulFractions(parent, scale);
    const weights = p.children.reduce((n, c) => n + (c.sex === 'male' ? 2 : 1), 0);
    const grandchildren = p.children.map((c) => {
      const part = mulFractions(share, fraction(BigInt(c.sex === 'male' ? 2 : 1), BigInt(weights)));
      const entitledSen = floorSen(net, part);
      const givenSen = c.givenSen ?? 0;
      return { name: c.name, sex: c.sex, entitledSen, givenSen, dueSen: Math.max(0, entitledSen - givenSen) };
    });
    return {
      name: p.name,
      sex: p.sex,
      status: 'entitled',
      parentShare: formatFraction(parent),
      share: formatFraction(share),
      grandchildren,
      dueSen: grandchildren.reduce((n, g) => n + g.dueSen, 0),
    };
  });

  const totalDueSen = lines.reduce((n, l) => n + l.dueSen, 0);
  const faraidEstateSen = Math.max(0, net - totalDueSen - (input.otherBequestsSen ?? 0));
  const faraid = calculateFaraid({ deceased: input.deceased, heirs, policy });
  const parts = Object.entries(faraid.shares).filter((e): e is [string, Fraction] => positive(e[1]));
  return {
    provision,
    lines,
    capSen: floorSen(net, ONE_THIRD),
    capped,
    totalDueSen,
    faraidEstateSen,
    faraid,
    amounts: allocateSen(faraidEstateSen, parts),
  };
}
