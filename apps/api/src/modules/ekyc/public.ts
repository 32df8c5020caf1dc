/**
 * Public eKYC by a signed link (issue 3 "Public /ekyc and /ekyc/validation serve a client who was sent a
 * signed link (by an agent registering them), with the public token"; spec §2 public routes; DESIGN.md
 * §3 `POST /route/sign`; ADR 0091; revocation ADR 0095).
 *
 * 1. The agent (or anyone who may see the will) asks `POST /api/route/sign { route_name: "ekyc", wasiat_id }`
 *    → `{ url: "/ekyc?wasiat_id=<id>&link_id=<id>&expires=<unix s>&signature=<hmac>" }`, valid
 *    {@link EKYC_LINK_TTL_SECONDS}. Each link is a row of `ekyc_links` (who issued it, when it expires).
 * 2. The client opens it; the page exchanges it: `POST /api/ekyc/public/token { wasiat_id, link_id, expires,
 *    signature }` → `{ bearer_token, expires_at, ekyc }`. A tampered or expired link → 403
 *    `ekyc.link_invalid`; a revoked one → 410 `ekyc.link_revoked`. The public token is itself an HMAC over
 *    `ekyc-public:<wasiat_id>:<link_id>` and an expiry (at most {@link PUBLIC_TOKEN_TTL_SECONDS}, never past
 *    the link's); it grants only the routes below, for that will, while its link is not revoked (410).
 * 3. With `Authorization: Bearer <public token>` (`Type: api-public`):
 *    - `GET /api/ekyc/public/status` → `{ ekyc }` (count, limit, verified, testator's name);
 *    - `POST /api/ekyc/public/face-verification { selfie_image, mykad_image }` → as `POST /api/face-verification`;
 *      the MyKad photo is read by OCR first and refused when its number is not the testator's;
 *    - `GET /api/ekyc/public/document-ocr` → `{ document_ocr | null }` (what was read);
 *    - `POST /api/ekyc/public/validation { name, address, postcode, city, state }` → `{ document_ocr, message }`:
 *      the testator confirms (or corrects) the particulars; they are saved to their account.
 * 4. Revocation (logged in): `GET /api/ekyc/links?wasiat_id=` → `{ links: [{ id, issued_by, expires_at,
 *    revoked_at, can_revoke, … }] }` (anyone who may see the will); `POST /api/ekyc/links/{id}/revoke` →
 *    `{ link, message }` by the issuer or staff with `ekyc:review` (404 otherwise), audited.
 * Each public action runs as the will's testator (the link was issued for them), with the caller's IP, audited.
 */
import { STATES, translate, V } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { document_ocrs, ekyc_links, users, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type AuthUser, requireUser, userCan } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, IMAGE_TYPES } from '../../platform/files/uploads.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { registerSignableRoute } from '../../platform/http/signed-routes.ts';
import { maxAttemptsFor } from '../instruments/index.ts';
import { assertSameMykad, readCard, saveReading, serializeReading, testatorMykad } from '../mykad/index.ts';
import { findVisibleWill } from '../wills/index.ts';
import { serializeAttempt, verifyFace } from './service.ts';

/** How long the agent's link stays valid (72 hours; ADR 0091). */
export const EKYC_LINK_TTL_SECONDS = 72 * 3600;
/** How long a public token from the link stays valid (2 hours, the session idle time of ADR 0005). */
export const PUBLIC_TOKEN_TTL_SECONDS = 2 * 3600;

/** The path the link signs (the web page /ekyc, with the will and the link's id). */
export const ekycLinkPath = (wasiatId: string, linkId: string) =>
  `/ekyc?wasiat_id=${encodeURIComponent(wasiatId)}&link_id=${encodeURIComponent(linkId)}`;
const tokenSubject = (wasiatId: string, linkId: string) => `ekyc-public:${wasiatId}:${linkId}`;

const linkInvalid = () => new AppError('forbidden', 'ekyc.link_invalid');
const linkRevoked = () => new AppError('gone', 'ekyc.link_revoked');

/** Issue the public token for a will's link (`<wasiat_id>.<link_id>.<expires>.<mac>`). */
function issuePublicToken(ctx: Ctx, wasiatId: string, linkId: string, linkExpires: number) {
  const ttl = Math.max(1, Math.min(PUBLIC_TOKEN_TTL_SECONDS, linkExpires - Math.floor(Date.now() / 1000)));
  const signed = ctx.signer.sign(tokenSubject(wasiatId, linkId), ttl);
  const q = new URLSearchParams(signed.split('?')[1]);
  const expires = Number(q.get('expires'));
  return { token: `${wasiatId}.${linkId}.${expires}.${q.get('signature')}`, expires };
}

/** A link row of the will; 403 when unknown, 410 when revoked. */
async function liveLink(db: Db, wasiatId: string, linkId: string) {
  const [link] = await db.select().from(ekyc_links).where(eq(ekyc_links.id, linkId));
  if (!link || link.wasiat_id !== wasiatId) throw linkInvalid();
  if (link.revoked_at) throw linkRevoked();
  return link;
}

/** The will id of a valid public token in the request whose link is not revoked, else 403/410. */
async function willOfPublicToken(ctx: Ctx, req: FastifyRequest): Promise<string> {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  const parts = m?.[1]?.trim().split('.') ?? [];
  if (parts.length !== 4) throw linkInvalid();
  const [wasiatId, linkId, expires, signature] = parts;
  if (!ctx.signer.verify(tokenSubject(wasiatId, linkId), expires, signature)) throw linkInvalid();
  await liveLink(ctx.db, wasiatId, linkId);
  return wasiatId;
}

/** A link as listed for the will's helpers. */
const linkBody = (
  l: typeof ekyc_links.$inferSelect,
  issuer: { id: string; name: string } | null,
  me: AuthUser,
  now = new Date(),
) => ({
  id: l.id,
  wasiat_id: l.wasiat_id,
  issued_by: issuer,
  expires_at: l.expires_at.toISOString(),
  revoked_at: l.revoked_at?.toISOString() ?? null,
  created_at: l.created_at.toISOString(),
  active: !l.revoked_at && l.expires_at.getTime() > now.getTime(),
  can_revoke: !l.revoked_at && (l.issued_by === me.id || userCan(me, 'ekyc:review')),
});

/** The will and its testator (the account the link acts for). */
async function willAndTestator(db: Db, wasiatId: string): Promise<{ will: typeof wills.$inferSelect; user: AuthUser }> {
  const [row] = await db
    .select({ will: wills, user: users })
    .from(wills)
    .innerJoin(users, eq(users.id, wills.user_id))
    .where(eq(wills.id, wasiatId));
  if (!row || row.will.deleted_at || row.user.status !== 1) throw linkInvalid();
  return row;
}

/** The eKYC state shown by the public page. */
async function ekycState(ctx: Ctx, will: typeof wills.$inferSelect, user: AuthUser) {
  return {
    wasiat_id: will.id,
    name: user.name,
    face_verification_count: will.face_verification_count,
    max_attempts: await maxAttemptsFor(ctx, will.organization_id),
    ekyc_verified_at: will.ekyc_verified_at?.toISOString() ?? null,
  };
}

const tokenBody = z.object({
  wasiat_id: z.string().min(1).max(64),
  link_id: z.string().min(1).max(64),
  expires: z.string().max(20),
  signature: z.string().max(200),
});
const faceBody = z.object({
  selfie_image: z.string().min(1, 'validation.required'),
  mykad_image: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
});
const validationBody = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(150),
  address: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(300),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, V.postcodeInvalid),
  city: z.string().trim().max(100).nullish(),
  state: z.enum(STATES, { error: V.choose }).nullish(),
});

/**
 * Record a new link for a will `user` may see (404 otherwise) and audit it (`ekyc.link_issue`): the link row;
 * its path to sign is {@link ekycLinkPath}. The caller checks the will's eKYC is not verified yet.
 */
export async function issueEkycLink(ctx: Ctx, user: AuthUser, will: { id: string }) {
  const [link] = await ctx.db
    .insert(ekyc_links)
    .values({
      wasiat_id: will.id,
      issued_by: user.id,
      expires_at: new Date(Date.now() + EKYC_LINK_TTL_SECONDS * 1000),
    })
    .returning();
  await recordAudit(ctx.db, {
    actorId: user.id,
    action: 'ekyc.link_issue',
    entityType: 'Wasiat',
    entityId: will.id,
    after: { link_id: link.id, expires_at: link.expires_at.toISOString() },
  });
  return link;
}

/**
 * Exchange a signed link (its will, id, expiry and signature) for a public token:
 * `{ bearer_token, expires_at, ekyc }`. 403 `ekyc.link_invalid` tampered/expired/unknown, 410 revoked.
 */
export async function exchangeEkycLink(ctx: Ctx, b: z.infer<typeof tokenBody>) {
  if (!ctx.signer.verify(ekycLinkPath(b.wasiat_id, b.link_id), b.expires, b.signature)) throw linkInvalid();
  await liveLink(ctx.db, b.wasiat_id, b.link_id);
  const { will, user } = await willAndTestator(ctx.db, b.wasiat_id);
  const { token, expires } = issuePublicToken(ctx, will.id, b.link_id, Number(b.expires));
  return {
    bearer_token: token,
    expires_at: new Date(expires * 1000).toISOString(),
    ekyc: await ekycState(ctx, will, user),
  };
}

export async function publicEkycRoutes(api: FastifyInstance, ctx: Ctx) {
  registerSignableRoute('ekyc', {
    ttlSeconds: EKYC_LINK_TTL_SECONDS,
    async resolve(params, user) {
      const id = params.wasiat_id;
      if (typeof id !== 'string' || !id || id.length > 64) return null;
      try {
        const will = await findVisibleWill(ctx.db, user, id);
        if (will.ekyc_verified_at) return null;
        const link = await issueEkycLink(ctx, user, will);
        return ekycLinkPath(will.id, link.id);
      } catch {
        return null;
      }
    },
  });

  api.post('/ekyc/public/token', { config: { access: 'public' }, schema: { body: tokenBody } }, async (req) =>
    exchangeEkycLink(ctx, req.body as z.infer<typeof tokenBody>),
  );

  api.get(
    '/ekyc/links',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({ wasiat_id: z.string({ error: 'validation.required' }).min(1).max(64) }) },
    },
    async (req) => {
      const me = requireUser(req);
      const will = await findVisibleWill(ctx.db, me, (req.query as { wasiat_id: string }).wasiat_id);
      const rows = await ctx.db
        .select({ link: ekyc_links, issuer: { id: users.id, name: users.name } })
        .from(ekyc_links)
        .leftJoin(users, eq(users.id, ekyc_links.issued_by))
        .where(eq(ekyc_links.wasiat_id, will.id))
        .orderBy(desc(ekyc_links.created_at))
        .limit(50);
      return { links: rows.map((r) => linkBody(r.link, r.issuer, me)) };
    },
  );

  api.post(
    '/ekyc/links/:id/revoke',
    { config: { access: 'authenticated' }, schema: { params: z.object({ id: z.string().min(1).max(64) }) } },
    async (req) => {
      const me = requireUser(req);
      const id = (req.params as { id: string }).id;
      const link = await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [row] = await tx.select().from(ekyc_links).where(eq(ekyc_links.id, id)).for('update');
        if (!row) throw notFound();
        // The will must be visible, and the caller its link's issuer or an eKYC reviewer.
        await findVisibleWill(db, me, row.wasiat_id);
        if (row.issued_by !== me.id && !userCan(me, 'ekyc:review')) throw notFound();
        if (row.revoked_at) return row;
        const now = new Date();
        const [after] = await tx
          .update(ekyc_links)
          .set({ revoked_at: now, revoked_by: me.id })
          .where(eq(ekyc_links.id, row.id))
          .returning();
        await recordAudit(db, {
          actorId: me.id,
          action: 'ekyc.link_revoke',
          entityType: 'Wasiat',
          entityId: row.wasiat_id,
          before: { link_id: row.id, revoked_at: null },
          after: { link_id: row.id, revoked_at: now.toISOString() },
          ip: req.ip,
        });
        return after;
      });
      const [issuer] = await ctx.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, link.issued_by));
      return { link: linkBody(link, issuer ?? null, me), message: translate('ekyc.link_revoke_done', req.lang) };
    },
  );

  api.get('/ekyc/public/status', { config: { access: 'public' } }, async (req) => {
    const { will, user } = await willAndTestator(ctx.db, await willOfPublicToken(ctx, req));
    return { ekyc: await ekycState(ctx, will, user) };
  });

  api.post(
    '/ekyc/public/face-verification',
    { config: { access: 'public' }, schema: { body: faceBody } },
    async (req) => {
      const { will, user } = await willAndTestator(ctx.db, await willOfPublicToken(ctx, req));
      const body = req.body as z.infer<typeof faceBody>;
      const mykad = decodeBase64(body.mykad_image, 'mykad_image');
      await checkFile(mykad, IMAGE_TYPES, 'mykad_image');
      const read = await readCard(mykad);
      assertSameMykad(read, await testatorMykad(ctx.db, will), 'mykad_image');
      if (read) await saveReading(ctx.db, { userId: user.id, wasiatId: will.id, uploadedBy: user.id }, read);
      const attempt = await verifyFace(
        ctx,
        { user, ip: req.ip },
        {
          selfie_image: body.selfie_image,
          mykad_image: body.mykad_image,
          ekycable_type: 'Wasiat',
          ekycable_id: will.id,
        },
      );
      return {
        face_verification: serializeAttempt(attempt),
        message: translate(attempt.passed ? 'ekyc.passed' : 'ekyc.score_too_low', req.lang),
      };
    },
  );

  api.get('/ekyc/public/document-ocr', { config: { access: 'public' } }, async (req) => {
    const { user } = await willAndTestator(ctx.db, await willOfPublicToken(ctx, req));
    const [row] = await ctx.db
      .select()
      .from(document_ocrs)
      .where(eq(document_ocrs.user_id, user.id))
      .orderBy(desc(document_ocrs.created_at))
      .limit(1);
    return { document_ocr: row ? serializeReading(row) : null };
  });

  api.post(
    '/ekyc/public/validation',
    { config: { access: 'public' }, schema: { body: validationBody } },
    async (req) => {
      const { will, user } = await willAndTestator(ctx.db, await willOfPublicToken(ctx, req));
      if (!will.ekyc_verified_at) throw fieldError('_', 'ekyc.validation_before_verified');
      const b = req.body as z.infer<typeof validationBody>;
      const row = await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [latest] = await tx
          .select()
          .from(document_ocrs)
          .where(and(eq(document_ocrs.user_id, user.id), eq(document_ocrs.wasiat_id, will.id)))
          .orderBy(desc(document_ocrs.created_at))
          .limit(1);
        const before = {
          name: user.name,
          address: user.address,
          postcode: user.postcode,
          city: user.city,
          state: user.state,
        };
        const after = {
          name: b.name,
          address: b.address,
          postcode: b.postcode,
          city: b.city ?? null,
          state: b.state ?? null,
        };
        await tx.update(users).set(after).where(eq(users.id, user.id));
        const now = new Date();
        const particulars = {
          ...((latest?.particulars as object) ?? {}),
          ...after,
          ic_number: latest?.ic_number ?? user.ic_number,
        };
        const [saved] = latest
          ? await tx
              .update(document_ocrs)
              .set({ confirmed_at: now, particulars })
              .where(eq(document_ocrs.id, latest.id))
              .returning()
          : await tx
              .insert(document_ocrs)
              .values({
                user_id: user.id,
                wasiat_id: will.id,
                particulars,
                ic_number: user.ic_number,
                confirmed_at: now,
                uploaded_by: user.id,
              })
              .returning();
        await recordAudit(db, {
          actorId: user.id,
          action: 'ekyc.validation',
          entityType: 'User',
          entityId: user.id,
          before,
          after: { ...after, via: 'signed-link', wasiat_id: will.id },
          ip: req.ip,
        });
        return saved;
      });
      return { document_ocr: serializeReading(row), message: translate('ekyc.ocr_confirmed', req.lang) };
    },
  );
}
