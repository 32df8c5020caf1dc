/**
 * Where the hibah routes let another client contract read a request or add to a reply, without this module
 * knowing that contract (issue 34 item 4; ADR 0235, ADR 0240). The composition root registers them (the 2021
 * contract's adapter lives in `apps/api/src/compat/v2021/hibah/`); with none registered each is the module's own
 * behaviour: the body read as sent, nothing added, no further routes.
 *
 * - {@link registerUpdateReading}: how `POST|PATCH|PUT /hibah/{id}` reads a body before the status change or
 *   field update (routes.ts);
 * - {@link registerReadExtras}: keys added to `GET /hibah/{id}`'s `hibah` (routes.ts);
 * - {@link registerSignatureReading}: a grantor's `POST /hibah/{id}/signature` that signs something else than
 *   the content (routes-parts.ts);
 * - {@link registerRowReply}: keys added to a nested row's reply, by path (`moveable-property`; routes-parts.ts);
 * - {@link registerHibahRoutes}: routes registered after the module's own, in registration order (routes.ts).
 */
import type { SignatureMethod } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from './access.ts';
import type { HibahRow } from './policy.ts';

type Body = Record<string, unknown>;

/**
 * What a reading made of an update body: `as-sent` (the route's own status change or field update decides),
 * `fields` (a field update with `body`), `unchanged` (answered with `hibah` as it is).
 */
type UpdateReading = { kind: 'as-sent' } | { kind: 'fields'; body: Body } | { kind: 'unchanged'; hibah: HibahRow };

/** An update reading: the database, the caller, the hibah id, the body → {@link UpdateReading} (may throw 403/404). */
export type UpdateReader = (db: Db, actor: Actor, id: string, body: Body) => Promise<UpdateReading>;

let updateReader: UpdateReader = async () => ({ kind: 'as-sent' });

/** Register how update bodies are read (once, at start; the last registration wins). */
export function registerUpdateReading(fn: UpdateReader) {
  updateReader = fn;
}

/** The reading of an update body (the registered one; `as-sent` when none is registered). */
export const readUpdate: UpdateReader = (db, actor, id, body) => updateReader(db, actor, id, body);

/** Keys added to a read hibah: the database and the hibah id → an object spread into the reply. */
export type ReadExtras = (db: Db, hibahId: string) => Promise<Body>;

let readExtras: ReadExtras = async () => ({});

/** Register what `GET /hibah/{id}` adds to the hibah (once, at start; the last registration wins). */
export function registerReadExtras(fn: ReadExtras) {
  readExtras = fn;
}

/** The keys added to a read hibah (the registered ones; none when none is registered). */
export const extrasOfRead: ReadExtras = (db, hibahId) => readExtras(db, hibahId);

/**
 * A signature reading: the request's body, the signature (a PNG data URL) and its method → the attachment id
 * when the reading signed it itself, `null` when the grantor's own signature of the content is meant.
 */
export type SignatureReader = (
  ctx: Ctx,
  actor: Actor,
  hibahId: string,
  body: Body,
  signature: string,
  method: SignatureMethod | undefined,
) => Promise<string | null>;

let signatureReader: SignatureReader = async () => null;

/** Register how `POST /hibah/{id}/signature` bodies are read (once, at start; the last registration wins). */
export function registerSignatureReading(fn: SignatureReader) {
  signatureReader = fn;
}

/** The signature a body gives, if another than the grantor's of the content (registered reading; else null). */
export const readSignature: SignatureReader = (...args) => signatureReader(...args);

const rowReplies = new Map<string, (row: Body) => Body>();

/** Register the reply of a nested row of `path` (e.g. `moveable-property`; the last registration wins). */
export function registerRowReply(path: string, fn: (row: Body) => Body) {
  rowReplies.set(path, fn);
}

/** A nested row of `path` as answered (the registered reply; the row itself when none is registered). */
export const rowReply =
  (path: string) =>
  (row: Body): Body =>
    rowReplies.get(path)?.(row) ?? row;

/** Routes registered on the `/api` instance after the hibah module's own. */
export type HibahRoutes = (api: FastifyInstance, ctx: Ctx) => Promise<void>;

const extraRoutes = new Set<HibahRoutes>();

/**
 * Register routes to follow the hibah module's own (once per function: registering it again, as each app built
 * in one process does, keeps its first place).
 */
export function registerHibahRoutes(fn: HibahRoutes) {
  extraRoutes.add(fn);
}

/** Register the routes of {@link registerHibahRoutes} in their order (routes.ts, after the module's own). */
export async function registerExtraRoutes(api: FastifyInstance, ctx: Ctx) {
  for (const fn of extraRoutes) await fn(api, ctx);
}
