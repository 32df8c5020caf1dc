/**
 * Fault injection on PostgreSQL (issue 11 "Suites"; ADR 0087). The API runs as real child processes
 * (`node --import tsx apps/api/src/main.ts`, JOBS=0) on a fresh PostgreSQL database created for the run on
 * postgres://postgres@127.0.0.1:5432 and dropped after it. Two processes serve the load, as two processes
 * behind a load balancer would; each is killed with SIGKILL at a random moment while requests are in flight
 * and started again, until {@link KILLS} kills have happened. The load:
 * - will journeys: a client signs up, opens a will, chooses a plan, pays in cash, staff confirm the payment
 *   (paid, receipt number), part c, MyKad images, an heir, the signature, the declarations, two witnesses,
 *   and the submission (the eKYC pass and the verified submit OTP are written by the test as the fixtures
 *   of the wills module do);
 * - asset-ledger credits and debits on two cash trusts (hibah type 14), two writers on each.
 * Every answer is recorded. Afterwards, with the servers stopped:
 * - lost: every write answered 2xx is in the database as answered (the row, the status, the receipt number);
 * - half-written: no aggregate is partial — a will without its `will.create` event, a plan, part c,
 *   document, signature or submission without its audit event, a paid payment without receipt number,
 *   paid time, confirmer or `payment.confirm` event or whose will does not show it, a trust whose total
 *   differs from the sum of its ledger, whose ledger has a gap or a balance that does not chain, or whose
 *   entries lack their audit events, a receipt number used twice;
 * - `npm run audit:verify` (its script, run against the database) reports the chain intact.
 * Prints `fault injection: N kills, N acknowledged writes, 0 lost, 0 half-written`. The servers' output is
 * kept in test-results/logs/fault-injection-api.log for the whole-run log scan (ADR 0089).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/seed.ts';
import { currentCode, DEMO_TOTP_SECRET } from '../../src/modules/auth/two-factor.ts';
import {
  heir,
  JPEG_A,
  orgAndBranch,
  PNG_A,
  passEkyc,
  SIGNATURE_PNG,
  userDetail,
  verifiedSubmitOtp,
  witness,
} from '../../src/modules/wills/test-fixtures.ts';
import type { TestApp } from '../harness.ts';

/** The PostgreSQL server of the run (issue 11: always PostgreSQL; the database is created and dropped here). */
const PG_SERVER = 'postgres://postgres@127.0.0.1:5432';
/** Kills with SIGKILL, at least (issue 11: at least 20). */
const KILLS = 20;
/** API processes serving the load at the same time (each killed and restarted in turn). */
const PROCESSES = 2;
/**
 * A process lives a random time after it answers its health check, then is killed: between these fractions
 * of the time its own start took (≈ 3 s on an idle machine), so a slower machine still gets a real load
 * between kills.
 */
const ALIVE = [0.2, 1] as const;
const WILL_WORKERS = 3;
const LEDGER_WORKERS = 4;

const root = resolve(import.meta.dirname, '../../../..');
const logPath = join(root, 'test-results/logs/fault-injection-api.log');
const dbName = `fault_${randomBytes(5).toString('hex')}`;
const dbUrl = `${PG_SERVER}/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-fault-'));
const appKey = randomBytes(32).toString('base64url');
let logFd = -1;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const log = (line: string) => writeSync(logFd, `${line}\n`);

/** One API process slot: started, killed and started again on the same port. */
class ApiProcess {
  child: ChildProcess | null = null;
  ready = false;
  exited: Promise<void> = Promise.resolve();
  starts = 0;
  /** How long the last start took (ms). */
  startMs = 0;
  constructor(
    readonly n: number,
    readonly port: number,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Start the process and wait until `/api/health` answers 200 (60 s at most). */
  async start(env: Record<string, string> = {}) {
    this.starts += 1;
    log(`--- fault injection: process ${this.n} start ${this.starts}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', logFd, logFd],
      env: {
        PATH: process.env.PATH ?? '',
        // Not production: these processes test faults, not the production guard (production-env.test.ts; ADR 0218).
        NODE_ENV: 'development',
        DATABASE_URL: dbUrl,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        JOBS: '0',
        DATA_DIR: dataDir,
        APP_KEY: appKey,
        APP_URL: this.url,
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
        RATE_LIMIT_SCALE: '100',
        // No balancer here: the stop need not wait for one to see /readyz fail (ADR 0238).
        SHUTDOWN_DRAIN_SECONDS: '0',
        ...env,
      },
    });
    this.child = child;
    this.exited = new Promise((r) => child.once('exit', () => r()));
    const t0 = Date.now();
    const deadline = t0 + 60_000;
    let alive = true;
    child.once('exit', () => {
      alive = false;
    });
    while (Date.now() < deadline) {
      if (!alive) throw new Error(`API process ${this.n} exited while starting (see ${logPath})`);
      try {
        const r = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (r.status === 200) {
          this.ready = true;
          this.startMs = Date.now() - t0;
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`API process ${this.n} did not answer /api/health within 60 s`);
  }

  /** SIGKILL, and wait until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    this.ready = false;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
    this.child = null;
  }
}

let procs: ApiProcess[] = [];

interface Answer {
  status: number;
  body: any;
}

const stats = { requests: 0, interrupted: 0, refused: 0, unexpected: [] as string[], serverErrors: [] as string[] };

/**
 * One request to a live process (waits for one while the kills go on). Status 0: no answer (the process
 * died, the connection was reset, 30 s passed, or the run ended with every process down).
 */
async function send(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  let live = procs.filter((p) => p.ready);
  while (!live.length) {
    if (stopping) return { status: 0, body: null };
    await sleep(25);
    live = procs.filter((p) => p.ready);
  }
  const p = live[randomInt(live.length)];
  const headers: Record<string, string> = { Accept: 'application/json', 'X-localization': 'en' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  stats.requests += 1;
  try {
    const res = await fetch(p.url + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (res.status >= 500) stats.serverErrors.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    return { status: res.status, body };
  } catch {
    stats.interrupted += 1;
    return { status: 0, body: null };
  }
}

/** What an acknowledged write promises: a row of `table` whose `column` is `value`, matching `expect`. */
interface Ack {
  what: string;
  table: string;
  column: string;
  value: string;
  expect?: (row: Record<string, any>) => boolean;
}
const acks: Ack[] = [];

/**
 * Send a write; on 2xx record what it promised (`promise(body)`) and return the body, otherwise undefined
 * (the caller abandons its journey: a write without an answer may or may not have happened). A 4xx is
 * unexpected unless `refusable` (a debit larger than the balance).
 */
async function write(
  what: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown },
  promise: (body: any) => Omit<Ack, 'what'>,
  refusable = false,
): Promise<any> {
  const r = await send(method, path, opts);
  if (r.status >= 200 && r.status < 300) {
    acks.push({ what, ...promise(r.body) });
    return r.body;
  }
  if (r.status >= 400 && r.status < 500) {
    stats.refused += 1;
    if (!refusable) stats.unexpected.push(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
  return undefined;
}

let icSeq = 0;
/** A unique MyKad: a real birth date in 1960–1999, state code 14, a running number. */
function mykad() {
  icSeq += 1;
  const d = new Date(Date.UTC(1960 + randomInt(40), randomInt(12), 1 + randomInt(28)));
  const ymd = d.toISOString().slice(2, 10).replaceAll('-', '');
  return `${ymd}14${String(icSeq).padStart(4, '0')}`;
}

let stopping = false;
let staffToken = '';
let db: Awaited<ReturnType<typeof openDatabase>>;
/** The wills fixtures take a TestApp; they only use its database handle. */
const fixtures = () => ({ ctx: { db: db.db } }) as unknown as TestApp;
let provider: { organization_id: string; branch_id: string };

/** One will journey (see the module comment); stops at the first write without a 2xx answer. */
async function willJourney() {
  const ic = mykad();
  const user = {
    name: `Klien Ujian ${ic}`,
    username: `f${ic}`,
    email: `f${ic}@example.com`,
    ic_number: ic,
    mobile_number: '0123456789',
    password: 'Rahsia123',
    password_confirmation: 'Rahsia123',
    pdpa: true,
  };
  const up = await write('sign-up', 'POST', '/api/users', { body: { user } }, (b) => ({
    table: 'users',
    column: 'id',
    value: b.user.id,
  }));
  if (!up) return;
  const token: string = up.token;
  const userId: string = up.user.id;
  const will = await write('will', 'POST', '/api/wasiat', { token, body: { user_id: userId } }, (b) => ({
    table: 'wills',
    column: 'id',
    value: b.wasiat.id,
  }));
  if (!will) return;
  const id: string = will.wasiat.id;
  const path = `/api/wasiat/${id}`;
  const willIs = (expect: Ack['expect']) => () => ({ table: 'wills', column: 'id', value: id, expect });
  const step = (what: string, p: string, body: unknown, promise: (b: any) => Omit<Ack, 'what'>, as = token) =>
    stopping ? Promise.resolve(undefined) : write(what, 'POST', p, { token: as, body }, promise);

  const planBody = { _method: 'PATCH', ...provider, wasiat_type: 1, plan: 'basic' };
  if (
    !(await step(
      'plan',
      path,
      planBody,
      willIs((w) => w.plan === 'basic'),
    ))
  )
    return;
  const pay = await step(
    'payment',
    '/api/payment',
    { paymentable_type: 'Wasiat', paymentable_id: id, payment_options_id: 3 },
    (b) => ({ table: 'payments', column: 'id', value: b.payment.id }),
  );
  if (!pay) return;
  const paymentId: string = pay.payment.id;
  const paid = await step(
    'payment confirmation',
    `/api/payment/${paymentId}/confirm`,
    {},
    (b) => ({
      table: 'payments',
      column: 'id',
      value: paymentId,
      expect: (row) => row.status === 'paid' && !!row.receipt_no && row.receipt_no === b.payment.receipt_no,
    }),
    staffToken,
  );
  if (!paid) return;
  const partC = await step('part c', `${path}/user-detail`, { _method: 'PATCH', ...userDetail(ic) }, () => ({
    table: 'will_user_details',
    column: 'wasiat_id',
    value: id,
  }));
  if (!partC) return;
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    const doc = await step(`MyKad ${type}`, `${path}/document`, { is_base64: true, type, document }, (b) => ({
      table: 'attachments',
      column: 'id',
      value: b.attachment.id,
    }));
    if (!doc) return;
  }
  await passEkyc(fixtures(), id);
  const row = (table: string, key: string) => (b: any) => ({ table, column: 'id', value: b[key].id });
  if (!(await step('heir', '/api/heir', heir(id), row('heirs', 'heir')))) return;
  const sign = { is_base64: true, document: SIGNATURE_PNG };
  if (
    !(await step(
      'signature',
      `${path}/signature`,
      sign,
      willIs((w) => !!w.signature_id),
    ))
  )
    return;
  const declarations = { _method: 'PATCH', acknowledged_pdpa: 1, acknowledged_confirmation: 1 };
  const declared = willIs((w) => !!w.acknowledged_pdpa && !!w.acknowledged_confirmation);
  if (!(await step('declarations', path, declarations, declared))) return;
  for (const over of [{ name: 'Saksi Satu' }, { name: 'Saksi Dua', signature: SIGNATURE_PNG }]) {
    const body = witness(id, { ...over, ic_number: mykad() });
    if (!(await step('witness', '/api/witness', body, row('witnesses', 'witness')))) return;
  }
  await verifiedSubmitOtp(fixtures(), userId, id);
  const submitted = willIs((w) => w.status === 1 && !!w.submitted_at);
  await step('submission', path, { _method: 'PATCH', status: 1 }, submitted);
}

/** Credits (and some debits) on the trusts until the kills are done. */
async function ledgerWriter(token: string, trusts: string[]) {
  while (!stopping) {
    const h = trusts[randomInt(trusts.length)];
    const debit = randomInt(5) === 0;
    const amount = debit ? 100 + randomInt(2000) : 100 + randomInt(50_000);
    const type = debit ? 'debit' : 'credit';
    await write(
      'ledger entry',
      'POST',
      `/api/hibah/${h}/product-transaction`,
      { token, body: { type, amount_sen: amount, description: `${type} ${amount}` } },
      (b) => ({
        table: 'hibah_asset_transactions',
        column: 'id',
        value: b.product_transaction.id,
        expect: (row) => row.hibah_id === h && row.type === type && Number(row.amount_sen) === amount,
      }),
      debit,
    );
  }
}

/** Staff log in with the demo TOTP secret (ADR 0081): the demo seed enrols staff with it. */
async function staffLogin(): Promise<string> {
  const r = await send('POST', '/api/login', { body: { username: 'staff', password: DEMO_PASSWORD } });
  if (r.status !== 200 || !r.body.challenge) throw new Error(`staff login: ${r.status} ${JSON.stringify(r.body)}`);
  const v = await send('POST', '/api/two-factor/verify', {
    body: { challenge: r.body.challenge, code: await currentCode(DEMO_TOTP_SECRET) },
  });
  if (v.status !== 200) throw new Error(`staff second factor: ${v.status} ${JSON.stringify(v.body)}`);
  return v.body.token;
}

/** Rows that break an aggregate (module comment), by rule. Each query returns the offending ids. */
const HALF_WRITTEN: Record<string, string> = {
  'will without will.create event': `select w.id from wills w where not exists (select 1 from audit_events a
     where a.action = 'will.create' and a.entity_type = 'Wasiat' and a.entity_id = w.id)`,
  'plan without will.part_b event': `select w.id from wills w where w.plan is not null and not exists
     (select 1 from audit_events a where a.action = 'will.part_b' and a.entity_id = w.id)`,
  'part c without will.user_detail event': `select d.wasiat_id from will_user_details d where not exists
     (select 1 from audit_events a where a.action = 'will.user_detail' and a.entity_id = d.wasiat_id)`,
  'will document without will.document event': `select t.id from attachments t where t.attachable_type = 'Wasiat'
     and t.type like 'mykad-%' and not exists (select 1 from audit_events a where a.action = 'will.document'
     and a.entity_id = t.attachable_id and a.after->>'id' = t.id)`,
  'signature without will.sign event': `select w.id from wills w where w.signature_id is not null and not exists
     (select 1 from audit_events a where a.action in ('will.sign', 'will.sign_on_behalf') and a.entity_id = w.id)`,
  'submitted will without will.submit event or time': `select w.id from wills w where w.status >= 1 and
     (w.submitted_at is null or not exists (select 1 from audit_events a where a.action = 'will.submit'
     and a.entity_id = w.id))`,
  'paid payment without receipt, time, confirmer or payment.confirm event': `select p.id from payments p
     where p.status = 'paid' and (p.receipt_no is null or p.paid_at is null or p.confirmed_by is null
     or not exists (select 1 from audit_events a where a.action = 'payment.confirm' and a.entity_id = p.id
     and a.after->>'receipt_no' = p.receipt_no))`,
  'paid payment whose will does not show it': `select p.id from payments p join wills w on w.id = p.paymentable_id
     where p.status = 'paid' and (w.payment_received_at is null or not ('payment' = any(w.parts_done)))`,
  'receipt number used twice': `select min(p.id) from payments p where p.receipt_no is not null
     group by p.organization_id, p.receipt_no having count(*) > 1`,
  'trust total different from the sum of its ledger': `select h.id from hibahs h where h.current_total_sen <>
     coalesce((select sum(case when t.type = 'credit' then t.amount_sen else -t.amount_sen end)
     from hibah_asset_transactions t where t.hibah_id = h.id), 0)`,
  'ledger with a gap or a balance that does not chain': `select t.id from (select t.*, lag(t.balance_after_sen)
     over (partition by t.hibah_id order by t.seq) as prev_after, row_number() over (partition by t.hibah_id
     order by t.seq) as n from hibah_asset_transactions t) t where t.seq <> t.n
     or t.balance_before_sen <> coalesce(t.prev_after, 0)`,
  'ledger entries without their audit events': `select h.id from hibahs h where (select count(*)
     from hibah_asset_transactions t where t.hibah_id = h.id) <> (select count(*) from audit_events a
     where a.action = 'hibah.transaction.create' and a.entity_id = h.id)`,
};

/** Acknowledged writes that are not in the database as answered: `what (table id)`. */
async function findLost(): Promise<string[]> {
  const lost: string[] = [];
  const groups = new Map<string, Ack[]>();
  for (const a of acks) {
    const k = `${a.table}.${a.column}`;
    groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  for (const [k, group] of groups) {
    const [table, column] = k.split('.');
    const { rows } = await db.db.$client.query(`select * from ${table} where ${column} = any($1)`, [
      group.map((a) => a.value),
    ]);
    const by = new Map(rows.map((r: any) => [r[column], r]));
    for (const a of group) {
      const row = by.get(a.value) as Record<string, any> | undefined;
      if (!row || (a.expect && !a.expect(row))) lost.push(`${a.what} (${table} ${a.value})`);
    }
  }
  return lost;
}

/** Rows breaking a rule of {@link HALF_WRITTEN}: `rule: id`. */
async function findHalfWritten(): Promise<string[]> {
  const half: string[] = [];
  for (const [rule, q] of Object.entries(HALF_WRITTEN)) {
    const { rows } = await db.db.$client.query(q);
    for (const r of rows) half.push(`${rule}: ${Object.values(r)[0]}`);
  }
  return half;
}

beforeAll(async () => {
  mkdirSync(join(root, 'test-results/logs'), { recursive: true });
  logFd = openSync(logPath, 'w');
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  procs = [];
  for (let n = 1; n <= PROCESSES; n++) procs.push(new ApiProcess(n, await freePort()));
});

afterAll(async () => {
  stopping = true;
  for (const p of procs) await p.kill('SIGTERM');
  await db?.close();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  if (logFd >= 0) closeSync(logFd);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fault injection', () => {
  it(`SIGKILL at random moments (${KILLS}×) loses no acknowledged write and leaves nothing half-written`, async () => {
    // The first start migrates and seeds the demo (staff with the demo TOTP secret), before any load.
    await procs[0].start({ SEED_DEMO: '1' });
    db = await openDatabase({ url: dbUrl, max: 4, migrate: false });
    provider = await orgAndBranch(fixtures());
    staffToken = await staffLogin();
    const owner = await write(
      'sign-up',
      'POST',
      '/api/users',
      {
        body: {
          user: {
            name: 'Pemegang Amanah',
            username: 'trustowner',
            email: 'trust@example.com',
            ic_number: mykad(),
            mobile_number: '0123456789',
            password: 'Rahsia123',
            password_confirmation: 'Rahsia123',
            pdpa: true,
          },
        },
      },
      (b) => ({ table: 'users', column: 'id', value: b.user.id }),
    );
    const trusts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const h = await write(
        'trust',
        'POST',
        '/api/hibah',
        { token: owner.token, body: { user_id: owner.user.id, hibah_type: 14 } },
        (b) => ({ table: 'hibahs', column: 'id', value: b.hibah.id }),
      );
      trusts.push(h.hibah.id);
    }
    for (const p of procs.slice(1)) await p.start();

    // Load, and the killer: each process lives a random moment, is killed, and is started again.
    let kills = 0;
    let planned = 0;
    const killer = async (p: ApiProcess) => {
      while (planned < KILLS) {
        planned += 1;
        if (!p.ready) await p.start();
        await sleep(p.startMs * (ALIVE[0] + Math.random() * (ALIVE[1] - ALIVE[0])));
        log(`--- fault injection: SIGKILL process ${p.n}`);
        await p.kill();
        kills += 1;
      }
    };
    const journeys = async () => {
      while (!stopping) await willJourney();
    };
    const load = [
      ...Array.from({ length: WILL_WORKERS }, journeys),
      ...Array.from({ length: LEDGER_WORKERS }, () => ledgerWriter(owner.token, trusts)),
    ];
    const started = Date.now();
    await Promise.all(procs.map((p, i) => sleep(i * 700).then(() => killer(p))));
    // Every process is down now: what was in flight got no answer; the writers stop.
    stopping = true;
    await Promise.all(load);
    const seconds = Math.round((Date.now() - started) / 1000);

    const lost = await findLost();
    const half = await findHalfWritten();
    // The audit chain: `npm run audit:verify`'s script against this database.
    const verify = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/platform/audit/verify.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    const { rows: counts } = await db.db.$client.query(
      `select (select count(*) from wills)::int as wills, (select count(*) from wills where status = 1)::int as submitted,
       (select count(*) from payments where status = 'paid')::int as paid,
       (select count(*) from hibah_asset_transactions)::int as ledger`,
    );

    console.log(
      `fault injection: ${kills} kills, ${acks.length} acknowledged writes, ${lost.length} lost, ${half.length} half-written` +
        `\n  (${seconds} s; ${stats.requests} requests, ${stats.interrupted} without an answer, ${stats.refused} refused;` +
        ` ${counts[0].wills} wills, ${counts[0].submitted} submitted, ${counts[0].paid} paid, ${counts[0].ledger} ledger entries;` +
        ` starts took ${procs.map((p) => p.startMs).join(', ')} ms at the end; audit:verify: ${verify.stdout.trim()})`,
    );
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    expect(lost).toEqual([]);
    expect(half).toEqual([]);
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/^OK: \d+ audit events, chain intact/);
    expect(stats.serverErrors).toEqual([]);
    expect(stats.unexpected).toEqual([]);
    // The load was real: kills cut requests off, and every kind of write was acknowledged many times.
    expect(stats.interrupted).toBeGreaterThan(0);
    expect(counts[0].submitted).toBeGreaterThan(0);
    expect(counts[0].paid).toBeGreaterThan(0);
    expect(counts[0].ledger).toBeGreaterThan(50);

    // The checks can fail: faults planted behind the API's back are reported, each by its rule.
    const plan = acks.find((a) => a.what === 'plan') as Ack;
    const paidRow = acks.find((a) => a.what === 'payment confirmation') as Ack;
    await db.db.$client.query(`update wills set plan = null where id = $1`, [plan.value]);
    await db.db.$client.query(`update payments set receipt_no = null where id = $1`, [paidRow.value]);
    await db.db.$client.query(`update hibahs set current_total_sen = current_total_sen + 1 where id = $1`, [trusts[0]]);
    await db.db.$client.query(
      `insert into wills (id, user_id, created_by) select 'planted-will', user_id, created_by from wills limit 1`,
    );
    expect(await findLost()).toEqual(
      expect.arrayContaining([`plan (wills ${plan.value})`, `payment confirmation (payments ${paidRow.value})`]),
    );
    expect((await findHalfWritten()).sort()).toEqual(
      [
        'will without will.create event: planted-will',
        `paid payment without receipt, time, confirmer or payment.confirm event: ${paidRow.value}`,
        `trust total different from the sum of its ledger: ${trusts[0]}`,
      ].sort(),
    );
  });
});
