/**
 * Users as the wills flow needs them (docs/api/wills.md `GET|POST /user`, `POST /user/{id}/signature`;
 * reference §3.1 Part A: an agent finds the client by MyKad, or creates the account).
 */
import { can, type clientCreateSchema, type SignatureMethod } from '@wasiat/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.ts';
import type { AuthUser } from '../auth/guard.ts';
import { serializeUser } from '../auth/service.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { checkFile, decodeBase64, saveAttachment } from '../files/uploads.ts';
import { AppError, notFound } from '../http/errors.ts';
import { pageParams, toPage } from '../http/pagination.ts';

/**
 * Find users by exact MyKad (`GET /user?ic_number=`). Staff-side roles (`will:read:any`) find any
 * account; agents and partners only clients (they register wills for clients, nothing else).
 * @returns a page of users in the shape of `serializeUser` (auth/service.ts).
 */
export async function findUsersByMykad(db: Db, me: AuthUser, icNumber: string, q: { limit?: number; page?: number }) {
  const where = and(
    eq(users.ic_number, icNumber),
    can(me.role, 'will:read:any') ? undefined : eq(users.role, 'Client'),
  );
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db.select().from(users).where(where).orderBy(users.created_at).limit(p.per_page).offset(p.offset);
  const data = await Promise.all(rows.map((u) => serializeUser(db, u)));
  return toPage(data, n, p);
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Create a client account by MyKad (`POST /user`, agents/partners/staff/admin): role Client, username =
 * MyKad, no password (they set one via /password-create). 422 `errors.mykad_taken` on `ic_number`,
 * `errors.email_taken` on `email`. Writes an audit event.
 */
export async function createClient(
  db: Db,
  actor: { user: AuthUser; ip?: string },
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
          name: input.name,
          username: input.ic_number,
          ic_number: input.ic_number,
          email,
          mobile_number: input.mobile_number ?? null,
          role: 'Client',
          status: 1,
        })
        .returning();
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
  return ctx.db.transaction(async (tx) => {
    const row = await saveAttachment(tx as unknown as Db, ctx.store, {
      attachableType: 'User',
      attachableId: id,
      type: 'signature',
      description: 'user',
      data,
      allowed: ['image/png'],
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
  });
}
