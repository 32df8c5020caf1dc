/**
 * What the heirs' consent of a verified death rests on (issue 40 item 5; ADR 0275), read once for the heir's view,
 * the estate's view, the decision and the sealed record:
 * - from the estate file (estates index `consentBasis`; ADR 0282: one source, so the amounts an heir is shown are
 *   the file's figures after the death): the deceased's latest REGISTERED will (status 2); the bequests needing
 *   consent (a bequest to an heir, or the part beyond one third) with the file's part needing consent, named in the
 *   caller's language; the estate's heirs — the will's and those added on the file since the will, those who died
 *   before the deceased left out;
 * - whether each heir consents (domain `consentCapacity` on the day: 18 by the MyKad, Age of Majority Act 1971 s.2;
 *   not under guardianship as estate staff marked, `estate_heir_wards`); an heir the faraid engine excludes (hajb,
 *   faraid share 0) is `excluded`, one who died after the deceased `deceased` (ADR 0274);
 * - the decisions recorded (`estate_consents`, one final decision per heir and bequest).
 */
import {
  type BequestRef,
  type ConsentBequest,
  consentCapacity,
  type EstateConsent,
  type Language,
} from '@wasiat/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { death_reports, estate_consents, estate_heir_wards, users } from '../../db/schema/index.ts';
import { consentBasis } from '../estates/index.ts';

/** A connection or a transaction. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Whether an heir may consent today: domain `consentCapacity`, or `excluded` by the faraid engine (hajb), or
 * `deceased` (died after the deceased: inherits through their own estate, cannot consent themself; ADR 0274).
 */
type HeirCapacity = ReturnType<typeof consentCapacity> | 'excluded' | 'deceased';

/** An heir of the estate as the consents read them: a will heir, or one added on the estate file (ADR 0282). */
export interface ConsentHeir {
  id: string;
  name: string;
  relationship: string;
  ic_number: string | null;
  origin: 'will' | 'added';
  capacity: HeirCapacity;
  /** Estate staff's note when they marked the heir under guardianship. */
  ward_note: string | null;
}

/** One recorded decision (the row, trimmed). */
interface ConsentDecision extends EstateConsent {
  release_id: string;
}

/** Everything the consents of a report rest on (see the file comment). */
export interface ConsentState {
  report: { id: string; date_of_death: string; deceased_name: string };
  will: { id: string; wasiat_no: string | null } | null;
  bequests: ConsentBequest[];
  heirs: ConsentHeir[];
  decisions: ConsentDecision[];
}

/** The decisions of a report, the latest per heir and bequest (decisions are final, so there is one). */
async function decisionsOf(db: Conn, reportId: string): Promise<ConsentDecision[]> {
  const rows = await db
    .select()
    .from(estate_consents)
    .where(eq(estate_consents.death_report_id, reportId))
    .orderBy(desc(estate_consents.decided_at), desc(estate_consents.created_at));
  const seen = new Set<string>();
  const out: ConsentDecision[] = [];
  for (const r of rows) {
    const key = `${r.heir_id}|${r.bequest_ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      bequest_ref: r.bequest_ref as BequestRef,
      heir_id: r.heir_id,
      decision: r.decision as EstateConsent['decision'],
      decided_at: r.decided_at.toISOString(),
      release_id: r.release_id,
    });
  }
  return out;
}

/**
 * The consent state of report `reportId` (see the file comment), names in `lang`, capacities on `now`.
 * The caller has checked that it may see the report. `will` is null (and the lists empty) without a registered will.
 */
export async function consentState(
  db: Conn,
  reportId: string,
  lang: Language,
  now = new Date(),
): Promise<ConsentState> {
  const [r] = await db
    .select({
      id: death_reports.id,
      date_of_death: death_reports.date_of_death,
      deceased_user_id: death_reports.deceased_user_id,
      deceased_name: users.name,
    })
    .from(death_reports)
    .leftJoin(users, eq(users.id, death_reports.deceased_user_id))
    .where(eq(death_reports.id, reportId));
  const report = { id: reportId, date_of_death: r?.date_of_death ?? '', deceased_name: r?.deceased_name ?? '' };
  const basis = await consentBasis(db, reportId, lang, now);
  if (!basis.will) return { report, will: null, bequests: [], heirs: [], decisions: [] };
  const { will, bequests } = basis;
  const wards = await db.select().from(estate_heir_wards).where(eq(estate_heir_wards.death_report_id, reportId));
  const wardOf = new Map(wards.map((w) => [w.heir_id, w]));
  const heirs: ConsentHeir[] = basis.heirs.map((h) => {
    const ward = wardOf.get(h.id);
    const capacity: HeirCapacity =
      h.status === 'died_after'
        ? 'deceased'
        : h.excluded
          ? 'excluded'
          : consentCapacity(h.ic_number, !!ward?.under_guardianship, now);
    return {
      id: h.id,
      name: h.name,
      relationship: h.relationship,
      ic_number: h.ic_number,
      origin: h.origin,
      capacity,
      ward_note: ward?.under_guardianship ? (ward.note ?? null) : null,
    };
  });
  return { report, will, bequests, heirs, decisions: await decisionsOf(db, reportId) };
}

/**
 * How heir `heirId` stands to bequest `b`: `own` (it goes to them), their decision, `pending` (an adult who has not
 * decided), or their capacity when they do not consent (`minor`, `guardianship`, `age_unknown`, `excluded`).
 */
export function standing(state: ConsentState, heir: ConsentHeir, b: ConsentBequest) {
  const d = state.decisions.find((x) => x.heir_id === heir.id && x.bequest_ref === b.bequest_ref);
  if (d) return { status: d.decision, decided_at: d.decided_at };
  if (b.heir_ids.includes(heir.id)) return { status: 'own' as const, decided_at: null };
  if (heir.capacity !== 'adult') return { status: heir.capacity, decided_at: null };
  return { status: 'pending' as const, decided_at: null };
}
