/**
 * The audit hash chain (issue 11 "Audit trail: … each event carrying the hash of the previous one; a
 * `npm run audit:verify` command walks the chain and names the first broken link"; OWASP ASVS 5.0 V16
 * log integrity). `hash` = SHA-256 (hex) of the canonical JSON of
 * `{ prev_hash, actor_id, action, entity_type, entity_id, before, after, ip, at }`.
 *
 * Canonical JSON: the value as JSON (so Dates become ISO strings, `undefined` disappears) with object keys
 * sorted at every level; `at` as an ISO-8601 UTC string with milliseconds. What jsonb gives back hashes the
 * same as what was written, since key order and spacing do not count.
 */
import { createHash } from 'node:crypto';
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audit_events } from '../../db/schema/index.ts';

export interface ChainFields {
  prev_hash: string | null;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  at: Date;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** JSON with sorted keys, after a JSON round trip (what jsonb stores). */
export function canonicalJson(v: unknown): string {
  const plain = v === undefined ? null : JSON.parse(JSON.stringify(v) ?? 'null');
  return JSON.stringify(sortKeys(plain));
}

/** The hash of one event. */
export function eventHash(e: ChainFields): string {
  const body = canonicalJson({
    prev_hash: e.prev_hash ?? null,
    actor_id: e.actor_id ?? null,
    action: e.action,
    entity_type: e.entity_type,
    entity_id: e.entity_id,
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? null,
    at: new Date(e.at).toISOString(),
  });
  return createHash('sha256').update(body).digest('hex');
}

export type ChainResult =
  | { ok: true; count: number }
  | { ok: false; count: number; id: string; seq: number; reason: string };

/**
 * Walk the chain in `seq` order (in pages) and return OK with the count, or the first broken link: an
 * event whose `prev_hash` is not the previous event's `hash` (a deleted or inserted row) or whose `hash`
 * does not match its content (an edited row).
 */
export async function verifyAuditChain(db: Db, pageSize = 1000): Promise<ChainResult> {
  let prev: string | null = null;
  let lastSeq = 0;
  let count = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(audit_events)
      .where(gt(audit_events.seq, lastSeq))
      .orderBy(asc(audit_events.seq))
      .limit(pageSize);
    for (const r of rows) {
      if ((r.prev_hash ?? null) !== prev) {
        return { ok: false, count, id: r.id, seq: r.seq, reason: 'prev_hash does not match the previous event' };
      }
      if (eventHash(r) !== r.hash) {
        return { ok: false, count, id: r.id, seq: r.seq, reason: 'hash does not match the event' };
      }
      prev = r.hash;
      lastSeq = r.seq;
      count++;
    }
    if (rows.length < pageSize) return { ok: true, count };
  }
}
