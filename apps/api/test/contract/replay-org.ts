/**
 * Replays calls of the product's 2021 web client against our API, as that client (or a partner's own front end
 * built on it) sends them: `POST` with `_method` for PATCH/DELETE, headers `Authorization: Bearer <token>`,
 * `Type: api-private`, `Accept: application/json`, `X-localization: ms` (reference §1.2), paths relative to
 * `/api`. Each call states the status the reference expects and the reply keys the client reads (dotted paths,
 * `[]` for "every element of"); the replayer counts calls answered as expected and prints
 * `N of M calls answered as expected` per suite (issue 20). Owner: contract-org (the lead unifies it with
 * the will flows' replay.ts).
 */
import type { TestApp } from '../harness.ts';

/** One call of the 2021 client. */
export interface OriginalCall {
  /** The HTTP verb as the client's table writes it; PATCH/DELETE are sent as POST + `_method`. */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path relative to the API base (no leading `/api`), with the query string as the client builds it. */
  path: string;
  body?: Record<string, unknown>;
  /** Expected status (default 200; 201 is accepted for a POST that creates). */
  status?: number;
  /** Reply keys the client reads (reference §2), e.g. `branch.id`, `branches.data[].branch_name`. */
  reads?: string[];
  /** The token to send (`Bearer null` when absent, as the client does when logged out). */
  token?: string | null;
}

export interface CallResult {
  call: OriginalCall;
  status: number;
  body: any;
  ok: boolean;
  problems: string[];
}

/** Whether the dotted `path` exists in `body` (`a.b[].c`: every element of array `a.b` has `c`; null counts). */
export function hasKey(body: unknown, path: string): boolean {
  const parts = path.split('.');
  let nodes: unknown[] = [body];
  for (const raw of parts) {
    const each = raw.endsWith('[]');
    const key = each ? raw.slice(0, -2) : raw;
    const next: unknown[] = [];
    for (const n of nodes) {
      if (n === null || typeof n !== 'object' || !(key in (n as object))) return false;
      const v = (n as Record<string, unknown>)[key];
      if (each) {
        if (!Array.isArray(v) || v.length === 0) return false;
        next.push(...v);
      } else next.push(v);
    }
    nodes = next;
  }
  return true;
}

/** A replayer over one test app: `call()` sends and records, `summary()` prints and returns the N of M line. */
export function originalClient(t: TestApp, suite: string) {
  const results: CallResult[] = [];
  return {
    results,
    /** Send one call as the 2021 client does; records whether status and every read key came back. */
    async call(c: OriginalCall): Promise<CallResult> {
      const spoof = c.method === 'PATCH' || c.method === 'DELETE';
      const body = spoof ? { ...(c.body ?? {}), _method: c.method } : c.body;
      const r = await t.call(spoof ? 'POST' : c.method, `/api/${c.path.replace(/^\//, '')}`, {
        body,
        headers: {
          Authorization: `Bearer ${c.token ?? 'null'}`,
          Type: 'api-private',
          Accept: 'application/json',
          'X-localization': 'ms',
        },
      });
      const want = c.status ?? 200;
      const problems: string[] = [];
      const statusOk = r.status === want || (want === 200 && c.method === 'POST' && !spoof && r.status === 201);
      if (!statusOk) problems.push(`status ${r.status}, expected ${want}: ${JSON.stringify(r.body).slice(0, 300)}`);
      for (const k of c.reads ?? []) if (!hasKey(r.body, k)) problems.push(`reply lacks ${k}`);
      const res = { call: c, status: r.status, body: r.body, ok: problems.length === 0, problems };
      results.push(res);
      return res;
    },
    /** Print `N of M calls answered as expected` (and each miss) and return the counts. */
    summary() {
      const n = results.filter((r) => r.ok).length;
      const line = `[${suite}] ${n} of ${results.length} calls answered as expected`;
      const misses = results
        .filter((r) => !r.ok)
        .map((r) => `  ✗ ${r.call.method} ${r.call.path}: ${r.problems.join('; ')}`);
      console.log([line, ...misses].join('\n'));
      return { n, m: results.length, misses };
    },
  };
}
