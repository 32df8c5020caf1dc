/**
 * EXPLAIN of what a request sends (bench/api-lists.ts `--explain`; ADR 0277): the statements are captured at the
 * driver (the pool's `query`, where drizzle sends every statement outside a transaction) while one request is
 * answered, then each is explained with its own parameters: `EXPLAIN (ANALYZE, BUFFERS)`.
 */
import type pg from 'pg';
import type { Db } from '../../apps/api/src/db/client.ts';

/** One captured statement: its SQL and parameters. */
export interface Captured {
  text: string;
  values: unknown[];
}

/** Run `fn` and return the statements sent through `db` meanwhile (the session check included). */
export async function captureStatements(db: Db, fn: () => Promise<unknown>): Promise<Captured[]> {
  const pool = db.$client as unknown as { query: (...a: unknown[]) => unknown };
  const original = pool.query;
  const seen: Captured[] = [];
  pool.query = function (this: unknown, ...a: unknown[]) {
    const q = a[0] as string | { text?: string; values?: unknown[] };
    if (typeof q === 'string') seen.push({ text: q, values: (a[1] as unknown[]) ?? [] });
    else seen.push({ text: q.text ?? '', values: q.values ?? (a[1] as unknown[]) ?? [] });
    return original.apply(this, a);
  };
  try {
    await fn();
  } finally {
    pool.query = original;
  }
  return seen;
}

/** Print EXPLAIN (ANALYZE, BUFFERS) of each captured SELECT (writes — a token touch — are skipped). */
export async function explainAll(client: pg.Client, statements: Captured[]) {
  for (const s of statements) {
    if (!/^\s*(select|with)/i.test(s.text)) continue;
    console.log(`\n  ${s.text.replace(/\s+/g, ' ').slice(0, 400)}${s.text.length > 400 ? '…' : ''}`);
    try {
      const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
      for (const row of r.rows) console.log(`    ${row['QUERY PLAN']}`);
    } catch (e) {
      console.log(`    (not explained: ${(e as Error).message})`);
    }
  }
}
