/**
 * The routes of an instrument's owner particulars (`user_detail`: a will's testator, part c; a hibah's grantor,
 * part D / estate part B), the same for every kind (issue 20, ADR 0131; issue 34 "written once"; ADR 0240):
 * - `GET <base>/:id/user-detail` → `{ user_detail }` (null before they are given; 404 when not visible);
 * - `POST <base>/:id/user-detail` (the whole record, `userDetailSchema`) → `{ user_detail }`;
 * - `PATCH|PUT <base>/:id/user-detail` — whole, or partial (`userDetailPatchSchema`): only the keys it carries,
 *   each checked by its rule → `{ user_detail }`. 422 per field.
 * The kind's service decides who may (its scope and step rules) and what is stored.
 */
import { userDetailPatchSchema, userDetailSchema } from '@wasiat/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Access, AuthUser } from '../auth/index.ts';
import { requireUser } from '../auth/index.ts';

type Input = Partial<z.output<typeof userDetailSchema>>;
const idParams = z.object({ id: z.string().min(1).max(64) });

/** What a kind gives: its base path (`/wasiat`, `/hibah`), permissions, actor and particulars service. */
interface UserDetailKind<A> {
  base: string;
  read: Access;
  edit: Access;
  actorOf: (req: FastifyRequest) => A;
  get: (db: Db, user: AuthUser, id: string) => Promise<unknown>;
  save: (db: Db, actor: A, id: string, input: Input, partial?: boolean) => Promise<unknown>;
}

/** Register the routes of the module comment for `kind` on the `/api` instance. */
export function userDetailRoutes<A>(api: FastifyInstance, ctx: Ctx, kind: UserDetailKind<A>) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const path = `${kind.base}/:id/user-detail`;
  const params = idParams;
  /** The particulars, or null before they are given. */
  r.get(path, { config: { access: kind.read }, schema: { params } }, async (req) => ({
    user_detail: await kind.get(ctx.db, requireUser(req), req.params.id),
  }));
  /** The whole record (POST). */
  const saveDetail = async (req: any) => ({
    user_detail: await kind.save(ctx.db, kind.actorOf(req), req.params.id, req.body),
  });
  /** The whole record, or only the keys carried (PATCH/PUT). */
  const patchDetail = async (req: any) => {
    const whole = userDetailSchema.safeParse(req.body);
    return {
      user_detail: whole.success
        ? await kind.save(ctx.db, kind.actorOf(req), req.params.id, whole.data)
        : await kind.save(ctx.db, kind.actorOf(req), req.params.id, req.body, true),
    };
  };
  const detailOpts = { config: { access: kind.edit }, schema: { params, body: userDetailSchema } };
  const patchOpts = { config: { access: kind.edit }, schema: { params, body: userDetailPatchSchema } };
  r.post(path, detailOpts, saveDetail);
  r.patch(path, patchOpts, patchDetail);
  r.put(path, patchOpts, patchDetail);
}
