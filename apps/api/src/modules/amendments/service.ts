/**
 * Amendments (pindaan) of a will: apply, read, edit the draft, sign it (docs/api/amendments.md; spec §3
 * Amendment, §4 statuses; ADR 0020). Status changes are in transitions.ts, witness confirmation in
 * witnesses.ts, versions in versions.ts. Every query is scoped by policy.ts (404 out of scope) and every
 * change writes an audit event in the same transaction.
 */
import {
  AM,
  type amendmentDraftSchema,
  type hibahAmendmentDraftSchema,
  OPEN_AMENDMENT_STATUSES,
  portionsExceedWhole,
  type SignatureMethod,
  WILL_STATUS,
} from '@wasiat/domain';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import {
  amendment_numbers,
  amendment_witnesses,
  amendments,
  hibahs,
  pricings,
  signature_events,
  users,
  wills,
} from '../../db/schema/index.ts';
import { decodeBase64, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { AuthUser } from '../auth/guard.ts';
import { amendmentDocumentVersion } from '../documents/completion.ts';
import { findVisibleWill } from '../wills/queries.ts';
import { type Actor, audit, type Conn } from '../wills/service.ts';
import { assertSignatureDrawn } from '../wills/signature-facts.ts';
import { loadWillContent, type WillContent } from './content.ts';
import { hibahApplication, nextHibahDraft } from './hibah.ts';
import { amendmentScope, assertCanApply, assertCanEditDraft } from './policy.ts';

export type Amendment = typeof amendments.$inferSelect;

/** The current year in Asia/Kuala_Lumpur (UTC+8). */
const klYear = (now: Date) => new Date(now.getTime() + 8 * 3600 * 1000).getUTCFullYear();

/** Next reference number "P<year>-<6 digits>", atomically. */
export async function nextReferenceNo(tx: Conn, now: Date) {
  const year = klYear(now);
  const [row] = await tx
    .insert(amendment_numbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: amendment_numbers.year, set: { last: sql`${amendment_numbers.last} + 1` } })
    .returning({ last: amendment_numbers.last });
  return `P${year}-${String(row.last).padStart(6, '0')}`;
}

/** The amendment `id` if the caller may see it (policy.ts), else 404. `forUpdate` locks the row. */
export async function findVisibleAmendment(db: Conn, user: AuthUser, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(amendments)
    .where(and(eq(amendments.id, id), amendmentScope(user)));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The amendment price of a will in sen: its pricing's `amendment_price_sen` (0 when none; ADR 0020). */
export async function amendmentPriceOf(db: Conn, will: typeof wills.$inferSelect) {
  if (!will.pricing_id) return 0;
  const [p] = await db
    .select({ sen: pricings.amendment_price_sen })
    .from(pricings)
    .where(eq(pricings.id, will.pricing_id));
  return p?.sen ?? 0;
}

/**
 * `POST /api/amendment { amendmentable_type: "Wasiat" | "Hibah", amendmentable_id, notes? }` → the new
 * amendment (status 0) with a reference number, its price (sen) and a draft copied from the record's
 * current content. A will: visible (404), registered (422 `amendments.will_not_registered`), no open
 * amendment (422 `amendments.already_open`); the testator or a staff-side registrar applies (403). A
 * hibah: amendments/hibah.ts `hibahApplication` (grantor or staff-side; registered; price from the
 * hibah's pricing, waived when none). Any other type: 422 on `amendmentable_type`.
 */
export async function applyAmendment(
  db: Db,
  actor: Actor,
  body: { amendmentable_type: string; amendmentable_id: string; notes?: string | null },
  now = new Date(),
) {
  if (body.amendmentable_type !== 'Wasiat' && body.amendmentable_type !== 'Hibah') {
    throw fieldError('amendmentable_type', 'validation.choose');
  }
  return db.transaction(async (tx) => {
    const values =
      body.amendmentable_type === 'Hibah'
        ? await hibahApplication(tx, actor.user, body.amendmentable_id, now)
        : await willApplication(tx, actor.user, body.amendmentable_id);
    const [row] = await tx
      .insert(amendments)
      .values({
        ...values,
        reference_no: await nextReferenceNo(tx, now),
        notes: body.notes ?? null,
        applied_at: now,
      })
      .returning();
    await audit(tx, actor, 'amendment.apply', { type: 'Amendment', id: row.id }, null, summary(row));
    return row;
  });
}

/** The values of a new will amendment (rules of {@link applyAmendment}), inside the applying transaction. */
async function willApplication(tx: Conn, user: AuthUser, willId: string) {
  const will = await findVisibleWill(tx, user, willId, { forUpdate: true });
  const { staffCreated } = assertCanApply(user, will);
  if (will.status !== WILL_STATUS.registered) throw fieldError('amendmentable_id', AM.willNotRegistered);
  const [{ open }] = await tx
    .select({ open: count() })
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Wasiat'),
        eq(amendments.amendmentable_id, will.id),
        inArray(amendments.status, [...OPEN_AMENDMENT_STATUSES]),
      ),
    );
  if (Number(open) > 0) throw fieldError('amendmentable_id', AM.alreadyOpen);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(amendments)
    .where(and(eq(amendments.amendmentable_type, 'Wasiat'), eq(amendments.amendmentable_id, will.id)));
  return {
    amendmentable_type: 'Wasiat',
    amendmentable_id: will.id,
    user_id: will.user_id,
    organization_id: will.organization_id,
    count: Number(n) + 1,
    status: 0,
    is_staff_created: staffCreated ? 1 : 0,
    price_sen: await amendmentPriceOf(tx, will),
    payment_received_at: null,
    draft: await loadWillContent(tx, will.id),
  };
}

/** The audit view of an amendment (without the draft). */
export const summary = (a: Amendment) => {
  const { draft: _d, ...rest } = a;
  return rest;
};

export interface AmendmentListQuery {
  wasiat_id?: string;
  hibah_id?: string;
  amendmentable_type?: string;
  status?: string;
  organization_id?: string;
  reference_no?: string;
  ic_number?: string;
  user_id?: string;
  limit?: number;
  page?: number;
}

/**
 * A page of the amendments the caller may see, newest first (reference §2.4: the client reads `[0]` as
 * the current one). Filters: `wasiat_id`, `hibah_id`, `amendmentable_type`, `status` ("1" or "1,4"),
 * `organization_id`, `reference_no`, `ic_number` (testator), `user_id`.
 */
export async function listAmendments(db: Db, user: AuthUser, q: AmendmentListQuery) {
  const conds: SQL[] = [amendmentScope(user)];
  if (q.wasiat_id)
    conds.push(eq(amendments.amendmentable_type, 'Wasiat'), eq(amendments.amendmentable_id, q.wasiat_id));
  if (q.hibah_id) conds.push(eq(amendments.amendmentable_type, 'Hibah'), eq(amendments.amendmentable_id, q.hibah_id));
  if (q.amendmentable_type) conds.push(eq(amendments.amendmentable_type, q.amendmentable_type));
  if (q.organization_id) conds.push(eq(amendments.organization_id, q.organization_id));
  if (q.reference_no) conds.push(eq(amendments.reference_no, q.reference_no.trim().toUpperCase()));
  if (q.user_id) conds.push(eq(amendments.user_id, q.user_id));
  if (q.ic_number) {
    conds.push(
      sql`${amendments.user_id} in (select ${users.id} from ${users} where ${users.ic_number} = ${q.ic_number})`,
    );
  }
  if (q.status !== undefined) {
    const codes = q.status
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((x) => Number.isInteger(x));
    conds.push(codes.length ? inArray(amendments.status, codes) : sql`false`);
  }
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(amendments).where(where);
  const rows = await db
    .select()
    .from(amendments)
    .where(where)
    .orderBy(desc(amendments.created_at), desc(amendments.id))
    .limit(p.per_page)
    .offset(p.offset);
  return toPage(await serializeAmendments(db, rows, false), n, p);
}

/**
 * The wire shape (docs/api/amendments.md): the row's fields with `incharged_by_id` (= `handled_by`,
 * reference §4.2), `handled_by` `{ id, name }`, `amendmentable` — a will `{ id, wasiat_no, current_version,
 * status, user_id, user: { name, ic_number } }`, a hibah `{ id, hibah_number, hibah_type, current_version,
 * status, user_id, user }` — `witnesses` (without OTP data), the draft when `withDraft`. Money in sen.
 */
export async function serializeAmendments(db: Db, rows: Amendment[], withDraft: boolean) {
  if (rows.length === 0) return [];
  const willIds = rows.filter((r) => r.amendmentable_type === 'Wasiat').map((r) => r.amendmentable_id);
  const willRows = willIds.length
    ? await db
        .select({
          id: wills.id,
          wasiat_no: wills.wasiat_no,
          current_version: wills.current_version,
          status: wills.status,
          user_id: wills.user_id,
        })
        .from(wills)
        .where(inArray(wills.id, willIds))
    : [];
  const hibahIds = rows.filter((r) => r.amendmentable_type === 'Hibah').map((r) => r.amendmentable_id);
  const hibahRows = hibahIds.length
    ? await db
        .select({
          id: hibahs.id,
          hibah_number: hibahs.hibah_number,
          hibah_type: hibahs.hibah_type,
          current_version: hibahs.current_version,
          status: hibahs.status,
          user_id: hibahs.user_id,
        })
        .from(hibahs)
        .where(inArray(hibahs.id, hibahIds))
    : [];
  const userIds = [...new Set(rows.flatMap((r) => [r.user_id, r.handled_by].filter(Boolean) as string[]))];
  const userRows = userIds.length
    ? await db
        .select({ id: users.id, name: users.name, ic_number: users.ic_number })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const wit = await db
    .select()
    .from(amendment_witnesses)
    .where(
      inArray(
        amendment_witnesses.amendment_id,
        rows.map((r) => r.id),
      ),
    );
  const u = new Map(userRows.map((x) => [x.id, x]));
  const w = new Map<string, Record<string, unknown>>([
    ...willRows.map((x) => [x.id, x] as [string, Record<string, unknown>]),
    ...hibahRows.map((x) => [x.id, x] as [string, Record<string, unknown>]),
  ]);
  return rows.map((a) => {
    const { draft, ...rest } = a;
    const owner = u.get(a.user_id);
    const handler = a.handled_by ? u.get(a.handled_by) : undefined;
    return {
      ...rest,
      incharged_by_id: a.handled_by,
      // the 2021 client's `public_path`: the amended will of a succeeded amendment (docs/api/documents.md)
      public_path: a.status === 2 ? `/api/amendment/${a.id}/certificate/comprehensive` : null,
      handled_by: handler ? { id: handler.id, name: handler.name } : null,
      paid: a.payment_received_at ? 1 : 0,
      amendmentable: {
        id: a.amendmentable_id,
        ...(w.get(a.amendmentable_id) ?? {}),
        user: owner ? { name: owner.name, ic_number: owner.ic_number } : null,
      },
      witnesses: wit.filter((x) => x.amendment_id === a.id).map(witnessBody),
      ...(withDraft ? { draft } : {}),
    };
  });
}

/** A witness as answered: no OTP data. */
export const witnessBody = (x: typeof amendment_witnesses.$inferSelect) => ({
  id: x.id,
  name: x.name,
  ic_number: x.ic_number,
  email: x.email,
  otp_verified: x.otp_verified_at ? 1 : 0,
  confirmed_at: x.confirmed_at,
  signature: x.signature_id ? { id: x.signature_id } : null,
});

/** `GET /api/amendment/{id}` → `{ amendment }` with its draft. 404 out of scope. */
export async function getAmendment(db: Db, user: AuthUser, id: string) {
  const a = await findVisibleAmendment(db, user, id);
  const [one] = await serializeAmendments(db, [a], true);
  return one;
}

type DraftInput = z.output<typeof amendmentDraftSchema>;
type HibahDraftInput = z.output<typeof hibahAmendmentDraftSchema>;

/** Server checks of a draft's shares: each names a receiver of the draft; a property's shares ≤ the whole; a vehicle has one receiver. */
function checkShares(draft: WillContent) {
  const ids = new Set(draft.receivers.map((r) => r.id as string));
  const props = [
    ...draft.moveables.map((p, i) => ({ p, field: `moveables.${i}.shares` })),
    ...draft.immoveables.map((p, i) => ({ p, field: `immoveables.${i}.shares` })),
  ];
  for (const { p, field } of props) {
    const shares = p.shares ?? [];
    if (shares.some((s) => !ids.has(s.receiver_id))) throw fieldError(field, AM.receiverUnknown);
    if (portionsExceedWhole(shares.map((s) => s.portion))) throw fieldError(field, AM.sharesExceed);
    if (p.property_type === 'vehicle' && shares.length > 1) throw fieldError(field, AM.vehicleOneReceiver);
  }
}

/** The next draft of a will's amendment with the given sections replaced, checked ({@link checkShares}). */
function nextWillDraft(a: Amendment, input: DraftInput): WillContent {
  const draft = structuredClone(a.draft as WillContent);
  const withIds = <T extends { id?: string }>(list: T[]) => list.map((x) => ({ ...x, id: x.id || newId() }));
  if (input.user_detail) draft.user_detail = { ...input.user_detail };
  if (input.heirs) draft.heirs = withIds(input.heirs);
  if (input.receivers) draft.receivers = withIds(input.receivers);
  if (input.moveables) draft.moveables = withIds(input.moveables) as WillContent['moveables'];
  if (input.immoveables) draft.immoveables = withIds(input.immoveables) as WillContent['immoveables'];
  if (input.caretakers) draft.caretakers = withIds(input.caretakers);
  if (input.bequests) draft.bequests = withIds(input.bequests);
  if (input.witnesses) draft.witnesses = withIds(input.witnesses);
  checkShares(draft);
  return draft;
}

/**
 * `PATCH /api/amendment/{id}/draft` (parts b–i; a hibah amendment's editor): replace the given sections
 * of the draft. Only while drafting (status 0; else 422 `amendments.not_editable`); a will's: owner or
 * staff-side registrar (403); a hibah's: the grantor only (403 `amendments.grantor_only`). New rows get an
 * id (so shares can name new receivers in a later save of the same request: send receivers first). The
 * body was parsed with the schema of the amendment's type (`amendmentDraftSchema` or
 * `hibahAmendmentDraftSchema`).
 */
export async function saveDraft(db: Db, actor: Actor, id: string, input: DraftInput | HibahDraftInput) {
  return changeDraft(db, actor, id, () => input);
}

/**
 * As {@link saveDraft}, with the sections computed from the locked amendment's current draft (`change` runs
 * inside the transaction, after the checks), so a change of one row of a section (the 2021 client's flat calls,
 * original-parts.ts; ADR 0179) never overwrites a concurrent save. `change` may throw a 422/404 of its own.
 */
export async function changeDraft(
  db: Db,
  actor: Actor,
  id: string,
  change: (a: Amendment) => DraftInput | HibahDraftInput,
) {
  return db.transaction(async (tx) => {
    const a = await findVisibleAmendment(tx, actor.user, id, true);
    assertCanEditDraft(actor.user, a);
    if (a.status !== 0) throw fieldError('_', AM.notEditable);
    const input = change(a);
    const draft =
      a.amendmentable_type === 'Hibah'
        ? await nextHibahDraft(tx, a, input as HibahDraftInput)
        : nextWillDraft(a, input as DraftInput);
    const set: Partial<Amendment> = { draft };
    if (input.notes !== undefined) set.notes = input.notes;
    const [after] = await tx.update(amendments).set(set).where(eq(amendments.id, a.id)).returning();
    const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
    await audit(tx, actor, 'amendment.draft', { type: 'Amendment', id: a.id }, { sections: changed }, summary(after));
    return after;
  });
}

/**
 * `POST /api/amendment/{id}/signature { is_base64: true, document: <PNG data URL>, signature_method? }`: the
 * testator signs the draft (status 3 "draft must be reviewed"; else 422 `amendments.invalid_transition`),
 * again replacing an earlier signature; the facts record the method the client sent (drawn | typed; ADR
 * 0123). A blank pad → 422 `validation.signature_required`. Only the owner (403).
 */
export async function signDraft(
  ctx: Ctx,
  actor: Actor,
  id: string,
  document: string,
  method: SignatureMethod = 'drawn',
) {
  const png = decodeBase64(document, 'document');
  await assertSignatureDrawn(png, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({ ownerType: 'Amendment', ownerId: id, data: png, allowed: IMAGE_TYPES });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const a = await findVisibleAmendment(tx, actor.user, id, true);
      if (a.user_id !== actor.user.id) {
        throw new AppError(
          'forbidden',
          a.amendmentable_type === 'Hibah' ? 'amendments.grantor_only' : 'errors.forbidden',
        );
      }
      if (a.status !== 3) throw fieldError('status', AM.invalidTransition);
      const att = await uploads.record(tx as unknown as Db, staged, {
        attachableType: 'Amendment',
        attachableId: a.id,
        type: 'signature',
        description: 'amendment',
        uploadedBy: actor.user.id,
        replace: true,
      });
      const [after] = await tx
        .update(amendments)
        .set({ signature_id: att.id })
        .where(eq(amendments.id, a.id))
        .returning();
      // Signature facts for the amended will's certificate of completion (ADRs 0015, 0074).
      await tx.insert(signature_events).values({
        signable_type: 'Amendment',
        signable_id: a.id,
        role: 'testator',
        signer_name: String((a.draft as WillContent | null)?.user_detail?.name || actor.user.name),
        attachment_id: att.id,
        actor_id: actor.user.id,
        ip: actor.ip ?? null,
        user_agent: actor.userAgent ?? null,
        sent_at: a.passed_at,
        document_sha256: amendmentDocumentVersion(a),
        method,
        signed_at: new Date(),
      });
      await audit(tx, actor, 'amendment.sign', { type: 'Amendment', id: a.id }, summary(a), summary(after));
      return after;
    }),
  );
}

/**
 * `POST /api/amendment/{id}/document { is_base64, document, type?, description }` (parts d and g:
 * property documents and supporting documents): stored as attachments of the amendment (`Extra` by
 * default). Only while drafting (422 `amendments.not_editable`).
 */
export async function addDocument(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: { document: string; type?: string; description?: string | null; document_filename?: unknown },
) {
  const data = decodeBase64(body.document, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Amendment',
    ownerId: id,
    data,
    allowed: [...IMAGE_TYPES, 'application/pdf'],
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const a = await findVisibleAmendment(tx, actor.user, id, true);
      assertCanEditDraft(actor.user, a);
      if (a.status !== 0) throw fieldError('_', AM.notEditable);
      const att = await uploads.record(tx as unknown as Db, staged, {
        attachableType: 'Amendment',
        attachableId: a.id,
        type: body.type === 'mykad-front' || body.type === 'mykad-back' ? body.type : 'Extra',
        description: body.description ?? null,
        originalFilename: typeof body.document_filename === 'string' ? body.document_filename.slice(0, 255) : null,
        uploadedBy: actor.user.id,
        replace: body.type === 'mykad-front' || body.type === 'mykad-back',
      });
      await audit(tx, actor, 'amendment.document', { type: 'Amendment', id: a.id }, null, {
        attachment_id: att.id,
        description: att.description,
      });
      return att;
    }),
  );
}
