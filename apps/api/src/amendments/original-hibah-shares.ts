/**
 * The 2021 client's property receivers of a HIBAH amendment's draft (issue 20; reference §2.6 `property-receiver`,
 * §3.2 part F, §3.7; ADR 0180 "Parts E–G"): `POST property-receiver { receiver_id, portion, propertyable_type,
 * propertyable_id }`, `GET|PATCH|DELETE property-receiver/{id}` where the property is a row of an open hibah
 * amendment's draft the caller sees. A share is `{ receiver_id, portion }` of the draft property (hibah/content.ts);
 * its id is `<property id>.<receiver id>`. Checked as the hibah's own shares ({@link checkNewShare}: 422 on
 * `receiver_id` / `portion`), then by the draft's rules and audit ({@link changeHibahDraft}). Anything else goes on
 * to the hibah's own flat hooks and the wills route.
 */
import { portion as portionRule, translate } from '@wasiat/domain';
import { z } from 'zod';
import { type AuthUser, requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { HibahShare } from '../hibah/content.ts';
import { notFound } from '../http/errors.ts';
import { actorOf, parseBody } from '../wills/http.ts';
import {
  type Body,
  blank,
  changeHibahDraft,
  checkNewShare,
  editedHibahDraftOfRow,
  type Hook,
  hibahDraftOfRow,
  idOf,
  isObject,
  mayEdit,
  rowIn,
  rowsOf,
  type Section,
  shareRows,
  splitShareId,
} from './original-hibah-rows.ts';
import type { Amendment } from './service.ts';

const shareBody = z.object({ receiver_id: z.string().trim().min(1).max(64).optional(), portion: portionRule() });

/** The route-level hooks of `property-receiver` on a hibah amendment's draft, keyed `METHOD url` (no `/api`). */
export function hibahShareHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const hooks: Record<string, Hook> = {};
  /** The draft property a share body or share id names, with its section, or null (the next hook answers). */
  const propertyOf = async (user: AuthUser, propertyId: string, type?: unknown) => {
    const sections: Section[] =
      type === 'ImmoveableProperty'
        ? ['immoveables']
        : type === 'MoveableProperty'
          ? ['moveables']
          : ['moveables', 'immoveables'];
    const open = await editedHibahDraftOfRow(db, user, sections, propertyId);
    if (!open) return null;
    const section: Section = rowsOf(open, 'moveables').some((p) => p.id === propertyId) ? 'moveables' : 'immoveables';
    return { open, section };
  };
  const withShares = (
    a: Amendment,
    s: Section,
    propertyId: string,
    next: (shares: HibahShare[], p: Body) => HibahShare[],
  ) => ({
    [s]: rowsOf(a, s).map((p) =>
      p.id === propertyId ? { ...p, shares: next(((p.shares ?? []) as HibahShare[]).slice(), p) } : p,
    ),
  });

  /** `POST property-receiver` naming a draft property → 201 `{ property_receiver }`. */
  hooks['POST /property-receiver'] = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || blank(b.propertyable_id)) return;
    const pid = String(b.propertyable_id);
    const found = await propertyOf(requireUser(req), pid, b.propertyable_type);
    if (!found) return;
    const body = parseBody(shareBody.extend({ receiver_id: z.string().trim().min(1).max(64) }), b);
    const share: HibahShare = { receiver_id: body.receiver_id, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await changeHibahDraft(db, actorOf(req), found.open.id, (a) =>
      withShares(a, found.section, pid, (shares, p) => {
        checkNewShare(a, found.section, p, share.receiver_id, share.portion);
        answer = shareRows(a, { ...p, shares: [share] }, found.section)[0];
        return [...shares, share];
      }),
    );
    return reply.status(201).send({ property_receiver: answer });
  };
  /** The draft share a `property-receiver/{id}` names, or null. */
  const shareOf = async (user: AuthUser, id: string) => {
    const parts = splitShareId(id);
    if (!parts) return null;
    const found = await propertyOf(user, parts.propertyId);
    return found ? { ...found, ...parts } : null;
  };
  /** `PATCH property-receiver/{id} { portion, receiver_id? }` → `{ property_receiver }` (a new receiver: a new id). */
  const update: Hook = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    const body = parseBody(shareBody, isObject(req.body) ? req.body : {});
    const share: HibahShare = {
      receiver_id: body.receiver_id ?? s.receiverId,
      portion: body.portion.replace(/\s+/g, ''),
    };
    let answer: Body = {};
    await changeHibahDraft(db, actorOf(req), s.open.id, (a) =>
      withShares(a, s.section, s.propertyId, (shares, p) => {
        const i = shares.findIndex((x) => x.receiver_id === s.receiverId);
        if (i < 0) throw notFound();
        checkNewShare(a, s.section, p, share.receiver_id, share.portion, s.receiverId);
        shares[i] = share;
        answer = shareRows(a, { ...p, shares: [share] }, s.section)[0];
        return shares;
      }),
    );
    return reply.send({ property_receiver: answer });
  };
  hooks['PATCH /property-receiver/:id'] = update;
  hooks['PUT /property-receiver/:id'] = update;
  hooks['DELETE /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    await changeHibahDraft(db, actorOf(req), s.open.id, (a) =>
      withShares(a, s.section, s.propertyId, (shares) => {
        if (!shares.some((x) => x.receiver_id === s.receiverId)) throw notFound();
        return shares.filter((x) => x.receiver_id !== s.receiverId);
      }),
    );
    return reply.send({ message: translate('hibah.deleted', req.lang) });
  };
  /** `GET property-receiver/{id}` of a draft share, to whoever may edit the open draft → `{ property_receiver }`. */
  hooks['GET /property-receiver/:id'] = async (req, reply) => {
    const user = requireUser(req);
    const parts = splitShareId(idOf(req));
    if (!parts) return;
    const open = await hibahDraftOfRow(db, user, ['moveables', 'immoveables'], parts.propertyId, [0]);
    if (!open || !mayEdit(user, open)) return;
    const section: Section = rowsOf(open, 'moveables').some((p) => p.id === parts.propertyId)
      ? 'moveables'
      : 'immoveables';
    const p = rowIn(open, section, parts.propertyId);
    const row = shareRows(open, p, section).find((x) => x.receiver_id === parts.receiverId);
    if (!row) throw notFound();
    return reply.send({ property_receiver: row });
  };
  return hooks;
}
