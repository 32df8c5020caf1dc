/**
 * The 2021 client's requests and refusals at the edge, for every route (issue 39 items 3, 4 and 8; ADR 0255).
 * Hooks on the `/api` instance that act only in a 2021-contract session (a login that sent the client's `role`
 * key, ADR 0135), after the guard (the session is known) and the input trimming (ADR 0137), before each route's
 * own hooks and schema:
 *
 * - **Malformed query** (`organization/{id}/branch?is_headquarter=0?limit=500`, the user form's default role): a
 *   query value holding a further `?` is that value, and what follows it is more of the query (a key already
 *   given keeps its value).
 * - **JSON nulls for optional ids**: a body key ending in `_id` whose value is `null` (`POST wasiat { agent_id:
 *   null }` from a client starting their own will) is absent, at every depth of a JSON body. Our rules already
 *   read an absent optional id as "none"; a required one is then refused as required, on its field. So is a
 *   `designation: null`: that client's particulars form sends it when the select was left alone (it does not
 *   require one), and the record keeps the designation part A gave ("Encik"; reference §3.1).
 * - **States** as that client sends them (its form upper-cases our postcode answer: "W.P. KUALA LUMPUR"; typed
 *   as "Selangor" or "SELANGOR"): every string of a key named `state`, `state_<n>` or `<x>_state` in a JSON body,
 *   at every depth, becomes its {@link STATES} value (`stateFromText`); a name of no state is left as sent, for
 *   the route's rule to refuse on that field.
 * - **Every 422 names its field** in the request's language: each message becomes `<field label>: <message>`
 *   (labels in `validation.fields.*`; the last named segment of a dotted path; a message that already holds the
 *   label is left), and `message` is the first of them — what that client shows (`Object.values(errors)[0][0]`,
 *   reference §1.5). Our own client shows each message beside its field and is answered as before.
 * - **Objects, not JSON text**: every route answers such a request with its object (guard.ts `objectReply`), so
 *   the reply hooks of this folder (wills/original-read.ts) see it.
 */
import { stateFromText, translate } from '@wasiat/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isObject } from './calls.ts';

/** The label of the 2021 client's contract on its sessions (guard.ts `sessionContract`; ADR 0135). */
export const ORIGINAL_CONTRACT = '2021';
/** Whether the request is the 2021 client's (a 2021-contract session, ADR 0135). */
export const isOriginalSession = (req: FastifyRequest) => req.sessionContract === ORIGINAL_CONTRACT;

/** A query value with a stray `?`: the value before it, and the pairs after it added where not given. */
export function repairQuery(query: Record<string, unknown>) {
  for (const [k, v] of Object.entries(query)) {
    if (typeof v !== 'string' || !v.includes('?')) continue;
    const [head, ...rest] = v.split('?');
    query[k] = head;
    for (const [rk, rv] of new URLSearchParams(rest.join('&'))) if (rk && !(rk in query)) query[rk] = rv;
  }
}

const STATE_KEY = /^(state(_\d+)?|[a-z0-9]+_state)$/i;

/**
 * A 2021 JSON body made ours, in place, at every depth (arrays and plain objects; never under `document` or
 * `signature`, which are files): `<x>_id: null` and `designation: null` removed, state names read as {@link STATES}
 * values.
 */
export function normaliseBody(value: unknown, depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (const v of value) normaliseBody(v, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if (k === 'document' || k === 'signature') continue;
    if (v === null && (k.endsWith('_id') || k === 'designation')) delete value[k];
    else if (typeof v === 'string' && STATE_KEY.test(k)) value[k] = stateFromText(v) ?? v;
    else if (v && typeof v === 'object') normaliseBody(v, depth + 1);
  }
}

/** The label of a field's key in `lang` (`a.0.state` → the label of `state`), or null when none is catalogued. */
export function fieldLabel(field: string, lang: 'ms' | 'en'): string | null {
  const last = field
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .at(-1);
  if (!last || last === '_') return null;
  const key = `validation.fields.${last}`;
  const label = translate(key, lang);
  return label === key ? null : label;
}

/** A 422 body `{ message, errors }` with each message naming its field (see the module comment). */
export function nameFields(payload: { message?: unknown; errors?: Record<string, unknown> }, lang: 'ms' | 'en') {
  if (!isObject(payload.errors)) return payload;
  const errors: Record<string, unknown> = {};
  for (const [field, msgs] of Object.entries(payload.errors)) {
    const label = fieldLabel(field, lang);
    errors[field] =
      Array.isArray(msgs) && label
        ? msgs.map((m) =>
            typeof m === 'string' && !m.toLowerCase().includes(label.toLowerCase())
              ? translate('validation.field_message', lang, { field: label, message: m })
              : m,
          )
        : msgs;
  }
  const first = Object.values(errors)[0];
  const message = Array.isArray(first) && typeof first[0] === 'string' ? first[0] : payload.message;
  return { ...payload, message, errors };
}

/** Register the hooks of the module comment on the `/api` instance (modules.ts, before the modules' routes). */
export function originalEdge(api: FastifyInstance) {
  api.addHook('preValidation', async (req: FastifyRequest) => {
    if (!isOriginalSession(req)) return;
    // its answers are completed by reply hooks (wills/original-read.ts): the routes answer objects, not JSON text
    req.objectReply = true;
    if (isObject(req.query)) repairQuery(req.query);
    const ct = String(req.headers['content-type'] ?? '').toLowerCase();
    if (isObject(req.body) && !ct.includes('multipart/form-data')) normaliseBody(req.body);
  });
  api.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 422 || !isOriginalSession(req) || !isObject(payload)) return payload;
    return nameFields(payload, req.lang);
  });
}
