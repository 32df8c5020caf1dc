/**
 * Authorisation before validation (issue 16 item 6; ADR 0107): generated over every `/api` route of the
 * running app (the guard's route list, auth/guard.ts `declaredRoutes`), each called with a body and query
 * string that fail validation and path ids that fit no record:
 * - anonymously: every route that is not `public` answers 401 — never a 422 naming fields;
 * - as a demo role that holds none of the route's declared actions: 403 or 404 — never a 422.
 * Prints `authorisation-first: N anonymous calls → 401, M calls by a role that may not → 403/404`.
 */
import { type Action, can } from '@wasiat/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';

/** Values of the wrong type for the fields routes commonly carry, so any schema fails on them. */
const INVALID_BODY = {
  user_id: ['x'],
  wasiat_id: { x: 1 },
  hibah_id: 7,
  organization_id: false,
  name: 12,
  email: 3,
  ic_number: [],
  amount_sen: 'many',
  status: 'nope',
  document: 5,
  password: 1,
};
const INVALID_QUERY = '?page=-1&limit=abc&ic_number=1&status=zz&from=notadate&paymentable_id=';
const ROLE_USERS = ['client', 'agent', 'partner', 'accountant', 'officer', 'staff', 'admin'] as const;
const ROLE_OF: Record<(typeof ROLE_USERS)[number], string> = {
  client: 'Client',
  agent: 'Agent',
  partner: 'Partner',
  accountant: 'Accountant',
  officer: 'Officer',
  staff: 'Staff',
  admin: 'Admin',
};

let t: TestApp;
const tokens: Partial<Record<(typeof ROLE_USERS)[number], string>> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ROLE_USERS) tokens[u] = await t.login(u);
}, 120_000);
afterAll(() => t?.close());

const pathOf = (url: string) => url.replace(/:[A-Za-z_]+/g, 'zz-not-an-id');
const call = (method: string, url: string, token?: string) =>
  t.call(method, `${pathOf(url)}${INVALID_QUERY}`, {
    token,
    body: method === 'GET' ? undefined : INVALID_BODY,
    lang: 'en',
  });

describe('authorisation before validation (issue 16 item 6)', () => {
  it('answers 401 to an anonymous call with an invalid body on every non-public route', async () => {
    const routes = t.routes.filter((r) => r.access !== 'public');
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await call(r.method, r.url);
      if (res.status !== 401)
        wrong.push(`${r.method} ${r.url} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    console.log(`authorisation-first: ${routes.length} anonymous calls, ${routes.length - wrong.length} → 401`);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answers 403/404 to a role that may not, before validating the body', async () => {
    let n = 0;
    const wrong: string[] = [];
    for (const r of t.routes) {
      if (r.access === 'public' || r.access === 'authenticated') continue;
      const actions: Action[] = Array.isArray(r.access) ? r.access : [r.access];
      const who = ROLE_USERS.find((u) => !actions.some((a) => can(ROLE_OF[u], a)));
      if (!who) continue;
      n++;
      const res = await call(r.method, r.url, tokens[who]);
      if (res.status !== 403 && res.status !== 404) {
        wrong.push(`${r.method} ${r.url} as ${who} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    console.log(`authorisation-first: ${n} calls by a role that may not, ${n - wrong.length} → 403/404`);
    expect(n).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  }, 300_000);
});
