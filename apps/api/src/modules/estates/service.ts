/**
 * The right office of a verified deceased's estate (issue 40 item 7; ADR 0271): the route and why, the values it
 * came from, and the executor's checklist — each item ticked and its upload (the file store, like the death
 * certificate's scan: stored before the transaction, recorded inside it; ADR 0220). Every change is audited.
 *
 * - {@link readEstate}: `GET /api/death-report/{id}/estate-route` → `{ estate }` (staff and the registering
 *   organisation's partners; 404 otherwise, policy.ts).
 * - {@link saveValues}: `PUT …/estate-values` (staff only) → `{ message, estate }`.
 * - {@link tickItem}: `POST …/estate-checklist { item, done }` → `{ message, estate }`; 422 `item` when the code
 *   is not on the route's checklist (`estates.item_unknown`).
 * - {@link uploadItem}: `POST …/estate-checklist/upload { item, file, filename? }` (PNG, JPEG, WebP or PDF, 5 MB)
 *   → `{ message, estate }`; the item is ticked; the upload replaces the item's earlier one.
 */
import { ESTATE_MSG, type EstateValuesInput, type Language, translate } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { estate_checklist_items, estate_values } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { attachmentPath, DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { fieldError, forbidden } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { estateFacts, routeOf } from './facts.ts';
import { type Conn, findEstateReport, isEstateStaff } from './policy.ts';

/** The acting user and their IP (audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
}

/** The estate of report `id` as the API shows it. @throws 404 out of scope. */
export async function readEstate(db: Conn, user: AuthUser, id: string) {
  const report = await findEstateReport(db, user, id);
  const facts = await estateFacts(db, report);
  const route = routeOf(facts);
  const rows = await db.select().from(estate_checklist_items).where(eq(estate_checklist_items.death_report_id, id));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return {
    death_report_id: id,
    deceased: { ...facts.deceased, date_of_death: report.date_of_death, certificate_no: report.certificate_no },
    will: facts.will,
    heirs: facts.heirs,
    properties: facts.properties,
    values: { ...facts.input, source: facts.source },
    route: route.route,
    office: route.office,
    reason: route.reason,
    total_sen: route.total_sen,
    checklist: route.checklist.map((c) => {
      const r = byCode.get(c.code);
      return {
        ...c,
        done: r?.done ?? false,
        ticked_at: r?.ticked_at ?? null,
        attachment_id: r?.attachment_id ?? null,
        file_url: r?.attachment_id ? attachmentPath(r.attachment_id) : null,
      };
    }),
    can_edit_values: isEstateStaff(user),
  };
}

/** Staff's values over the will's. Audited `estate.values` with before and after. @throws 403 for non-staff. */
export async function saveValues(ctx: Ctx, actor: Actor, id: string, body: EstateValuesInput, lang: Language) {
  if (!isEstateStaff(actor.user)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await findEstateReport(tx, actor.user, id);
    const [before] = await tx.select().from(estate_values).where(eq(estate_values.death_report_id, id));
    const values = {
      movable_sen: body.movable_sen,
      immovable_sen: body.immovable_sen,
      executor_named: body.executor_named ?? null,
      updated_by: actor.user.id,
    };
    await tx
      .insert(estate_values)
      .values({ death_report_id: id, ...values })
      .onConflictDoUpdate({ target: estate_values.death_report_id, set: { ...values, updated_at: new Date() } });
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'estate.values',
      entityType: 'DeathReport',
      entityId: id,
      before: before
        ? {
            movable_sen: before.movable_sen,
            immovable_sen: before.immovable_sen,
            executor_named: before.executor_named,
          }
        : null,
      after: {
        movable_sen: values.movable_sen,
        immovable_sen: values.immovable_sen,
        executor_named: values.executor_named,
      },
      ip: actor.ip,
    });
  });
  return { message: translate(ESTATE_MSG.valuesSaved, lang), estate: await readEstate(ctx.db, actor.user, id) };
}

/** The checklist item codes of report `id`'s route. @throws 404 out of scope; 422 `item` not on it. */
async function assertItem(db: Conn, user: AuthUser, id: string, item: string) {
  const report = await findEstateReport(db, user, id);
  const route = routeOf(await estateFacts(db, report));
  if (!route.checklist.some((c) => c.code === item)) throw fieldError('item', ESTATE_MSG.itemUnknown);
}

/** Upsert the row of `item` with `set`; @returns its id. */
async function upsertItem(
  db: Conn,
  id: string,
  item: string,
  set: Partial<typeof estate_checklist_items.$inferInsert>,
) {
  const [row] = await db
    .insert(estate_checklist_items)
    .values({ death_report_id: id, code: item, ...set })
    .onConflictDoUpdate({
      target: [estate_checklist_items.death_report_id, estate_checklist_items.code],
      set: { ...set, updated_at: new Date() },
    })
    .returning();
  return row;
}

/** Tick or untick one item. Audited `estate.checklist_tick`. */
export async function tickItem(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: { item: string; done: boolean },
  lang: Language,
) {
  await ctx.db.transaction(async (tx) => {
    await assertItem(tx, actor.user, id, body.item);
    await upsertItem(tx, id, body.item, {
      done: body.done,
      ticked_by: actor.user.id,
      ticked_at: body.done ? new Date() : null,
    });
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'estate.checklist_tick',
      entityType: 'DeathReport',
      entityId: id,
      after: { item: body.item, done: body.done },
      ip: actor.ip,
    });
  });
  return { message: translate(ESTATE_MSG.ticked, lang), estate: await readEstate(ctx.db, actor.user, id) };
}

/** Upload a document for one item and tick it. Audited `estate.checklist_upload`. */
export async function uploadItem(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: { item: string; file: string; filename?: string },
  lang: Language,
) {
  await assertItem(ctx.db, actor.user, id, body.item);
  const [existing] = await ctx.db
    .select({ id: estate_checklist_items.id })
    .from(estate_checklist_items)
    .where(and(eq(estate_checklist_items.death_report_id, id), eq(estate_checklist_items.code, body.item)));
  const rowId = existing?.id ?? newId();
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'EstateChecklist',
    ownerId: rowId,
    data: decodeBase64(body.file, 'file'),
    allowed: DOCUMENT_TYPES,
    field: 'file',
  });
  await uploads.settle(
    ctx.db.transaction(async (tx) => {
      // The earlier upload is replaced (its row deleted): let go of it first.
      if (existing) {
        await tx
          .update(estate_checklist_items)
          .set({ attachment_id: null })
          .where(eq(estate_checklist_items.id, rowId));
      }
      const att = await uploads.record(tx as unknown as Db, staged, {
        attachableType: 'EstateChecklist',
        attachableId: rowId,
        type: 'estate-document',
        originalFilename: body.filename ?? null,
        uploadedBy: actor.user.id,
        replace: true,
      });
      if (!existing) {
        await tx.insert(estate_checklist_items).values({ id: rowId, death_report_id: id, code: body.item });
      }
      await upsertItem(tx, id, body.item, {
        done: true,
        ticked_by: actor.user.id,
        ticked_at: new Date(),
        attachment_id: att.id,
      });
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'estate.checklist_upload',
        entityType: 'DeathReport',
        entityId: id,
        after: { item: body.item, attachment_id: att.id, filename: body.filename ?? null },
        ip: actor.ip,
      });
    }),
  );
  return { message: translate(ESTATE_MSG.uploaded, lang), estate: await readEstate(ctx.db, actor.user, id) };
}

/** The report an estate checklist row belongs to (for the attachment reader). */
export async function reportOfChecklistRow(db: Conn, rowId: string): Promise<string | null> {
  const [r] = await db
    .select({ id: estate_checklist_items.death_report_id })
    .from(estate_checklist_items)
    .where(eq(estate_checklist_items.id, rowId));
  return r?.id ?? null;
}
