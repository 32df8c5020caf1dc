/**
 * Replay of the 2021 client's calls (issue 20; /work/shared/reference/original-client-interface.md §1.2,
 * §2): each call goes over HTTP as that client sends it — `Accept: application/json`, `Type: api-private`,
 * `X-localization: ms`, `Authorization: Bearer <token>`, and PATCH/DELETE as a POST whose body carries
 * `_method` — and is checked against the status and every reply key the reference says the client reads.
 * A call is "answered as expected" when both hold. {@link Replay.summary} prints `N of M calls answered as
 * expected`; a flow's test asserts that every call was.
 */
import type { TestApp } from '../harness.ts';

/** What the reference expects of one call: the status, and the reply keys the client reads. */
export interface Expectation {
  /** HTTP status (or statuses) that count as success for the client (it judges by 2xx; we pin ours). */
  status: number | number[];
  /**
   * Dotted paths the client reads (`wasiat.id`, `pricings.data.0.price`); each must be present in the reply
   * (a `null` counts as present where the reference says "or null", e.g. `users` with `return_first`).
   */
  reads?: string[];
  /** Extra check on the reply body; returns an error text, or nothing when fine. */
  check?: (body: any) => string | undefined;
}

export interface ReplayedCall {
  label: string;
  ok: boolean;
  problems: string[];
}

/** Whether the dotted `path` is present in `body` (`a.b.0.c`; the last key may hold null). */
export function hasPath(body: unknown, path: string): boolean {
  let cur: any = body;
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    if (cur === null || typeof cur !== 'object' || !(parts[i] in cur)) return false;
    cur = cur[parts[i]];
    if (cur === undefined) return false;
  }
  return true;
}

/** One flow's replay: the calls in order, each counted. */
export class Replay {
  readonly calls: ReplayedCall[] = [];
  constructor(
    private readonly t: TestApp,
    readonly flow: string,
  ) {}

  /**
   * Send a call as the 2021 client does and record whether it was answered as expected.
   * @param method the reference's method: GET | POST | PATCH | DELETE (PATCH/DELETE go as POST + `_method`)
   * @param path relative to `/api`, as the reference spells it (query string included)
   */
  async send(
    token: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: Record<string, unknown> | undefined,
    expect: Expectation,
  ) {
    const spoofed = method === 'PATCH' || method === 'DELETE';
    const r = await this.t.call(spoofed ? 'POST' : method, `/api/${path}`, {
      body: spoofed ? { ...(body ?? {}), _method: method } : body,
      lang: 'ms',
      headers: { Type: 'api-private', Authorization: `Bearer ${token ?? 'null'}` },
    });
    const problems: string[] = [];
    const statuses = Array.isArray(expect.status) ? expect.status : [expect.status];
    if (!statuses.includes(r.status)) problems.push(`status ${r.status}: ${JSON.stringify(r.body)?.slice(0, 300)}`);
    else {
      for (const p of expect.reads ?? []) if (!hasPath(r.body, p)) problems.push(`reply lacks ${p}`);
      const extra = expect.check?.(r.body);
      if (extra) problems.push(extra);
    }
    this.calls.push({ label: `${method} ${path.split('?')[0]}`, ok: problems.length === 0, problems });
    return r;
  }

  /** `<flow>: N of M calls answered as expected`. */
  summary() {
    const n = this.calls.filter((c) => c.ok).length;
    return `${this.flow}: ${n} of ${this.calls.length} calls answered as expected`;
  }

  /** The calls not answered as expected, with why (empty when all were). */
  failures() {
    return this.calls.filter((c) => !c.ok).map((c) => `${c.label}: ${c.problems.join('; ')}`);
  }
}
