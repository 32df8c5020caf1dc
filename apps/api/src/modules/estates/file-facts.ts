/**
 * What the estate file is worked out from (issue 40 item 4; ADR 0274), read after the estate check (policy.ts):
 * the right office's facts (facts.ts: the deceased, the latest registered will, staff's values), the will's content
 * as its rules read it (wills index `liveContent` → `ruleInputOf`: heirs, property with shares and values, bequests),
 * the heirs asked again (`estate_heir_changes`), the asset map (assets index `liveEntriesOf`), the claims entered
 * after the death (`estate_claims`), the deceased's hibahs (hibah index `hibahsOfDeceased`) and the will's
 * predeceased children with its governing state (wills index `wajibahFactsOfWill`: the wasiat wajibah, ADR 0282).
 * Pure reads.
 *
 * Each asset once (ADR 0274): an asset-map entry of the estate that the will also lists (domain `sameAsset`: the
 * same account, registration or title number) is the will's property, at the later of the two estimates; the other
 * entries of the estate are added; nominations are outside it; debts and zakat are the map's liabilities.
 */
import {
  assetGroupOf,
  consentCapacity,
  type EstateHeir,
  type EstateWajibahInput,
  type ExtraAsset,
  type OneThirdInput,
  type PropertyWithShares,
  sameAsset,
  testatorSex,
} from '@wasiat/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { estate_claims, estate_heir_changes } from '../../db/schema/index.ts';
import { liveEntriesOf } from '../assets/index.ts';
import { type DeceasedHibah, hibahsOfDeceased } from '../hibah/index.ts';
import { liveContent, ruleInputOf, wajibahFactsOfWill } from '../wills/index.ts';
import { type EstateFacts, estateFacts } from './facts.ts';
import type { Conn } from './policy.ts';

type Report = EstateFacts['report'];
type AssetEntry = Awaited<ReturnType<typeof liveEntriesOf>>[number];
type Change = typeof estate_heir_changes.$inferSelect;

/** How an heir of the file stands after the heirs were asked again. */
export interface FileHeir extends EstateHeir {
  origin: 'will' | 'added';
  /** `died_before`: died before (or with) the deceased — not an heir; `died_after`: inherits, through their estate. */
  status: 'living' | 'died_before' | 'died_after';
  change_id: string | null;
  event_date: string | null;
}

/** An asset-map entry and how the file counts it. */
interface FileAsset {
  entry: AssetEntry;
  counted: 'estate' | 'in_will' | 'outside' | 'liability';
  /** The will property it is (when `in_will`). */
  property_id: string | null;
}

/** The estate file's facts. */
export interface FileFacts {
  facts: EstateFacts;
  rules: OneThirdInput | null;
  heirs: FileHeir[];
  changes: Change[];
  properties: PropertyWithShares[];
  /** The will's property rows as stored (for their labels). */
  propertyRows: Record<string, Record<string, unknown>>;
  /** The will's bequests' purposes by id (for their labels). */
  purposes: Record<string, string | null>;
  assets: FileAsset[];
  extraAssets: ExtraAsset[];
  claims: typeof estate_claims.$inferSelect | null;
  hibahs: DeceasedHibah[];
  /** The will's predeceased children and governing state (wasiat wajibah, ADR 0282); null without a will. */
  wajibah: EstateWajibahInput | null;
}

/** The will's heirs corrected by the file's changes (see {@link FileHeir}). */
function correctedHeirs(
  willHeirs: OneThirdInput['heirs'],
  changes: readonly Change[],
  dateOfDeath: string,
  wards: ReadonlySet<string>,
  now: Date,
): FileHeir[] {
  const died = new Map(changes.filter((c) => c.kind === 'died' && c.heir_id).map((c) => [c.heir_id as string, c]));
  const out: FileHeir[] = willHeirs.map((h) => {
    const c = died.get(h.id);
    const status = !c ? 'living' : c.event_date <= dateOfDeath ? 'died_before' : 'died_after';
    return {
      ...h,
      can_consent: status === 'living' && consentCapacity(h.ic_number, wards.has(h.id), now) === 'adult',
      origin: 'will' as const,
      status,
      change_id: c?.id ?? null,
      event_date: c?.event_date ?? null,
    };
  });
  for (const c of changes.filter((x) => x.kind === 'added')) {
    out.push({
      id: c.id,
      name: c.name ?? '',
      relationship: c.relationship ?? '',
      ic_number: c.ic_number,
      can_consent: consentCapacity(c.ic_number, wards.has(c.id), now) === 'adult',
      origin: 'added',
      status: 'living',
      change_id: c.id,
      event_date: c.event_date,
    });
  }
  return out;
}

const later = (a: string | null | undefined, b: string | null | undefined) => !!a && (!b || a > b);

/** Count each asset once (see the module comment); the will's properties with the values the file uses. */
function countAssets(
  entries: readonly AssetEntry[],
  properties: readonly PropertyWithShares[],
  rows: Record<string, Record<string, unknown>>,
) {
  const props = properties.map((p) => ({ ...p }));
  const assets: FileAsset[] = [];
  const extra: ExtraAsset[] = [];
  for (const entry of entries) {
    const group = assetGroupOf(entry.kind);
    if (group === 'nomination') assets.push({ entry, counted: 'outside', property_id: null });
    else if (group === 'liability') assets.push({ entry, counted: 'liability', property_id: null });
    else {
      const p = props.find((x) => sameAsset(entry, rows[x.id] ?? {}));
      if (!p) {
        assets.push({ entry, counted: 'estate', property_id: null });
        extra.push({ id: entry.id, value_sen: entry.value_sen });
        continue;
      }
      assets.push({ entry, counted: 'in_will', property_id: p.id });
      const row = rows[p.id] ?? {};
      if (p.value_sen == null || later(entry.value_estimated_on, row.value_estimated_on as string | null)) {
        p.value_sen = entry.value_sen;
      }
    }
  }
  return { properties: props, assets, extra };
}

/** The estate file's facts of `report` (see the module comment); `wards`: heirs under guardianship (ADR 0275). */
export async function fileFacts(db: Conn, report: Report, wards: readonly string[], now = new Date()) {
  const facts = await estateFacts(db, report);
  const content = facts.will ? await liveContent(db, facts.will.id) : null;
  const rules = content ? ruleInputOf(content) : null;
  const changes = await db
    .select()
    .from(estate_heir_changes)
    .where(and(eq(estate_heir_changes.death_report_id, report.id), isNull(estate_heir_changes.withdrawn_at)))
    .orderBy(asc(estate_heir_changes.created_at));
  const heirs = correctedHeirs(rules?.heirs ?? [], changes, report.date_of_death, new Set(wards), now);
  const rows: Record<string, Record<string, unknown>> = {};
  for (const p of [...(content?.moveables ?? []), ...(content?.immoveables ?? [])]) rows[String(p.id)] = p;
  const entries = report.deceased_user_id ? await liveEntriesOf(db, report.deceased_user_id) : [];
  const counted = countAssets(entries, rules?.properties ?? [], rows);
  const [claims] = await db.select().from(estate_claims).where(eq(estate_claims.death_report_id, report.id));
  const hibahs = report.deceased_user_id ? await hibahsOfDeceased(db, report.deceased_user_id) : [];
  const wajibah = facts.will ? await wajibahFactsOfWill(db, facts.will.id) : null;
  return {
    facts,
    rules,
    heirs,
    changes,
    properties: counted.properties,
    propertyRows: rows,
    purposes: Object.fromEntries((content?.bequests ?? []).map((b) => [String(b.id), (b.purpose as string) ?? null])),
    assets: counted.assets,
    extraAssets: counted.extra,
    claims: claims ?? null,
    hibahs,
    wajibah,
  } satisfies FileFacts;
}

/** The deceased's sex: the will's part c, else the deceased's MyKad. */
export const deceasedSex = (f: FileFacts) =>
  f.rules?.deceased ?? testatorSex({ ic_number: f.facts.report.deceased_ic });
