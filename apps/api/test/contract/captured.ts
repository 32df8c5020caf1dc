/**
 * Replays a journey captured from the built 2021 client (scripts/capture-2021.mjs, fixtures in `captured/`,
 * issue 39) against a test app, in the client's order: method, path, raw query, body and headers as captured.
 *
 * Ids. Record ids are random per database (db/schema/_common.ts), and a fixture records the reply *keys* the
 * client got, not their values. So each captured id (22 base64url characters) is bound, the first time a request
 * carries it, to the id this run returned earlier for the same kind of record — the kind read from where the id
 * sits (`wasiat/{id}`, `organization/{id}`, `user_id`, `branch_id=…`) and the id taken from the latest of our
 * replies that holds one ({@link SOURCES}). Later requests carrying the captured id get the bound id. The token
 * (`Bearer <token>` in the fixture) is the one our last `POST login` returned; the sandbox gateway's page and
 * form post go to the `payment_link` our `POST payment` returned.
 *
 * Expectation per call: the captured status's class when it was 2xx/3xx; for a captured 4xx/5xx the 2xx the
 * client needed, unless the suite lists it in `refusals` (a refusal the user should see, with its reason: then that
 * same status); and every captured reply key present. A drawn signature the capture shortened is sent as a small
 * PNG; witness and signature ids are bound like the others.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JPEG_A, SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import type { TestApp } from '../harness.ts';
import { hasKey } from './replay.ts';

/** One captured call (scripts/capture-2021.mjs `rec`). */
export interface CapturedCall {
  n: number;
  step: string;
  method: string;
  path: string;
  rawQuery: string;
  headers: Record<string, string>;
  body?: unknown;
  status: number;
  replyKeys?: string[];
  replyType?: string;
  class: string;
}

export interface CapturedJourney {
  journey: string;
  calls: CapturedCall[];
}

/** Read `captured/<name>.json` (or from `$CAPTURED_DIR`, a capture's `--out` being tried before it is checked in). */
export function loadJourney(name: string): CapturedJourney {
  const dir = process.env.CAPTURED_DIR || join(import.meta.dirname, 'captured');
  return JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
}

type Kind =
  | 'wasiat'
  | 'hibah'
  | 'receiver'
  | 'property'
  | 'organization'
  | 'user'
  | 'branch'
  | 'pricing'
  | 'witness'
  | 'signature';

/** Where, in one of our replies, an id of each kind is found (first present and non-null wins). */
const SOURCES: Record<Kind, string[]> = {
  wasiat: ['wasiat.id'],
  // the trust wizard (journey c): the hibah, its receivers and its properties
  hibah: ['hibah.id'],
  receiver: ['receiver.id'],
  property: ['moveable_property.id', 'immoveable_property.id'],
  organization: [
    'wasiat.organization_id',
    'hibah.organization_id',
    'user.user_access.organization_id',
    'organization.id',
  ],
  user: ['user.id'],
  branch: ['wasiat.branch_id', 'hibah.branch_id', 'user.user_access.branch_id', 'branches.data.0.id'],
  pricing: ['wasiat.pricing_id', 'hibah.pricing_id', 'pricings.data.0.id', 'pricing.data.0.id'],
  witness: ['witness.id'],
  // a user's saved signature (`POST user/{id}/signature` → `attachment`), as a witness's `signature_id`
  signature: ['attachment.id', 'user.signature.id', 'signature.id'],
};

/** The kind of record a body/query key names. */
const KEY_KIND: Record<string, Kind> = {
  wasiat_id: 'wasiat',
  paymentable_id: 'wasiat',
  ekycable_id: 'wasiat',
  user_id: 'user',
  agent_id: 'user',
  organization_id: 'organization',
  branch_id: 'branch',
  pricing_id: 'pricing',
  heirable_id: 'wasiat',
  witnessable_id: 'wasiat',
  signature_id: 'signature',
  receivable_id: 'hibah',
  moveable_id: 'hibah',
  receiver_id: 'receiver',
  propertyable_id: 'property',
};
const SEGMENT_KIND: Record<string, Kind> = {
  wasiat: 'wasiat',
  organization: 'organization',
  user: 'user',
  witness: 'witness',
  hibah: 'hibah',
  receiver: 'receiver',
  'moveable-property': 'property',
  'immoveable-property': 'property',
};
/** A drawn signature the capture shortened (`<N chars: data:image/png;base64,…>`): sent as a small PNG. */
const SHORTENED_PNG = /^<\d+ chars: data:image\/png;base64,/;
const ID = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g;
const ID_FULL = /^[A-Za-z0-9_-]{22}$/;

function valueAt(body: unknown, path: string): unknown {
  let v: unknown = body;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A captured multipart body (`{ multipart: { field: value | "<file NAME TYPE N bytes>" } }`) as `FormData`: the
 * fields mapped as a JSON body's, each file replaced by a small JPEG of that name (the fixture keeps no file).
 */
function multipart(fields: Record<string, unknown>, map: (b: unknown) => unknown): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(map(fields) as Record<string, unknown>)) {
    const file = typeof v === 'string' ? /^<file (\S*) /.exec(v) : null;
    if (file)
      form.append(
        k,
        new Blob([Buffer.from(JPEG_A.split(',')[1], 'base64')], { type: 'image/jpeg' }),
        file[1] || 'file.jpg',
      );
    else form.append(k, String(v));
  }
  return form;
}

export interface ReplayResult {
  n: number;
  line: string;
  status: number;
  body: any;
  /** The `Location` of a 3xx answer. */
  location: string | null;
  /** The answer's headers. */
  headers: Headers;
  problems: string[];
}

/**
 * Replay `journey` against `t`. `answer(call)` may replace a call's body before it is sent (e.g. the eKYC
 * images, which the fixture shortens); `extraReads` adds reply keys the client reads beyond the captured ones
 * (keyed by `METHOD path-pattern`). Returns every call's outcome; `misses` lists the calls not answered as needed.
 */
export async function replayJourney(
  t: TestApp,
  journey: CapturedJourney,
  opts: {
    answer?: (c: CapturedCall, body: any) => any;
    extraReads?: { method: string; path: RegExp; reads: string[] }[];
    /** Captured refusals the user should see (each with its reason): answered with that same status. */
    refusals?: { method: string; path: RegExp; status: number; why: string }[];
  } = {},
) {
  const bound = new Map<string, string>();
  const replies: unknown[] = [];
  let token = 'null';
  let payLink: string | undefined;
  const results: ReplayResult[] = [];

  const resolve = (kind: Kind): string | undefined => {
    for (let i = replies.length - 1; i >= 0; i--)
      for (const p of SOURCES[kind]) {
        const v = valueAt(replies[i], p);
        if (typeof v === 'string' && v) return v;
      }
    return undefined;
  };
  const bind = (captured: string, kind: Kind | undefined) => {
    if (!bound.has(captured) && kind) {
      const ours = resolve(kind);
      if (ours) bound.set(captured, ours);
    }
    return bound.get(captured) ?? captured;
  };
  const mapPath = (path: string) =>
    path
      .split('/')
      .map((seg, i, all) => (ID_FULL.test(seg) ? bind(seg, SEGMENT_KIND[all[i - 1]]) : seg))
      .join('/');
  const mapQuery = (raw: string) =>
    raw.replace(/([?&])([^=&]+)=([^&]*)/g, (_m, sep: string, k: string, v: string) => {
      const kind = KEY_KIND[k];
      return `${sep}${k}=${v.replace(ID, (id) => bind(id, kind))}`;
    });
  const mapBody = (b: unknown): unknown => {
    if (!b || typeof b !== 'object') return b;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(b as Record<string, unknown>))
      out[k] =
        typeof v === 'string' && ID_FULL.test(v)
          ? bind(v, KEY_KIND[k])
          : typeof v === 'string' && SHORTENED_PNG.test(v)
            ? SIGNATURE_PNG
            : v;
    return out;
  };

  for (const c of journey.calls) {
    let path: string;
    let query: string;
    if (c.path.startsWith('payment-gateway/sandbox/') && payLink) {
      const u = new URL(payLink, 'http://x');
      path = u.pathname.replace(/^\/api\//, '');
      query = u.search;
    } else {
      path = mapPath(c.path);
      query = mapQuery(c.rawQuery ?? '');
    }
    let body = isObject(c.body) && isObject(c.body.multipart) ? multipart(c.body.multipart, mapBody) : mapBody(c.body);
    if (opts.answer) body = opts.answer(c, body);
    const url = `${t.baseUrl}/api/${path}${query}`;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.headers ?? {}))
      headers[k] = k === 'authorization' ? (v === 'Bearer null' ? v : `Bearer ${token}`) : v;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      delete headers['content-type']; // fetch writes the boundary
      payload = body;
    } else if (typeof body === 'string') payload = body;
    else if (body !== undefined && body !== null) {
      headers['content-type'] = 'application/json;charset=UTF-8';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url, { method: c.method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    let parsed: any = null;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    replies.push(parsed);
    if (c.method === 'POST' && c.path === 'login' && parsed?.token) token = parsed.token;
    if (parsed?.payment_link) payLink = parsed.payment_link;

    const refusal = (opts.refusals ?? []).find(
      (r) => r.method === c.method && r.path.test(c.path) && r.status === c.status,
    );
    const wantClass = c.status < 400 ? Math.floor(c.status / 100) : 2;
    const problems: string[] = [];
    if (refusal) {
      if (res.status !== refusal.status)
        problems.push(
          `status ${res.status}, needs the refusal ${refusal.status} (${refusal.why}): ${text.slice(0, 160)}`,
        );
    } else if (Math.floor(res.status / 100) !== wantClass)
      problems.push(`status ${res.status}, needs ${wantClass}xx: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    else {
      const extra = (opts.extraReads ?? []).filter((e) => e.method === c.method && e.path.test(c.path + c.rawQuery));
      // A captured refusal's keys are the error's; the client needed the success's (given in extraReads).
      const reads = [...(c.status < 400 ? (c.replyKeys ?? []) : []), ...extra.flatMap((e) => e.reads)];
      const lacking = reads.filter((k) => !hasKey(parsed, k));
      if (lacking.length) problems.push(`reply lacks ${lacking.join(', ')}`);
    }
    results.push({
      n: c.n,
      line: `#${c.n} ${c.method} ${c.path}${c.rawQuery ?? ''} → ${res.status}`,
      status: res.status,
      body: parsed ?? text,
      location: res.headers.get('location'),
      headers: res.headers,
      problems,
    });
  }
  const misses = results.filter((r) => r.problems.length).map((r) => `${r.line}: ${r.problems.join('; ')}`);
  return { results, misses, bound };
}
