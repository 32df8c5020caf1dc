/**
 * Data requests (PDPA 2010 as amended 2024; issue 11 "ask for deletion … (the request is recorded and
 * handled by staff)"; ADR 0083): the client asks for erasure and sees their requests, staff list them
 * and refuse them. A request (`data_requests`) is `kind: 'erasure'`, `status` 0 pending, 1 approved
 * (erasure-approval.ts), 2 refused; shown with the requester's name and masked MyKad (last 4 digits)
 * to staff.
 */

import { and, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { data_requests, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';

/** A data request as the API shows it. */
export const show = (r: typeof data_requests.$inferSelect, u?: { name: string; ic_number: string | null } | null) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  remarks: r.remarks,
  outcome: r.outcome,
  created_at: r.created_at,
  handled_at: r.handled_at,
  ...(u ? { user: { name: u.name, ic_number: u.ic_number ? `********${u.ic_number.slice(-4)}` : null } } : {}),
});

/**
 * `POST /api/profile/data-requests { reason? }` → 201 `{ data_request }`: the caller asks for erasure.
 * @throws 422 `security.erasure_pending` while an earlier request waits.
 */
export async function requestErasure(ctx: Ctx, user: AuthUser, reason: string | undefined, ip: string) {
  const [pending] = await ctx.db
    .select({ id: data_requests.id })
    .from(data_requests)
    .where(and(eq(data_requests.user_id, user.id), eq(data_requests.status, 0)));
  if (pending) throw new AppError('validation', 'security.erasure_pending', { reason: ['security.erasure_pending'] });
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [r] = await tx
      .insert(data_requests)
      .values({ user_id: user.id, kind: 'erasure', reason: reason || null })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'data_request.create',
      entityType: 'DataRequest',
      entityId: r.id,
      ip,
    });
    return { data_request: show(r) };
  });
}

/** `GET /api/profile/data-requests` → `{ data_requests: [...] }`: the caller's own requests, newest first. */
export async function myDataRequests(db: Db, user: AuthUser) {
  const rows = await db
    .select()
    .from(data_requests)
    .where(eq(data_requests.user_id, user.id))
    .orderBy(desc(data_requests.created_at));
  return { data_requests: rows.map((r) => show(r)) };
}

/**
 * `GET /api/data-requests?status&limit&page` (data-request:handle) → `{ data_requests: { data, … } }`,
 * oldest first, with the requester's name and masked MyKad.
 */
export async function listDataRequests(db: Db, q: { status?: number; limit?: number; page?: number }) {
  const p = pageParams(q);
  const where = q.status === undefined ? undefined : eq(data_requests.status, q.status);
  const rows = await db
    .select({ r: data_requests, u: { name: users.name, ic_number: users.ic_number } })
    .from(data_requests)
    .innerJoin(users, eq(users.id, data_requests.user_id))
    .where(where)
    .orderBy(data_requests.created_at)
    .limit(p.per_page)
    .offset(p.offset);
  const total = (await db.select({ id: data_requests.id }).from(data_requests).where(where)).length;
  return {
    data_requests: toPage(
      rows.map((x) => show(x.r, x.u)),
      total,
      p,
    ),
  };
}

export async function loadPending(db: Db, id: string) {
  const [r] = await db.select().from(data_requests).where(eq(data_requests.id, id));
  if (!r) throw notFound();
  if (r.status !== 0) throw fieldError('status', 'security.request_handled');
  return r;
}

/**
 * `POST /api/data-requests/{id}/refuse { remarks }` (data-request:handle) → `{ data_request }` with status 2.
 * @throws 404; 422 `security.request_handled`.
 */
export async function refuseErasure(ctx: Ctx, actor: AuthUser, id: string, remarks: string, ip: string) {
  const r = await loadPending(ctx.db, id);
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [done] = await tx
      .update(data_requests)
      .set({ status: 2, handled_by: actor.id, handled_at: new Date(), remarks })
      .where(and(eq(data_requests.id, r.id), eq(data_requests.status, 0)))
      .returning();
    if (!done) throw fieldError('status', 'security.request_handled');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'data_request.refuse',
      entityType: 'DataRequest',
      entityId: r.id,
      after: { remarks },
      ip,
    });
    return { data_request: show(done) };
  });
}
