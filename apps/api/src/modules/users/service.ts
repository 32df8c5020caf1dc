/**
 * Users as the wills flow needs them (docs/api/wills.md `GET|POST /user`, `POST /user/{id}/signature`;
 * reference §3.1 Part A: an agent finds the client by MyKad, or creates the account).
 */
import { can, type clientCreateSchema, type Language, maskMykad, type SignatureMethod } from '@wasiat/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { serializeUser } from '../auth/index.ts';
import { actsForClient, grantOnRegistration } from '../grants/index.ts';

/**
 * Find users by exact MyKad (`GET /user?ic_number=`; issue 16 item 2, ADR 0101; issue 36 item 6, ADR 0228).
 * Staff-side roles (`will:read:any`) find any account with its full particulars; agents and partners find only
 * a client they act for under a grant (grants module), with the full particulars (`serializeUser`,
 * auth/service.ts). Anyone else — a client without a grant, an account that is not a client, or no account at
 * all — is the same empty answer: no id, no masked name, nothing that says whether the MyKad is registered (the
 * caller may ask the holder for access by MyKad: `POST /api/client-grant/by-mykad`, grants/by-mykad.ts). Every
 * lookup writes an audit event `user.lookup` (the MyKad masked, how many were answered); the route limits it
 * per user (http/rate-limits.ts `mykadLookup`, 30 an hour).
 * @returns a page of users (full records only).
 */
export async function findUsersByMykad(
  db: Db,
  actor: { user: AuthUser; ip?: string },
  icNumber: string,
  q: { limit?: number; page?: number },
) {
  const me = actor.user;
  const staff = can(me.role, 'will:read:any');
  const where = and(
    eq(users.ic_number, icNumber),
    staff ? undefined : and(eq(users.role, 'Client'), actsForClient(me, users.id)),
  );
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db.select().from(users).where(where).orderBy(users.created_at).limit(p.per_page).offset(p.offset);
  const data = await Promise.all(rows.map(async (u) => ({ ...(await serializeUser(db, u)), masked: false })));
  await recordAudit(db, {
    actorId: me.id,
    action: 'user.lookup',
    entityType: 'User',
    entityId: rows[0]?.id ?? '-',
    after: { ic_number: maskMykad(icNumber), found: Number(n), unmasked: rows.length },
    ip: actor.ip,
  });
  return toPage(data, n, p);
}

/**
 * A Client's lookup of themself (`GET /user?ic_number=` without `user:lookup`; issue 20, ADR 0133): a page
 * holding the caller's own full record when `icNumber` is their MyKad, else an empty page — it tells
 * nothing about any other account.
 */
export async function findSelfByMykad(db: Db, me: AuthUser, icNumber: string) {
  const p = pageParams({});
  if (!me.ic_number || me.ic_number !== icNumber) return toPage([], 0, p);
  const [u] = await db.select().from(users).where(eq(users.id, me.id));
  return toPage([{ ...(await serializeUser(db, u)), masked: false }], 1, p);
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Create a client account by MyKad (`POST /user`, agents/partners/staff/admin): role Client, username =
 * MyKad, no password (they set one via /password-create). Without `name` the account is nameless (name
 * '') until the testator/grantor particulars name it (ADR 0133). A Partner or Agent who registers the client gets
 * an active grant for their organisation (grants module, ADR 0101). 422 `errors.mykad_taken` on `ic_number`,
 * `errors.email_taken` on `email`. Writes an audit event.
 */
export async function createClient(
  db: Db,
  actor: { user: AuthUser; ip?: string; lang?: Language },
  input: z.output<typeof clientCreateSchema>,
) {
  const email = input.email?.toLowerCase() ?? null;
  const taken = await db
    .select({ ic: users.ic_number, username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(users.ic_number, input.ic_number),
        eq(users.username, input.ic_number),
        email ? eq(sql`lower(${users.email})`, email) : undefined,
      ),
    );
  const fields: Record<string, string[]> = {};
  for (const t of taken) {
    if (t.ic === input.ic_number || t.username === input.ic_number) fields.ic_number = ['errors.mykad_taken'];
    if (email && t.email?.toLowerCase() === email) fields.email = ['errors.email_taken'];
  }
  if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields)[0][0], fields);
  try {
    return await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          name: input.name ?? '',
          username: input.ic_number,
          ic_number: input.ic_number,
          email,
          mobile_number: input.mobile_number ?? null,
          role: 'Client',
          status: 1,
          // their mails are in the registrar's language until they log in (ADR 0243)
          ...(actor.lang ? { language: actor.lang } : {}),
        })
        .returning();
      // The registering organisation acts for the client from now on (ADR 0101).
      await grantOnRegistration(tx, actor, u.id);
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'user.create',
        entityType: 'User',
        entityId: u.id,
        after: { id: u.id, name: u.name, ic_number: u.ic_number, role: u.role },
        ip: actor.ip,
      });
      return u;
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError('validation', 'errors.mykad_taken', { ic_number: ['errors.mykad_taken'] });
    throw e;
  }
}

/**
 * Save the caller's own signature (`POST /user/{id}/signature`; spec §2 "a non-client user without a
 * saved signature is sent to /signature"): PNG data URL only (422 `errors.file_type` on `document`);
 * another user's id is a 404. Sets `users.signature_id`; the audit entry records how it was made
 * (`signature_method` drawn|typed, ADR 0123).
 * @returns the attachment id.
 */
export async function saveUserSignature(
  ctx: Ctx,
  actor: { user: AuthUser; ip?: string },
  id: string,
  dataUrl: string,
  method: SignatureMethod = 'drawn',
) {
  if (id !== actor.user.id) throw notFound();
  const data = decodeBase64(dataUrl, 'document');
  await checkFile(data, ['image/png'], 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({ ownerType: 'User', ownerId: id, data, allowed: ['image/png'] });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const row = await uploads.record(tx as unknown as Db, staged, {
        attachableType: 'User',
        attachableId: id,
        type: 'signature',
        description: 'user',
        uploadedBy: id,
        replace: true,
      });
      await tx.update(users).set({ signature_id: row.id }).where(eq(users.id, id));
      await recordAudit(tx as unknown as Db, {
        actorId: id,
        action: 'user.sign',
        entityType: 'User',
        entityId: id,
        before: { signature_id: actor.user.signature_id },
        after: { signature_id: row.id, signature_method: method },
        ip: actor.ip,
      });
      return row.id;
    }),
  );
}
