/**
 * A will as the 2021 client reads it (issue 20; issue 39 item 1; reference §2.2 `GET wasiat/{id}`, Appendix B;
 * ADRs 0163, 0255): `preSerialization` hooks of `GET /wasiat/{id}` and `GET /wasiat`, after the route answered.
 *
 * That client loads the will with a plain `GET wasiat/{id}` (its store, `wasiat.module.js`) and reads, without
 * naming them in `load_with`: `user` (`name`, `ic_number`, `designation`, `other_ic_number`, `email`,
 * `mobile_number`: the sidebar, parts A, E and G, the receipt), `user_detail` (part E's form, the sidebar), `heir`
 * — its one heir contact, an object — (the sidebar's part gating, part F) and the MyKad images. So:
 * - in a 2021-contract session (ADR 0135), `GET /wasiat/{id}` answers, with or without `load_with`, `user`,
 *   `user_detail` (null before the particulars exist) with `designation`, `race` and `religion` as the labels of
 *   its selects in the request's language (ours store codes), `heir` (the newest heir of the will, or null),
 *   `mykad_front`, `mykad_back`, `selfie` (`{ id, public_path, mime_type }` or null) and `account_type` (null: we
 *   keep no organisation account type);
 * - a `load_with` naming the 2021 relation `heir` (its staff screens log in our way, ADR 0135's second factor)
 *   answers `heir`, the images and `account_type` too;
 * - in a 2021-contract session `GET /wasiat` answers `account_type` on each will.
 * Our own client reads none of these: its hot read (wills/hot-read.ts, one statement; ADR 0187, 0193) is
 * unchanged, and these reads run only for the 2021 client.
 */
import { DESIGNATIONS, labelOf, RACES, RELIGIONS } from '@wasiat/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { attachments, heirs, users, will_user_details } from '../../../db/schema/index.ts';
import { attachmentPath } from '../../../platform/files/uploads.ts';
import { type Body, isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

type Lang = 'ms' | 'en';
/** A `preSerialization` hook: the reply's payload → the payload answered. */
type ReplyHook = (req: FastifyRequest, reply: unknown, payload: unknown) => Promise<unknown>;

/**
 * A will's MyKad images and selfie as the 2021 client reads them (`{ id, public_path, mime_type }` or null); the
 * selfie is our manual eKYC photo (`ekyc-manual`, which the 2021 upload `type: "selfie"` makes; ADR 0182).
 */
async function willImages(db: Db, willId: string) {
  const rows = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, 'Wasiat'),
        eq(attachments.attachable_id, willId),
        inArray(attachments.type, ['mykad-front', 'mykad-back', 'ekyc-manual']),
      ),
    )
    .orderBy(attachments.created_at);
  const pick = (type: string) => {
    const a = rows.filter((r) => r.type === type).at(-1);
    return a ? { id: a.id, public_path: attachmentPath(a.id), mime_type: a.mime_type } : null;
  };
  return { mykad_front: pick('mykad-front'), mykad_back: pick('mykad-back'), selfie: pick('ekyc-manual') };
}

/** The will's heir as the 2021 client's one heir contact: the newest, or null. */
async function newestHeir(db: Db, willId: string) {
  const [h] = await db
    .select()
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)))
    .orderBy(desc(heirs.created_at), desc(heirs.id))
    .limit(1);
  return h ?? null;
}

/** The testator (`user`) and their particulars (`user_detail`) with the 2021 select labels in `lang`. */
async function testator(db: Db, willId: string, userId: string, lang: Lang) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  const [d] = await db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, willId));
  const user = u
    ? {
        id: u.id,
        name: u.name,
        username: u.username,
        email: u.email,
        ic_number: u.ic_number,
        mobile_number: u.mobile_number,
        gender: u.gender,
        designation: u.designation ? labelOf(DESIGNATIONS, u.designation, lang) : null,
        other_ic_number: d?.other_ic_number ?? null,
      }
    : null;
  const user_detail = d
    ? {
        ...d,
        designation: d.designation ? labelOf(DESIGNATIONS, d.designation, lang) : null,
        race: d.race === null ? null : labelOf(RACES, d.race, lang),
        religion: d.religion === null ? null : labelOf(RELIGIONS, d.religion, lang),
      }
    : null;
  return { user, user_detail };
}

/** The `load_with` names of a request (`user,userDetail,heir` → [...]). */
const loadWithOf = (req: FastifyRequest) =>
  String((req.query as { load_with?: unknown } | undefined)?.load_with ?? '')
    .split(',')
    .map((s) => s.trim());

/** The hooks, keyed `METHOD url` as declared (see the module comment). */
export function willReadHooks(ctx: Ctx): Record<string, ReplyHook> {
  const db = ctx.db;
  const readOne: ReplyHook = async (req, _reply, payload) => {
    const p = payload as Body;
    const session = isOriginalSession(req);
    if (!(session || loadWithOf(req).includes('heir')) || !isObject(p) || !isObject(p.wasiat)) return p;
    const w = p.wasiat as Body;
    const id = String(w.id);
    const images = await willImages(db, id);
    const heir = await newestHeir(db, id);
    const people = session && typeof w.user_id === 'string' ? await testator(db, id, w.user_id, req.lang) : {};
    return { ...p, wasiat: { account_type: null, ...images, ...w, heir, ...people } };
  };
  const readList: ReplyHook = async (req, _reply, payload) => {
    const p = payload as Body;
    const page = isObject(p) && isOriginalSession(req) ? (p.wasiats as Body) : null;
    if (!isObject(page) || !Array.isArray(page.data)) return p;
    return { ...p, wasiats: { ...page, data: page.data.map((x) => (isObject(x) ? { account_type: null, ...x } : x)) } };
  };
  return { 'GET /wasiat/:id': readOne, 'GET /wasiat': readList };
}
