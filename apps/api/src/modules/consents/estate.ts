/**
 * What the heirs' consent of a verified death rests on (issue 40 item 5; ADR 0275), read once for the heir's view,
 * the estate's view, the decision and the sealed record:
 * - the will: the deceased's latest REGISTERED will (status 2), as the estate file takes it (estates/facts.ts);
 * - the bequests needing consent: domain `bequestsNeedingConsent` over the will's live rows (wills module
 *   `liveContent` → `ruleInputOf`: the rules of faraid/heir-bequests.ts and faraid/one-third.ts), each named by the
 *   domain's `propertyLabel` in the caller's language;
 * - each heir of the will and whether they consent (domain `consentCapacity` on the day: 18 by the MyKad, Age of
 *   Majority Act 1971 s.2; not under guardianship as estate staff marked, `estate_heir_wards`), an heir the faraid
 *   engine excludes (hajb, faraid share 0) being `excluded`;
 * - the decisions recorded (`estate_consents`, one final decision per heir and bequest).
 */
import {
  type BequestRef,
  bequestsNeedingConsent,
  type ConsentBequest,
  consentCapacity,
  type EstateConsent,
  faraidFractionsOfHeirs,
  type Language,
  propertyLabel,
} from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { death_reports, estate_consents, estate_heir_wards, users, wills } from '../../db/schema/index.ts';
import { liveContent, ruleInputOf } from '../wills/index.ts';

/** A connection or a transaction. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whether an heir may consent today: domain `consentCapacity`, or `excluded` by the faraid engine (hajb). */
type HeirCapacity = ReturnType<typeof consentCapacity> | 'excluded';

/** An heir of the will as the consents read them. */
export interface ConsentHeir {
  id: string;
  name: string;
  relationship: string;
  ic_number: string | null;
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

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The name of each reference in `lang` (domain `propertyLabel`; a wasiat am with its beneficiary). */
function labeller(content: Awaited<ReturnType<typeof liveContent>>, lang: Language) {
  const byId = (rows: Row[]) => new Map(rows.map((r) => [String(r.id), r]));
  const m = byId(content.moveables);
  const i = byId(content.immoveables);
  const b = byId(content.bequests ?? []);
  return (ref: BequestRef) => {
    const [kind, id] = ref.split(':') as ['moveable' | 'immoveable' | 'bequest', string];
    if (kind === 'moveable') return propertyLabel('MoveableProperty', m.get(id) ?? {}, lang);
    if (kind === 'immoveable') return propertyLabel('ImmoveableProperty', i.get(id) ?? {}, lang);
    const row = b.get(id) ?? {};
    const label = propertyLabel('Bequest', { purpose: str(row.purpose) }, lang);
    return row.beneficiary_name ? `${label} (${row.beneficiary_name})` : label;
  };
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
 * The latest decision per heir and bequest of report `reportId` (domain `EstateConsent`), for the estate file's
 * distribution (issue 40 item 4; ADR 0274). An unknown report, or one without decisions: `[]`.
 */
export async function consentsOf(db: Conn, reportId: string): Promise<EstateConsent[]> {
  return (await decisionsOf(db, reportId)).map(({ release_id: _, ...c }) => c);
}

/** The heirs of report `reportId` that estate staff marked under guardianship (heir ids; ADR 0275). */
export async function wardsOf(db: Conn, reportId: string): Promise<string[]> {
  const rows = await db
    .select({ heir_id: estate_heir_wards.heir_id })
    .from(estate_heir_wards)
    .where(eq(estate_heir_wards.death_report_id, reportId));
  return rows.map((r) => r.heir_id);
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
  const [will] = r?.deceased_user_id
    ? await db
        .select({ id: wills.id, wasiat_no: wills.wasiat_no })
        .from(wills)
        .where(and(eq(wills.user_id, r.deceased_user_id), eq(wills.status, 2)))
        .orderBy(desc(wills.registered_at))
        .limit(1)
    : [];
  if (!will) return { report, will: null, bequests: [], heirs: [], decisions: [] };
  const content = await liveContent(db, will.id);
  const input = ruleInputOf(content);
  const bequests = bequestsNeedingConsent(input, labeller(content, lang));
  const faraid = faraidFractionsOfHeirs(input.deceased, input.heirs);
  const wards = await db.select().from(estate_heir_wards).where(eq(estate_heir_wards.death_report_id, reportId));
  const wardOf = new Map(wards.map((w) => [w.heir_id, w]));
  const heirs: ConsentHeir[] = content.heirs.map((h) => {
    const id = String(h.id);
    const ward = wardOf.get(id);
    const share = faraid.get(id)?.faraid;
    const capacity: HeirCapacity =
      share && share.num === 0n ? 'excluded' : consentCapacity(str(h.ic_number), !!ward?.under_guardianship, now);
    return {
      id,
      name: String(h.name ?? ''),
      relationship: String(h.relationship ?? ''),
      ic_number: str(h.ic_number),
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
