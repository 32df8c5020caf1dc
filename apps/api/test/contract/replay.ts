/**
 * Replays calls of the product's 2021 web client against our API (issue 20;
 * /work/shared/reference/original-client-interface.md §1.2, §2), as that client — or a partner's own front end
 * built on it — sends them: `POST` with `_method` for PATCH/DELETE (JSON or multipart), headers
 * `Authorization: Bearer <token>` (`Bearer null` when logged out), `Type: api-private`, `Accept:
 * application/json`, `X-localization: ms`, paths relative to `/api`.
 *
 * Each call states the status the reference expects and the reply keys the client reads (dotted paths: `a.b.0.c`
 * for one element, `a.b[].c` for every element of a non-empty array; a `null` counts as present where the
 * reference says "or null"). A call is "answered as expected" when the status matches and every read key is
 * there (and the optional `check` passes). `summary()` prints `[<suite>] N of M calls answered as expected` and
 * every miss; a flow's test asserts `n === m` and checks the state the flow ends in.
 */
import type { TestApp } from '../harness.ts';

/** One call of the 2021 client. */
export interface OriginalCall {
  /** The HTTP verb as the reference's tables write it; PATCH/DELETE are sent as POST + `_method`. */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path relative to the API base (no leading `/api`), with the query string as the client builds it. */
  path: string;
  /** JSON body (plain object). */
  body?: Record<string, unknown>;
  /** Multipart body (the client's `FormData` uploads, reference §1.7); `_method` is appended when spoofed. */
  form?: () => FormData;
  /**
   * Expected status, or any of several (default 200; for a plain POST that creates, 201 is accepted too —
   * the client judges by 2xx only, reference §1.5).
   */
  status?: number | number[];
  /** Reply keys the client reads (reference §2), e.g. `branch.id`, `branches.data[].branch_name`. */
  reads?: string[];
  /** Extra check on the reply body; returns an error text, or nothing when fine. */
  check?: (body: any) => string | undefined;
  /** The token to send (`Bearer null` when absent, as the client does when logged out). */
  token?: string | null;
  /** `X-localization` (default `ms`). */
  lang?: 'ms' | 'en';
  /** The `Type` header: `api-private` (default, `ApiService`) or `api-public` (`ApiPublicService`, §1.2). */
  type?: 'api-private' | 'api-public';
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
  let nodes: unknown[] = [body];
  for (const raw of path.split('.')) {
    const each = raw.endsWith('[]');
    const key = each ? raw.slice(0, -2) : raw;
    const next: unknown[] = [];
    for (const n of nodes) {
      if (n === null || typeof n !== 'object' || !(key in (n as object))) return false;
      const v = (n as Record<string, unknown>)[key];
      if (v === undefined) return false;
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
    /** Send one call as the 2021 client does; records whether the status and every read key came back. */
    async call(c: OriginalCall): Promise<CallResult> {
      const spoof = c.method === 'PATCH' || c.method === 'DELETE';
      let form: FormData | undefined;
      if (c.form) {
        form = c.form();
        if (spoof) form.append('_method', c.method);
      }
      const body = form ? undefined : spoof ? { ...(c.body ?? {}), _method: c.method } : c.body;
      const r = await t.call(spoof ? 'POST' : c.method, `/api/${c.path.replace(/^\//, '')}`, {
        body,
        form,
        headers: {
          Authorization: `Bearer ${c.token ?? 'null'}`,
          Type: c.type ?? 'api-private',
          Accept: 'application/json',
          'X-localization': c.lang ?? 'ms',
        },
      });
      const wanted = c.status === undefined ? [200] : [c.status].flat();
      const problems: string[] = [];
      const createdOk = c.status === undefined && c.method === 'POST' && r.status === 201;
      if (!wanted.includes(r.status) && !createdOk) {
        problems.push(`status ${r.status}, expected ${wanted.join('|')}: ${JSON.stringify(r.body)?.slice(0, 300)}`);
      } else {
        for (const k of c.reads ?? []) if (!hasKey(r.body, k)) problems.push(`reply lacks ${k}`);
        const extra = c.check?.(r.body);
        if (extra) problems.push(extra);
      }
      const res = { call: c, status: r.status, body: r.body, ok: problems.length === 0, problems };
      results.push(res);
      return res;
    },
    /** Print `[suite] N of M calls answered as expected` (and each miss) and return the counts. */
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

/**
 * The path (and query) of a pay link: a 2021 session gets it absolute on APP_URL's origin (issue 39 item 6,
 * ADR 0256), which in tests is not the test server's; the path is what the test fetches on `t.baseUrl`.
 */
export const gatewayPath = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');
