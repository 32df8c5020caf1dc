/**
 * Cross-organisation probes (issue 16 "Tests"; ADR 0108, amending ADR 0085). Generated from the app's own
 * OpenAPI document (`GET /api/docs/json`): for every `/api` route and EVERY id it carries — path parameters,
 * query parameters and JSON body fields (`user_id`, `*_id`, the `*_type`/`*_id` pairs, and the MyKad number,
 * username, will number or amendment reference a route looks a record up by; test/id-locations.ts) — the
 * route is called with a VICTIM organisation's real record ids in that place, as every OTHER organisation's
 * Partner and Agent, as another client, and anonymously. Other id places of the call hold the caller's own
 * records (so a check on the path cannot hide a missing check on the body).
 *
 * Two partner organisations, each a victim of the other: LAIN (test/tenants.ts: Partner, two Agents, a
 * branch, clients with draft and registered wills with every part, a hibah with every party, an amendment,
 * payments, uploads) and DEMO (the seed's Partner and Agent, and a client registered by the demo Agent with
 * a will, its parts, a payment, MyKad images and a hibah). A victim's records are found by closure over the
 * database (test/cross-org.ts).
 *
 * An ATTEMPT SUCCEEDS when it changes or reveals the victim's data: an answer below 400 that carries a
 * victim record id, MyKad number or e-mail address the request did not send, or any call after which a
 * business-table row holding a victim id was added, changed or removed. Bodies are the ones the fixtures
 * sent successfully to the same route (recorded while building them), else built from the route's schema,
 * so that most calls reach the access decision; the answers are counted by status and printed.
 * Prints `cross-org probes: N attempts over M routes, 0 succeeded` and fails listing each success (route,
 * id location, role). `PROBE_REPORT=<file>` writes every success and the status counts to a file.
 */
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changedRows,
  closure,
  digest,
  MAIN_TABLES,
  publicCatalogue,
  type Rows,
  readRows,
  revealed,
  type Side,
  touches,
  xid,
} from '../../../test/cross-org.ts';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  type Loc,
  NON_ID_PARAMS,
  openBodyLocs,
  type RouteDoc,
  routesOf,
  TYPE_TABLES,
} from '../../../test/id-locations.ts';
import { buildTenants } from '../../../test/tenants.ts';
import {
  attachments,
  death_report_organisations,
  death_reports,
  hibahs,
  organizations,
  preferences,
  user_accesses,
  users,
  will_executed_originals,
  wills,
} from '../../db/schema/index.ts';
import { landBody, receiverBody } from '../hibah/test-fixtures.ts';
import {
  grantAccess,
  heir,
  JPEG_A,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  passEkyc,
  userDetail,
} from '../wills/test-fixtures.ts';

/** At most this many victim records per table and id place (people: every victim person, clients first). */
const PER_TABLE = 3;
const PER_PERSON_TABLE = 8;

interface Attacker {
  key: string;
  token?: string;
  /** Username to log in again after a call ended the session. */
  username?: string;
  password?: string;
  own: Side | null;
}
interface Direction {
  victimName: string;
  victim: Side;
  attackers: Attacker[];
}
interface Attempt {
  route: string;
  loc: string;
  role: string;
  victim: string;
  status: number;
  why?: string;
}

let t: TestApp;
let routes: RouteDoc[] = [];
let directions: Direction[] = [];
let rows: Rows;
let open: Set<string>;
const recorded = new Map<string, Record<string, unknown>>();
const attempts: Attempt[] = [];

const routeRe = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/?]+')}/?$`);

/** A TestApp whose successful JSON calls are remembered as body templates of their route. */
function recording(app: TestApp): TestApp {
  return {
    ...app,
    async call(method, path, opts) {
      const r = await app.call(method, path, opts);
      const b = opts?.body as Record<string, unknown> | undefined;
      if (r.status < 300 && b && typeof b === 'object' && !Array.isArray(b)) {
        const { _method, ...rest } = b;
        const m = typeof _method === 'string' ? _method.toUpperCase() : method;
        const key = `${m} ${path.split('?')[0]}`;
        if (!recorded.has(key)) recorded.set(key, rest);
      }
      return r;
    },
  };
}

/**
 * A client of the organisation with no will in progress (only a hibah registered by its agent): the one a
 * will can be started for (the takeover's step 2 needs such a client).
 */
async function clientWithoutWill(app: TestApp, agentToken: string, agentUsername: string) {
  const c = await newClient(app);
  await grantAccess(app, c, agentUsername);
  await ok(app.call('POST', '/api/hibah', { token: agentToken, body: { user_id: c.id, hibah_type: 9 } }), 201);
  return c;
}

/** DEMO's victim records: a client registered by the demo Agent with a will, parts, payment, uploads, a hibah. */
async function buildDemoSide(app: TestApp) {
  const agent = await app.login('agent');
  const c = await newClient(app, false);
  await grantAccess(app, c, 'agent');
  const will = (await ok(app.call('POST', '/api/wasiat', { token: agent, body: { user_id: c.id } }), 201)).wasiat
    .id as string;
  const ob = await orgAndBranch(app, 'DEMO');
  await ok(
    app.call('PATCH', `/api/wasiat/${will}`, { token: agent, body: { ...ob, wasiat_type: 1, plan: 'comprehensive' } }),
  );
  await ok(
    app.call('POST', '/api/payment', {
      token: agent,
      body: { paymentable_type: 'Wasiat', paymentable_id: will, payment_options_id: 3 },
    }),
  );
  await ok(app.call('POST', `/api/wasiat/${will}/user-detail`, { token: agent, body: userDetail(c.ic) }));
  for (const [type, doc] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(
      app.call('POST', `/api/wasiat/${will}/document`, {
        token: agent,
        body: { is_base64: true, type, document: doc },
      }),
      201,
    );
  }
  await passEkyc(app, will);
  await ok(app.call('POST', '/api/heir', { token: agent, body: heir(will, { name: 'Waris Demo' }) }), 201);
  await ok(
    app.call('POST', '/api/receiver', {
      token: agent,
      body: { receivable_type: 'Wasiat', receivable_id: will, name: 'Penerima Demo', relationship: 'son' },
    }),
    201,
  );
  // DEMO offers hibah in this test (the seed's DEMO does not), so that it has hibah records to protect
  await app.ctx.db
    .update(preferences)
    .set({ allow_hibah: true })
    .where(eq(preferences.organization_id, ob.organization_id));
  const hibah = (
    await ok(app.call('POST', '/api/hibah', { token: agent, body: { user_id: c.id, hibah_type: 9 } }), 201)
  ).hibah.id as string;
  await ok(app.call('POST', `/api/hibah/${hibah}/user-detail`, { token: agent, body: userDetail(c.ic) }));
  await ok(
    app.call('POST', `/api/hibah/${hibah}/receiver`, {
      token: agent,
      body: receiverBody({ name: 'Penerima Hibah Demo', ic_number: newMykad(), email: 'penerima.demo@example.com' }),
    }),
    201,
  );
  await ok(app.call('POST', `/api/hibah/${hibah}/immoveable-property`, { token: agent, body: landBody }), 201);
  await clientWithoutWill(app, agent, 'agent');
  // Death reports (issue 40; ADR 0261): one pending, made by the client, and one verified that DEMO was told of.
  const death = (status: string) => ({
    deceased_ic: newMykad(),
    date_of_death: '2026-12-01',
    certificate_no: 'BD 123456',
    certificate_key: 'BD123456',
    reporter_id: c.id,
    relationship: 'heir',
    status,
  });
  const [, verified] = await app.ctx.db
    .insert(death_reports)
    .values([death('pending'), death('verified')])
    .returning();
  await app.ctx.db
    .insert(death_report_organisations)
    .values({ death_report_id: verified.id, organization_id: ob.organization_id });
  // A scan of the will's signed original awaiting a staff check (issue 41 item 1; ADR 0266).
  const [scan] = await app.ctx.db
    .insert(attachments)
    .values({
      attachable_type: 'Wasiat',
      attachable_id: will,
      type: 'executed-original',
      storage_key: `probe/${will}/executed-original.png`,
      mime_type: 'image/png',
      size_bytes: 1,
      sha256: '0'.repeat(64),
      uploaded_by: c.id,
    })
    .returning();
  await app.ctx.db.insert(will_executed_originals).values({
    wasiat_id: will,
    version_no: 1,
    scan_attachment_id: scan.id,
    custody: 'testator',
    custody_place: 'Rumah pewasiat',
    uploaded_by: c.id,
  });
  // The client's asset map (issue 40 item 6; ADR 0269): an entry with a document.
  const asset = (
    await ok(
      app.call('POST', '/api/asset', {
        token: c.token,
        body: { kind: 'bank_account', description: 'Akaun Demo', value_sen: 100, value_estimated_on: '2026-01-15' },
      }),
      201,
    )
  ).asset.id as string;
  await ok(app.call('POST', `/api/asset/${asset}/document`, { token: c.token, body: { document: PNG_A } }), 201);
}

/** An organisation's records: the organisation, its members, its clients (a will or hibah there), by closure. */
async function orgSide(orgId: string): Promise<Side> {
  const db = t.ctx.db;
  const members = await db.select().from(user_accesses).where(eq(user_accesses.organization_id, orgId));
  const w = await db.select({ u: wills.user_id }).from(wills).where(eq(wills.organization_id, orgId));
  const h = await db.select({ u: hibahs.user_id }).from(hibahs).where(eq(hibahs.organization_id, orgId));
  return closure(rows, [orgId, ...members.map((m) => m.user_id), ...w.map((x) => x.u), ...h.map((x) => x.u)], open);
}

// ——— bodies
const SAMPLE: Record<string, unknown> = {
  name: 'Orang Probe',
  email: 'probe@example.com',
  mobile_number: '0123456789',
  relationship: 'son',
  address: 'No. 3, Jalan Kenanga',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  portion: '10%',
  designation: 'mr',
  description: 'Probe',
  reason: 'Probe',
};
function sample(name: string, s: any): unknown {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.anyOf?.length || s.oneOf?.length) return sample(name, (s.anyOf ?? s.oneOf)[0]);
  if (name in SAMPLE) return SAMPLE[name];
  if (name === 'ic_number') return newMykad();
  switch (s.type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (s.format === 'email') return 'probe@example.com';
      if (s.format === 'date') return '2026-01-01';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}
const bodyFor = (r: RouteDoc, concrete: string): Record<string, unknown> => {
  for (const [k, v] of recorded) {
    const [m, p] = [k.slice(0, k.indexOf(' ')), k.slice(k.indexOf(' ') + 1)];
    if (m === r.method && routeRe(r.path).test(p) && concrete !== undefined) return structuredClone(v);
  }
  return Object.fromEntries(r.required.map((k) => [k, sample(k, r.body[k])]));
};

// ——— ids
const idsIn = (side: Side | null, tables: string[]) =>
  side
    ? tables.flatMap((tb) => (side.byTable.get(tb) ?? []).slice(0, tb === 'users' ? PER_PERSON_TABLE : PER_TABLE))
    : [];
/** Candidate (type?, value) fillings of a location from a side. */
function fillings(side: Side | null, loc: Loc): { type?: string; value: string }[] {
  if (!side) return [];
  if (loc.value) return (side.values.get(loc.value) ?? []).slice(0, PER_PERSON_TABLE).map((value) => ({ value }));
  if (loc.pair) {
    return loc.pair.types.flatMap((type) => idsIn(side, [TYPE_TABLES[type]]).map((value) => ({ type, value })));
  }
  return idsIn(side, loc.tables).map((value) => ({ value }));
}

/** Ids of an organisation's structure, filled from the victim together when one of them is probed. */
const STRUCTURE = new Set(['organization_id', 'branch_id', 'agent_id', 'pricing_id']);

interface Call {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}
/** The call probing `loc` with `fill`: victim id there, the attacker's own (else the victim's) elsewhere. */
function build(r: RouteDoc, loc: Loc, fill: { type?: string; value: string }, d: Direction, a: Attacker): Call | null {
  const path: Record<string, string> = {};
  const query = new URLSearchParams();
  const body: Record<string, unknown> | undefined =
    ['POST', 'PUT', 'PATCH'].includes(r.method) || Object.keys(r.body).length ? bodyFor(r, r.path) : undefined;
  const put = (where: string, name: string, v: string) => {
    if (where === 'path') path[name] = v;
    else if (where === 'query') query.set(name, v);
    else if (body) body[name] = v;
  };
  // an organisation's structure goes together: the victim's branch with the victim's organisation, …
  const together = loc.where !== 'path' && STRUCTURE.has(loc.name);
  for (const other of r.locs) {
    if (other === loc) continue;
    const victims = together && other.where !== 'path' && STRUCTURE.has(other.name);
    const f = victims
      ? fillings(d.victim, other)[0]
      : (fillings(a.own, other)[0] ?? (other.where === 'path' ? fillings(d.victim, other)[0] : undefined));
    if (!f) {
      if (other.where === 'path') return null;
      continue;
    }
    put(other.where, other.name, f.value);
    if (other.pair && f.type) put(other.pair.where, other.pair.name, f.type);
  }
  put(loc.where, loc.name, fill.value);
  if (loc.pair && fill.type) put(loc.pair.where, loc.pair.name, fill.type);
  for (const p of r.pathParams) if (!path[p]) path[p] = NON_ID_PARAMS[p] ?? '';
  const url = r.path.replace(/\{(\w+)\}/g, (_, p) => encodeURIComponent(path[p])) + (query.size ? `?${query}` : '');
  return { method: r.method, url, body: body && r.method !== 'GET' ? body : undefined };
}

const LAST = /logout|password|two-factor|data-requests\/|\/revoke$/;
const order = (r: RouteDoc) => (r.method === 'GET' ? 0 : r.method === 'DELETE' || LAST.test(r.path) ? 2 : 1);

beforeAll(async () => {
  t = await makeTestApp();
  const rec = recording(t);
  const built = await buildTenants(rec);
  await buildDemoSide(rec);
  await clientWithoutWill(rec, built.targets.agent.token, 'lain.agent1');
  rows = await readRows(t);
  open = publicCatalogue(rows);
  const orgId = async (code: string) =>
    (await t.ctx.db.select().from(organizations).where(eq(organizations.code, code)))[0].id;
  const [lain, demo] = [await orgId('LAIN'), await orgId('DEMO')];
  const byName = async (u: string) => (await t.ctx.db.select().from(users).where(eq(users.username, u)))[0];
  const demoClient = await byName('client');
  const A = built.actors;
  const lainSide = await orgSide(lain);
  const demoSide = await orgSide(demo);
  directions = [
    {
      victimName: 'LAIN',
      victim: lainSide,
      attackers: [
        { key: 'Partner@DEMO', token: A.partner.token, username: 'partner', own: demoSide },
        { key: 'Agent@DEMO', token: A.agent.token, username: 'agent', own: demoSide },
        { key: 'Client', token: A.client.token, username: 'client', own: closure(rows, [demoClient.id], open) },
        { key: 'anonymous', own: null },
      ],
    },
    {
      victimName: 'DEMO',
      victim: demoSide,
      attackers: [
        { key: 'Partner@LAIN', token: A['partner@same'].token, username: 'lain.partner', own: lainSide },
        { key: 'Agent@LAIN', token: built.targets.agent.token, username: 'lain.agent1', own: lainSide },
        {
          key: 'Client@LAIN',
          token: A['client@same'].token,
          own: closure(rows, [A['client@same'].id as string], open),
        },
        { key: 'anonymous', own: null },
      ],
    },
  ];
  const doc = (await t.call('GET', '/api/docs/json')).body;
  routes = routesOf(doc, MAIN_TABLES).sort((a, b) => order(a) - order(b));
  for (const r of routes) r.locs.push(...openBodyLocs(r, Object.keys(bodyFor(r, r.path)), MAIN_TABLES));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('cross-organisation probes', () => {
  it("both organisations' records were found (the closure sees every kind the probes need)", () => {
    for (const d of directions) {
      for (const tb of [
        'organizations',
        'branches',
        'users',
        'wills',
        'heirs',
        'receivers',
        'payments',
        'attachments',
        'hibahs',
        'hibah_receivers',
      ]) {
        expect(d.victim.byTable.get(tb)?.length ?? 0, `${d.victimName} ${tb}`).toBeGreaterThan(0);
      }
    }
    const lain = directions[0].victim;
    expect(lain.byTable.get('amendments')?.length ?? 0).toBeGreaterThan(0);
    // the two sides do not overlap
    for (const id of directions[0].victim.ids) expect(directions[1].victim.ids.has(id), id).toBe(false);
  });

  it('no call as another organisation, another client or nobody reveals or changes the victim data', async () => {
    interface Job {
      r: RouteDoc;
      loc: Loc;
      fill: { type?: string; value: string };
      d: Direction;
      a: Attacker;
      c: Call;
    }
    const jobs: Job[] = [];
    for (const r of routes) {
      for (const loc of r.locs) {
        for (const d of directions) {
          for (const fill of fillings(d.victim, loc)) {
            for (const a of d.attackers) {
              const c = build(r, loc, fill, d, a);
              if (c) jobs.push({ r, loc, fill, d, a, c });
            }
          }
        }
      }
    }
    const cache = rows;
    const prof = { ms: 0, digests: 0 };
    const started = performance.now();
    let before: Record<string, string> | null = null;
    let x0 = 0n;
    /** One attempt; `write`: also look for rows it changed (writes run one at a time). */
    const run = async ({ r, loc, fill, d, a, c }: Job, write: boolean) => {
      if (write && !before) [before, x0] = [await digest(t), await xid(t)];
      const res = await t.call(c.method, c.url, { token: a.token, body: c.body, redirect: 'manual' });
      const sent = c.url + JSON.stringify(c.body ?? {});
      const reasons: string[] = [];
      if (res.status < 400) {
        const text = res.raw.toString('utf8') + (res.headers.get('location') ?? '');
        // the masked MyKad lookup names the account's id: what a request for access names (ADR 0101)
        const hits = revealed(d.victim, text, sent).filter(
          (x) => !(r.path === '/api/user' && loc.name === 'ic_number' && d.victim.byTable.get('users')?.includes(x)),
        );
        if (hits.length) reasons.push(`revealed ${hits.slice(0, 3).join(', ')}`);
      }
      if (write && before) {
        // something was written (other than by the xid readings themselves): which rows?
        const x1 = await xid(t);
        if (x1 - x0 > 1n) {
          prof.digests += 1;
          const after = await digest(t);
          const changed = Object.keys(after).filter((k) => after[k] !== before?.[k]);
          if (changed.length) {
            const diff = await changedRows(t, cache, changed);
            const hit = diff.filter((x) => touches(d.victim, x, sent));
            if (hit.length) reasons.push(`changed ${hit.slice(0, 2).join(' | ').slice(0, 300)}`);
          }
          before = after;
          x0 = await xid(t);
        } else x0 = x1;
      }
      attempts.push({
        route: `${r.method} ${r.path}`,
        loc: `${loc.where} ${loc.pair ? `${loc.pair.name}=${fill.type}/` : ''}${loc.name}`,
        role: a.key,
        victim: d.victimName,
        status: res.status,
        why: reasons.join('; ') || undefined,
      });
      if (res.status === 401 && a.token && a.username) a.token = await t.login(a.username, a.password);
    };
    // reads four at a time (they change nothing; a read that wrote is caught by the next write's digest),
    // then the writes one by one
    const reads = jobs.filter((j) => j.r.method === 'GET');
    let i = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (i < reads.length) await run(reads[i++], false);
      }),
    );
    for (const j of jobs) if (j.r.method !== 'GET') await run(j, true);
    prof.ms = Math.round(performance.now() - started);
    const succeeded = attempts.filter((x) => x.why);
    const routeCount = new Set(attempts.map((x) => x.route)).size;
    const byStatus: Record<string, number> = {};
    for (const x of attempts) byStatus[x.status] = (byStatus[x.status] ?? 0) + 1;
    console.log(
      `cross-org probes: ${attempts.length} attempts over ${routeCount} routes, ${succeeded.length} succeeded`,
    );
    console.log(`time: ${prof.ms} ms, ${prof.digests} digests of changed tables`);
    console.log(`answers by status: ${JSON.stringify(byStatus)}`);
    const lines = succeeded.map((x) => `${x.route} | ${x.loc} | ${x.role} → ${x.victim} | ${x.status} | ${x.why}`);
    if (process.env.PROBE_ATTEMPTS) {
      writeFileSync(
        process.env.PROBE_ATTEMPTS,
        attempts.map((x) => `${x.route} | ${x.loc} | ${x.role} → ${x.victim} | ${x.status}`).join('\n'),
      );
    }
    if (process.env.PROBE_REPORT)
      writeFileSync(process.env.PROBE_REPORT, `${lines.join('\n')}\n${JSON.stringify(byStatus)}\n`);
    expect(attempts.length).toBeGreaterThanOrEqual(5000);
    expect(lines, "calls that revealed or changed another organisation's data").toEqual([]);
  }, 600_000);
});
