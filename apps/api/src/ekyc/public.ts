/**
 * Public eKYC by a signed link (issue 3 "Public /ekyc and /ekyc/validation serve a client who was sent a
 * signed link (by an agent registering them), with the public token"; spec §2 public routes; DESIGN.md
 * §3 `POST /route/sign`; ADR 0091).
 *
 * 1. The agent (or anyone who may see the will) asks `POST /api/route/sign { route_name: "ekyc", wasiat_id }`
 *    → `{ url: "/ekyc?wasiat_id=<id>&expires=<unix s>&signature=<hmac>" }`, valid {@link EKYC_LINK_TTL_SECONDS}.
 * 2. The client opens it; the page exchanges it: `POST /api/ekyc/public/token { wasiat_id, expires, signature }`
 *    → `{ bearer_token, expires_at, ekyc }`. A tampered or expired link → 403 `ekyc.link_invalid`.
 *    The public token is itself an HMAC over `ekyc-public:<wasiat_id>` and an expiry (at most
 *    {@link PUBLIC_TOKEN_TTL_SECONDS}, never past the link's); it grants only the routes below, for that will.
 * 3. With `Authorization: Bearer <public token>` (`Type: api-public`):
 *    - `GET /api/ekyc/public/status` → `{ ekyc }` (count, limit, verified, testator's name);
 *    - `POST /api/ekyc/public/face-verification { selfie_image, mykad_image }` → as `POST /api/face-verification`;
 *      the MyKad photo is read by OCR first and refused when its number is not the testator's;
 *    - `GET /api/ekyc/public/document-ocr` → `{ document_ocr | null }` (what was read);
 *    - `POST /api/ekyc/public/validation { name, address, postcode, city, state }` → `{ document_ocr, message }`:
 *      the testator confirms (or corrects) the particulars; they are saved to their account.
 * Each action runs as the will's testator (the link was issued for them), with the caller's IP, audited.
 */
import { STATES, translate, V } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/audit.ts';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { document_ocrs, users, wills } from '../db/schema/index.ts';
import { checkFile, decodeBase64, IMAGE_TYPES } from '../files/uploads.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { registerSignableRoute } from '../http/signed-routes.ts';
import { findVisibleWill } from '../wills/queries.ts';
import { maxAttemptsFor } from './limits.ts';
import { assertSameMykad, readCard, saveReading, serializeReading, testatorMykad } from './ocr-service.ts';
import { serializeAttempt, verifyFace } from './service.ts';

/** How long the agent's link stays valid (72 hours; ADR 0091). */
export const EKYC_LINK_TTL_SECONDS = 72 * 3600;
/** How long a public token from the link stays valid (2 hours, the session idle time of ADR 0005). */
export const PUBLIC_TOKEN_TTL_SECONDS = 2 * 3600;

/** The path the link signs (the web page /ekyc, with the will). */
export const ekycLinkPath = (wasiatId: string) => `/ekyc?wasiat_id=${encodeURIComponent(wasiatId)}`;
const tokenSubject = (wasiatId: string) => `ekyc-public:${wasiatId}`;

const linkInvalid = () => new AppError('forbidden', 'ekyc.link_invalid');

/** Issue the public token for a will (`<wasiat_id>.<expires>.<mac>`). */
function issuePublicToken(ctx: Ctx, wasiatId: string, linkExpires: number) {
  const ttl = Math.max(1, Math.min(PUBLIC_TOKEN_TTL_SECONDS, linkExpires - Math.floor(Date.now() / 1000)));
  const signed = ctx.signer.sign(tokenSubject(wasiatId), ttl);
  const q = new URLSearchParams(signed.split('?')[1]);
  const expires = Number(q.get('expires'));
  return { token: `${wasiatId}.${expires}.${q.get('signature')}`, expires };
}

/** The will id of a valid public token in the request, else 401/403. */
function willOfPublicToken(ctx: Ctx, req: FastifyRequest): string {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  const parts = m?.[1]?.trim().split('.') ?? [];
  if (parts.length !== 3) throw linkInvalid();
  const [wasiatId, expires, signature] = parts;
  if (!ctx.signer.verify(tokenSubject(wasiatId), expires, signature)) throw linkInvalid();
  return wasiatId;
}

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

export async function publicEkycRoutes(api: FastifyInstance, ctx: Ctx) {
  registerSignableRoute('ekyc', {
    ttlSeconds: EKYC_LINK_TTL_SECONDS,
    async resolve(params, user) {
      const id = params.wasiat_id;
      if (typeof id !== 'string' || !id || id.length > 64) return null;
      try {
        const will = await findVisibleWill(ctx.db, user, id);
        return will.ekyc_verified_at ? null : ekycLinkPath(will.id);
      } catch {
        return null;
      }
    },
  });

  api.post('/ekyc/public/token', { config: { access: 'public' }, schema: { body: tokenBody } }, async (req) => {
    const b = req.body as z.infer<typeof tokenBody>;
    if (!ctx.signer.verify(ekycLinkPath(b.wasiat_id), b.expires, b.signature)) throw linkInvalid();
    const { will, user } = await willAndTestator(ctx.db, b.wasiat_id);
    const { token, expires } = issuePublicToken(ctx, will.id, Number(b.expires));
    return {
      bearer_token: token,
      expires_at: new Date(expires * 1000).toISOString(),
      ekyc: await ekycState(ctx, will, user),
    };
  });

  api.get('/ekyc/public/status', { config: { access: 'public' } }, async (req) => {
    const { will, user } = await willAndTestator(ctx.db, willOfPublicToken(ctx, req));
    return { ekyc: await ekycState(ctx, will, user) };
  });

  api.post(
    '/ekyc/public/face-verification',
    { config: { access: 'public' }, schema: { body: faceBody } },
    async (req) => {
      const { will, user } = await willAndTestator(ctx.db, willOfPublicToken(ctx, req));
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
    const { user } = await willAndTestator(ctx.db, willOfPublicToken(ctx, req));
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
      const { will, user } = await willAndTestator(ctx.db, willOfPublicToken(ctx, req));
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
