/**
 * The wasiat wajibah on the estate file (issue 40 item 4 with issue 41 item 6; ADRs 0270, 0282): the rule of
 * wasiat-wajibah.ts (`wajibahOfWill`) worked out on the facts after the death — what remains after the claims, and
 * the heirs as corrected on the file (an heir who died before the deceased removed, one born or married since the
 * will added) — for the predeceased children the will records.
 *
 * Where it sits (ADR 0270 as it stands; ADR 0282): it is worked on what remains after the claims (funeral, executor
 * fee, zakat, debts, harta sepencarian), the same base as the one third of the bequests; the lines together are
 * capped at one third of it (Selangor s.27(2) as read; Kelantan (2)(f)); it takes effect by law, without the heirs'
 * consent, and comes out before faraid together with the bequests that take effect. What the enactments as read do
 * not state — whether it ranks before the voluntary bequests within one third — is not decided here: the one-third
 * limit on the voluntary bequests (s.26(1)) stays as it is, as in the will's own figures (ADR 0270).
 *
 * Amounts in integer sen; each grandchild's part is rounded down (wasiat-wajibah.ts) and a line is the sum of its
 * grandchildren's due, so every line adds up to its grandchildren exactly.
 */
import { WASIAT_ENACTMENTS } from '../governing-law.ts';
import type { GeneralBequestLike, HeirOfWill } from './heir-bequests.ts';
import type { Sex } from './heirs.ts';
import { type PredeceasedChildInput, wajibahOfWill } from './predeceased-children.ts';
import type { WajibahLineStatus, WajibahProvision } from './wasiat-wajibah.ts';
import { willHeirsToFaraid } from './will-estate.ts';

/** What the estate file reads the wasiat wajibah from: the will's predeceased children and the governing state. */
export interface EstateWajibahInput {
  /** The state whose law governs the will (governing-law.ts), null when none is recorded. */
  state: string | null;
  predeceased: readonly PredeceasedChildInput[];
}

/** One grandchild of a wasiat wajibah line (sen). */
interface WajibahGrandchildLine {
  name: string;
  sex: Sex;
  ic_number: string | null;
  /** Their part of the line's share of what remains after the claims (rounded down). */
  entitled_sen: number;
  /** What the will already gives them (a wasiat am naming them, by MyKad or name). */
  given_sen: number;
  /** What the wasiat wajibah adds: entitled − given, never below 0. */
  due_sen: number;
}

/** One predeceased child's line. */
interface WajibahEstateLine {
  name: string;
  sex: Sex;
  died_on: string;
  status: WajibahLineStatus;
  /** The share the parent would have taken alive ("n/d"), and the line's share after the one-third cap. */
  parent_share: string;
  share: string;
  /** The sum of the grandchildren's due (sen). */
  due_sen: number;
  grandchildren: WajibahGrandchildLine[];
}

/** The wasiat wajibah section of the distribution (null when the will records no predeceased child). */
export interface EstateWajibah {
  state: string | null;
  provision: WajibahProvision | null;
  /** The law cited (ADR 0270: the section where read). */
  source: string;
  /** One third of what remains after the claims (sen, rounded down), and whether the lines were cut to it. */
  cap_sen: number;
  capped: boolean;
  /** The lines' due together (sen): taken before faraid. */
  total_sen: number;
  lines: WajibahEstateLine[];
}

/** The enactment (and section where read) a state's provision rests on, or that none is recorded (ADR 0270). */
function wajibahSource(state: string | null, provision: WajibahProvision | null): string {
  if (!provision) return `No wasiat wajibah recorded for ${state ?? 'an unrecorded state'} (ADR 0270)`;
  const act = WASIAT_ENACTMENTS.find((e) => e.state === provision.state)?.title_ms ?? provision.state;
  return provision.section
    ? `${act} s.${provision.section} (as read: ADR 0270)`
    : `${act}, wasiat wajibah (section not read: ADR 0270)`;
}

/**
 * The wasiat wajibah of the estate (see the module comment): null when no predeceased child is recorded or the
 * deceased's sex is unknown (faraid cannot run). `heirs` are the heirs of the file as corrected; `afterClaims` in sen.
 */
export function estateWajibah(
  deceased: Sex | null,
  heirs: readonly HeirOfWill[],
  bequests: readonly GeneralBequestLike[],
  afterClaims: number,
  input: EstateWajibahInput | null | undefined,
): EstateWajibah | null {
  if (!input?.predeceased.length || !deceased) return null;
  // A predeceased son's children come from the will's record of him (wasiat-wajibah.ts adds those who inherit);
  // the same grandchildren added on the file as heirs (`sons_child`, ADR 0294) are not counted a second time.
  const r = wajibahOfWill({
    deceased,
    heirs: willHeirsToFaraid(
      deceased,
      heirs.filter((h) => h.relationship !== 'sons_child'),
    ).counts,
    predeceased: input.predeceased,
    bequests: bequests.map((b) => ({ name: b.beneficiary_name, ic_number: b.ic_number, portion: b.portion })),
    netEstateSen: afterClaims,
    bequestsSen: 0,
    state: input.state,
  });
  if (!r) return null;
  return {
    state: input.state,
    provision: r.provision,
    source: wajibahSource(input.state, r.provision),
    cap_sen: r.capSen,
    capped: r.capped,
    total_sen: r.totalDueSen,
    lines: r.lines.map((l, i) => ({
      name: input.predeceased[i].name,
      sex: l.sex,
      died_on: input.predeceased[i].died_on,
      status: l.status,
      parent_share: l.parentShare,
      share: l.share,
      due_sen: l.dueSen,
      grandchildren: l.grandchildren.map((g, j) => ({
        name: input.predeceased[i].children[j].name,
        sex: g.sex,
        ic_number: input.predeceased[i].children[j].ic_number ?? null,
        entitled_sen: g.entitledSen,
        given_sen: g.givenSen,
        due_sen: g.dueSen,
      })),
    })),
  };
}
