/**
 * A hibah's content as one JSON value (ADR 0037; the hibah counterpart of amendments/content.ts for
 * wills): what a hibah amendment's draft edits and what a hibah version stores. Read from the live rows
 * ({@link loadHibahContent}), written back in one transaction ({@link replaceHibahContent}).
 *
 * Shape: `{ user_detail, company? (corporate products), fields, heirs[], receivers[], moveables[] (with shares[{ receiver_id, portion }]),
 * immoveables[] (with shares), caretakers[] (receiver_id), witnesses[] }`. Rows keep their `id`, so shares,
 * caretakers and property documents stay linked. Money in integer sen; portions as entered (spec §5).
 * Receivers carry their signature facts (`signature_id`, `signed_at`) and witnesses their confirmation
 * (`signature_id`, `confirmed_at`) so a version shows who had signed it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId } from '../../db/schema/_common.ts';
import {
  hibah_asset_transactions,
  hibah_caretakers,
  hibah_companies,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
} from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { Conn } from './service.ts';

type Row = Record<string, unknown>;
export interface HibahShare {
  receiver_id: string;
  portion: string;
}
export type HibahPropertyRow = Row & { shares: HibahShare[] };
export interface HibahContent {
  user_detail: Row | null;
  /**
   * The company of a corporate hibah (ADR 0165: name, registration number, address, signatories, board
   * resolution id); absent for other products, so their content is what it was before companies existed.
   */
  company?: Row;
  /** The hibah's own fields an amendment may change (trust purpose, period, distribution, employment). */
  fields: Row;
  heirs: Row[];
  receivers: Row[];
  moveables: HibahPropertyRow[];
  immoveables: HibahPropertyRow[];
  caretakers: Row[];
  witnesses: Row[];
}

/** The hibah fields kept in `fields` (domain `hibahDraftFieldsSchema`). */
export const HIBAH_CONTENT_FIELDS = [
  'employer_name',
  'employer_address',
  'job_title',
  'yearly_income',
  'income_source',
  'income_source_other',
  'hibah_property_source',
  'hibah_property_source_other',
  'trust_purpose_type',
  'trust_purpose',
  'is_revocable',
  'period',
  'other_period_instructions',
  'distribution_lifetime_instruction',
  'distribution_after_death_instruction',
] as const;

/** Bookkeeping columns that are not content. */
const SKIP = ['created_at', 'updated_at', 'hibah_id', 'otp_hash', 'otp_expires_at', 'otp_failed_attempts'];
const fieldsOf = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => !SKIP.includes(k)));

/**
 * Keep only the columns a table has, without `undefined` values. A timestamp column's value read back
 * from JSON (a draft or a version stores instants as ISO strings, e.g. a receiver's `link_sent_at`) is
 * made a Date again, as the driver needs one.
 */
function pick(table: object, row: Row): Row {
  const cols = table as Record<string, { dataType?: string } | undefined>;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k, v]) => Object.hasOwn(cols, k) && v !== undefined)
      .map(([k, v]) => [k, cols[k]?.dataType === 'date' && typeof v === 'string' ? new Date(v) : v]),
  );
}

const ordered = async (db: Conn, table: any, hibahId: string) =>
  (await db
    .select()
    .from(table)
    .where(eq(table.hibah_id, hibahId))
    .orderBy(asc(table.created_at), asc(table.id))) as Row[];

/** The live content of hibah `hibahId`, lists in the order entered. */
export async function loadHibahContent(db: Conn, hibahId: string): Promise<HibahContent> {
  const [h] = await db.select().from(hibahs).where(eq(hibahs.id, hibahId));
  const [detail] = await db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, hibahId));
  const props = await ordered(db, hibah_properties, hibahId);
  const shareRows = props.length
    ? await db
        .select()
        .from(hibah_property_receivers)
        .where(
          inArray(
            hibah_property_receivers.property_id,
            props.map((p) => p.id as string),
          ),
        )
        .orderBy(asc(hibah_property_receivers.created_at), asc(hibah_property_receivers.id))
    : [];
  const withShares = (p: Row): HibahPropertyRow => {
    const { kind: _k, ...rest } = fieldsOf(p);
    return {
      ...rest,
      shares: shareRows
        .filter((s) => s.property_id === p.id)
        .map((s) => ({ receiver_id: s.receiver_id, portion: s.portion })),
    };
  };
  const fields: Row = {};
  for (const k of HIBAH_CONTENT_FIELDS) fields[k] = h ? h[k] : null;
  const [company] = await db.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, hibahId));
  return {
    user_detail: detail ? (({ id: _i, ...rest }) => rest)(fieldsOf(detail)) : null,
    ...(company ? { company: (({ id: _i, ...rest }) => rest)(fieldsOf(company)) } : {}),
    fields,
    heirs: (await ordered(db, hibah_heirs, hibahId)).map(fieldsOf),
    receivers: (await ordered(db, hibah_receivers, hibahId)).map(fieldsOf),
    moveables: props.filter((p) => p.kind === 'moveable').map(withShares),
    immoveables: props.filter((p) => p.kind === 'immoveable').map(withShares),
    caretakers: (await ordered(db, hibah_caretakers, hibahId)).map(fieldsOf),
    witnesses: (await ordered(db, hibah_witnesses, hibahId)).map(fieldsOf),
  };
}

/**
 * Ids of the hibah's properties that have asset-ledger rows (ADR 0034): they cannot be removed, only
 * changed, because the ledger is kept for good.
 */
export async function propertiesWithLedger(db: Conn, hibahId: string) {
  const rows = await db
    .selectDistinct({ id: hibah_asset_transactions.property_id })
    .from(hibah_asset_transactions)
    .where(eq(hibah_asset_transactions.hibah_id, hibahId));
  return new Set(rows.map((r) => r.id).filter((x): x is string => !!x));
}

/**
 * Replace hibah `hibahId`'s live content by `c` inside the caller's transaction (ADR 0037): the grantor's
 * particulars and fields are updated; heirs, receivers, caretakers, witnesses and shares are deleted and
 * inserted again from `c` keeping their ids; properties are updated in place (kept ids), inserted (new)
 * or deleted (gone) — a property with ledger rows cannot go (422 `amendments.property_has_ledger` on
 * `moveables`/`immoveables`). A receiver keeps their signature when their name and MyKad are unchanged.
 */
export async function replaceHibahContent(tx: Conn, hibahId: string, c: HibahContent) {
  const oldReceivers = await tx.select().from(hibah_receivers).where(eq(hibah_receivers.hibah_id, hibahId));
  const oldProps = await tx
    .select({ id: hibah_properties.id, kind: hibah_properties.kind })
    .from(hibah_properties)
    .where(eq(hibah_properties.hibah_id, hibahId));
  const draftProps = [
    ...c.moveables.map((p) => ({ p, kind: 'moveable' as const })),
    ...c.immoveables.map((p) => ({ p, kind: 'immoveable' as const })),
  ];
  const keep = new Set(draftProps.map(({ p }) => p.id).filter((x): x is string => typeof x === 'string' && !!x));
  const ledger = await propertiesWithLedger(tx, hibahId);
  for (const o of oldProps) {
    if (!keep.has(o.id) && ledger.has(o.id)) {
      throw fieldError(o.kind === 'moveable' ? 'moveables' : 'immoveables', 'amendments.property_has_ledger');
    }
  }
  if (oldProps.length) {
    await tx.delete(hibah_property_receivers).where(
      inArray(
        hibah_property_receivers.property_id,
        oldProps.map((p) => p.id),
      ),
    );
  }
  await tx.delete(hibah_caretakers).where(eq(hibah_caretakers.hibah_id, hibahId));
  await tx.delete(hibah_receivers).where(eq(hibah_receivers.hibah_id, hibahId));
  await tx.delete(hibah_heirs).where(eq(hibah_heirs.hibah_id, hibahId));
  await tx.delete(hibah_witnesses).where(eq(hibah_witnesses.hibah_id, hibahId));
  const gone = oldProps.map((p) => p.id).filter((id) => !keep.has(id));
  if (gone.length) {
    await tx
      .delete(hibah_properties)
      .where(and(eq(hibah_properties.hibah_id, hibahId), inArray(hibah_properties.id, gone)));
  }

  // created_at one millisecond apart keeps the list order of the content.
  let t = Date.now();
  const stamp = () => {
    t += 1;
    const d = new Date(t);
    return { created_at: d, updated_at: d };
  };
  const idOf = (r: Row) => (typeof r.id === 'string' && r.id ? r.id : newId());
  const receiverIds = new Map<string, string>();
  for (const r of c.receivers) {
    const id = idOf(r);
    if (typeof r.id === 'string') receiverIds.set(r.id, id);
    const before = oldReceivers.find((o) => o.id === id);
    const same = before && before.name === r.name && (before.ic_number ?? null) === (r.ic_number ?? null);
    await tx.insert(hibah_receivers).values({
      ...(pick(hibah_receivers, r) as typeof hibah_receivers.$inferInsert),
      id,
      hibah_id: hibahId,
      signature_id: same ? before.signature_id : null,
      signed_at: same ? before.signed_at : null,
      ...stamp(),
    });
  }
  for (const x of c.heirs) {
    await tx.insert(hibah_heirs).values({
      ...(pick(hibah_heirs, x) as typeof hibah_heirs.$inferInsert),
      id: idOf(x),
      hibah_id: hibahId,
      ...stamp(),
    });
  }
  const existing = new Set(oldProps.map((p) => p.id));
  for (const { p, kind } of draftProps) {
    const id = idOf(p);
    const values = pick(hibah_properties, p) as typeof hibah_properties.$inferInsert;
    delete (values as Row).id;
    if (existing.has(id)) {
      const blank = Object.fromEntries(
        Object.keys(hibah_properties)
          .filter((k) => !['id', 'hibah_id', 'kind', 'property_type', 'created_at', 'updated_at'].includes(k))
          .map((k) => [k, null]),
      );
      await tx
        .update(hibah_properties)
        .set({ ...blank, ...values, kind, ...stamp() })
        .where(and(eq(hibah_properties.id, id), eq(hibah_properties.hibah_id, hibahId)));
    } else {
      await tx.insert(hibah_properties).values({ ...values, id, hibah_id: hibahId, kind, ...stamp() });
    }
    for (const s of p.shares ?? []) {
      await tx.insert(hibah_property_receivers).values({
        property_id: id,
        receiver_id: receiverIds.get(s.receiver_id) ?? s.receiver_id,
        portion: s.portion,
        ...stamp(),
      });
    }
  }
  for (const x of c.caretakers) {
    const rid = typeof x.receiver_id === 'string' && x.receiver_id ? x.receiver_id : null;
    await tx.insert(hibah_caretakers).values({
      ...(pick(hibah_caretakers, x) as typeof hibah_caretakers.$inferInsert),
      id: idOf(x),
      hibah_id: hibahId,
      receiver_id: rid ? (receiverIds.get(rid) ?? rid) : null,
      ...stamp(),
    });
  }
  for (const w of c.witnesses) {
    await tx.insert(hibah_witnesses).values({
      ...(pick(hibah_witnesses, w) as typeof hibah_witnesses.$inferInsert),
      id: idOf(w),
      hibah_id: hibahId,
      ...stamp(),
    });
  }
  if (c.user_detail) {
    const fields = pick(hibah_user_details, c.user_detail) as typeof hibah_user_details.$inferInsert;
    delete (fields as Row).id;
    const [d] = await tx.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, hibahId));
    if (d) await tx.update(hibah_user_details).set(fields).where(eq(hibah_user_details.id, d.id));
    else await tx.insert(hibah_user_details).values({ ...fields, hibah_id: hibahId });
  }
  if (c.company) {
    const fields = pick(hibah_companies, c.company) as typeof hibah_companies.$inferInsert;
    delete (fields as Row).id;
    const [co] = await tx.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, hibahId));
    if (co) await tx.update(hibah_companies).set(fields).where(eq(hibah_companies.id, co.id));
    else await tx.insert(hibah_companies).values({ ...fields, hibah_id: hibahId });
  }
  const set = Object.fromEntries(
    HIBAH_CONTENT_FIELDS.filter((k) => c.fields && k in c.fields).map((k) => [k, c.fields[k] ?? null]),
  ) as Partial<typeof hibahs.$inferInsert>;
  if (set.is_revocable === null) set.is_revocable = false;
  if (Object.keys(set).length) await tx.update(hibahs).set(set).where(eq(hibahs.id, hibahId));
}
