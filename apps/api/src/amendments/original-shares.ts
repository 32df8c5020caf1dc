/**
 * The 2021 client's property receivers of a will amendment's draft (issue 20; reference §2.6 `property-receiver`,
 * §3.5 part D; ADR 0179): `POST property-receiver { receiver_id, portion, propertyable_type, propertyable_id }`,
 * `GET|PATCH|DELETE property-receiver/{id}` where the property is a row of an open amendment's draft the caller
 * sees. A share is `{ receiver_id, portion }` of the draft property (content.ts); its id is `<property id>.<receiver
 * id>`. Checked as the will's own shares (the receiver is one of the draft's, once per property, a vehicle has one
 * receiver, the portions within the whole: 422 on `receiver_id` / `portion`), then by the draft's own rules and
 * audit ({@link changeDraft}). Anything else goes on to the wills route.
 */
import { portion as portionRule, translate } from '@wasiat/domain';
import { z } from 'zod';
import { type AuthUser, requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { actorOf, parseBody } from '../wills/http.ts';
import type { Share } from './content.ts';
import {
  type Body,
  blank,
  checkNewShare,
  editedDraftOfRow,
  type Hook,
  idOf,
  isObject,
  rowIn,
  rowsOf,
  type Section,
  shareRows,
  splitShareId,
  typeOf,
} from './draft-rows.ts';
import { type Amendment, changeDraft } from './service.ts';

const shareBody = z.object({ receiver_id: z.string().trim().min(1).max(64).optional(), portion: portionRule() });

/** The route-level hooks of `property-receiver` on a draft, keyed `METHOD url`. */
export function shareHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const hooks: Record<string, Hook> = {};
  /** The draft property a share body or share id names, with its section, or null (the wills route answers). */
  const propertyOf = async (user: AuthUser, propertyId: string, type?: unknown) => {
    const sections: Section[] =
      type === 'ImmoveableProperty'
        ? ['immoveables']
        : type === 'MoveableProperty'
          ? ['moveables']
          : ['moveables', 'immoveables'];
    const open = await editedDraftOfRow(db, user, sections, propertyId);
    if (!open) return null;
    const section = rowsOf(open, 'moveables').some((p) => p.id === propertyId) ? 'moveables' : 'immoveables';
    return { open, section: section as Section };
  };
  const withShares = (a: Amendment, s: Section, propertyId: string, next: (shares: Share[], p: Body) => Share[]) => ({
    [s]: rowsOf(a, s).map((p) =>
      p.id === propertyId ? { ...p, shares: next(((p.shares ?? []) as Share[]).slice(), p) } : p,
    ),
  });

  /** `POST property-receiver { receiver_id, portion, propertyable_type, propertyable_id }` → 201 `{ property_receiver }`. */
  hooks['POST /property-receiver'] = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || blank(b.propertyable_id)) return;
    const pid = String(b.propertyable_id);
    const found = await propertyOf(requireUser(req), pid, b.propertyable_type);
    if (!found) return;
    const body = parseBody(shareBody.extend({ receiver_id: z.string().trim().min(1).max(64) }), b);
    const share: Share = { receiver_id: body.receiver_id, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await changeDraft(
      db,
      actorOf(req),
      found.open.id,
      (a) =>
        withShares(a, found.section, pid, (shares, p) => {
          checkNewShare(a, found.section, p, share.receiver_id, share.portion);
          answer = shareRows(a, { ...p, shares: [share] }, typeOf(found.section))[0];
          return [...shares, share];
        }) as never,
    );
    return reply.status(201).send({ property_receiver: answer });
  };
  /** The share a `property-receiver/{id}` names, or null. */
  const shareOf = async (user: AuthUser, id: string) => {
    const parts = splitShareId(id);
    if (!parts) return null;
    const found = await propertyOf(user, parts.propertyId);
    return found ? { ...found, ...parts } : null;
  };
  /** `PATCH property-receiver/{id} { portion, receiver_id? }` → `{ property_receiver }` (a new receiver: a new id). */
  const updateShare: Hook = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    const body = parseBody(shareBody, isObject(req.body) ? req.body : {});
    const share: Share = { receiver_id: body.receiver_id ?? s.receiverId, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await changeDraft(
      db,
      actorOf(req),
      s.open.id,
      (a) =>
        withShares(a, s.section, s.propertyId, (shares, p) => {
          const i = shares.findIndex((x) => x.receiver_id === s.receiverId);
          if (i < 0) throw notFound();
          checkNewShare(a, s.section, p, share.receiver_id, share.portion, s.receiverId);
          shares[i] = share;
          answer = shareRows(a, { ...p, shares: [share] }, typeOf(s.section))[0];
          return shares;
        }) as never,
    );
    return reply.send({ property_receiver: answer });
  };
  hooks['PATCH /property-receiver/:id'] = updateShare;
  hooks['PUT /property-receiver/:id'] = updateShare;
  hooks['DELETE /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    await changeDraft(
      db,
      actorOf(req),
      s.open.id,
      (a) =>
        withShares(a, s.section, s.propertyId, (shares) => {
          if (!shares.some((x) => x.receiver_id === s.receiverId)) throw notFound();
          return shares.filter((x) => x.receiver_id !== s.receiverId);
        }) as never,
    );
    return reply.send({ message: translate('wills.deleted', req.lang) });
  };
  hooks['GET /property-receiver/:id'] = async (req, reply) => {
    const user = requireUser(req);
    const s = await shareOf(user, idOf(req));
    if (!s) return;
    const p = rowIn(s.open, s.section, s.propertyId);
    const row = shareRows(s.open, p, typeOf(s.section)).find((x) => x.receiver_id === s.receiverId);
    if (!row) throw notFound();
    return reply.send({ property_receiver: row });
  };
  return hooks;
}
