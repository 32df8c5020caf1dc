/**
 * Mass-assignment suite (issue 11 "Suites"; ADR 0086): the write routes a user reaches with their own
 * records — sign-up, profile and client edit, will parts, user details, hibah, payment, amendment,
 * organisation staff and access requests — are sent their ordinary, valid body PLUS the fields a caller
 * must never set (`role`, `roles`, `status`, `organization_id`, `ekyc_verified_at`, `verification_score`,
 * `price`, `amount`, `amount_sen`, `price_sen`, `user_id`, `agent_id`, `is_admin`, …; INJECT), and the
 * record is read back from the database.
 *
 * - An UPDATE is sent twice, first without and then with the extra fields; the second call must change
 *   nothing at all in the rows (every column but `updated_at`).
 * - A CREATE is made twice for two like subjects (two fresh clients, two wills, …), once without and once
 *   with the extra fields; the protected columns (PROTECTED) of both new rows must be equal after naming
 *   ids (the subject → "self", organisations by code, users by username) and dates (set / unset).
 *
 * Fields that are a legitimate input of a route (e.g. `organization_id` in part b of a will, the
 * `status` that selects a transition, the `role` asked for in an access request) are not injected there
 * (`legit`); that they are checked is the access-control suite's and the modules' tests' business.
 * Every attempt must succeed (2xx): an attempt that is refused proves nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendments,
  attachments,
  branches,
  heirs,
  hibah_user_details,
  hibahs,
  organizations,
  payments,
  pricings,
  user_accesses,
  users,
  will_user_details,
  wills,
} from '../../db/schema/index.ts';
import { registeredWill } from '../amendments/test-fixtures.ts';
import {
  type Client,
  heir,
  JPEG_A,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  passEkyc,
  pay,
  userDetail,
} from '../wills/test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
/** id → stable label (organisations by code, users by username), for comparing two creates. */
const labels = new Map<string, string>();

/** Columns compared between two creates (those named by issue 11 and their analogues in sen). */
const PROTECTED = [
  'role',
  'roles',
  'status',
  'organization_id',
  'branch_id',
  'user_id',
  'agent_id',
  'created_by',
  'is_admin',
  'ekyc_verified_at',
  'ekyc_method',
  'face_verified',
  'verification_score',
  'price',
  'amount',
  'amount_sen',
  'price_sen',
  'discount_sen',
  'pricing_id',
  'paid_at',
  'receipt_no',
  'confirmed_by',
  'wasiat_no',
  'registered_at',
  'hibah_number',
  'reference_no',
  'is_staff_created',
  'is_draft_accepted',
  'current_total_sen',
  'payment_received_at',
];

/** The fields no caller may set (values that would be visible if they were taken). */
const inject = () => ({
  role: 'Admin',
  roles: [{ name: 'Admin' }],
  status: 2,
  organization_id: ids.provider,
  branch_id: ids.providerHq,
  ekyc_verified_at: '2020-01-01T00:00:00.000Z',
  ekyc_method: 'Face',
  face_verified: 1,
  verification_score: 100,
  price: 1,
  amount: 1,
  amount_sen: 1,
  price_sen: 1,
  discount_sen: 99999,
  user_id: ids.admin,
  agent_id: ids.agent,
  created_by: ids.admin,
  is_admin: true,
  wasiat_no: 'W1999-000001',
  registered_at: '2020-01-01T00:00:00.000Z',
  receipt_no: 'R1999-000001',
  paid_at: '2020-01-01T00:00:00.000Z',
  hibah_number: 'H1999-000001',
  reference_no: 'P1999-000001',
  is_staff_created: 1,
  is_draft_accepted: true,
  current_total_sen: 99999,
});
type Injected = ReturnType<typeof inject>;
const without = (legit: (keyof Injected)[]) => {
  const all = inject() as Record<string, unknown>;
  for (const k of legit) delete all[k];
  return all;
};

type Rows = Record<string, Record<string, unknown> | undefined>;
type Res = { status: number; body: any };

interface Update {
  route: string;
  legit?: (keyof Injected)[];
  /** Prepare the record; returns what `send` and `read` need. */
  setup: () => unknown;
  send: (s: any, extra: Record<string, unknown>) => Promise<Res>;
  read: (s: any) => Promise<Rows>;
}
interface Create {
  route: string;
  legit?: (keyof Injected)[];
  /** A fresh subject (a client, a will, …) and the id that stands for "self" in the rows. */
  subject: () => Promise<any>;
  self: (s: any) => string;
  send: (s: any, extra: Record<string, unknown>) => Promise<Res>;
  read: (s: any, r: Res) => Promise<Rows>;
}

const one = async <T>(p: Promise<T[]>) => (await p)[0];
const userRow = (id: string) => one(t.ctx.db.select().from(users).where(eq(users.id, id)));
const willRow = (id: string) => one(t.ctx.db.select().from(wills).where(eq(wills.id, id)));
const hibahRow = (id: string) => one(t.ctx.db.select().from(hibahs).where(eq(hibahs.id, id)));
const amendmentRow = (id: string) => one(t.ctx.db.select().from(amendments).where(eq(amendments.id, id)));
const accessRows = async (userId: string) =>
  Object.fromEntries(
    (await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, userId))).map((a, i) => [
      `access${i}`,
      a as Record<string, unknown>,
    ]),
  );

/** A client's will with part b done (provider, basic plan); the caller is the client. */
async function willOf(c: Client, plan: 'basic' | 'comprehensive' = 'basic') {
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan },
    }),
  );
  return w.id as string;
}
/** A will of the client whose parts a–c, documents and eKYC are done, so that part d (heirs) is open. */
async function partsWill(c: Client, upTo: 'c' | 'ekyc' = 'ekyc', plan: 'basic' | 'comprehensive' = 'basic') {
  const id = await willOf(c, plan);
  await pay(t, id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
  if (upTo === 'c') return id;
  for (const [type, doc] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(
      t.call('POST', `/api/wasiat/${id}/document`, { token: c.token, body: { is_base64: true, type, document: doc } }),
      201,
    );
  }
  await passEkyc(t, id);
  return id;
}
const profile = (n: string) => ({
  name: 'Pelanggan Ujian',
  designation: 'mr',
  gender: 1,
  email: `profil.${n}@example.com`,
  mobile_number: '0123456789',
  address: 'No. 2, Jalan Demo',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'W.P. Kuala Lumpur',
});
const signUp = (ic: string) => ({
  user: {
    name: `Klien ${ic}`,
    username: `m${ic}`,
    email: `m${ic}@example.com`,
    ic_number: ic,
    mobile_number: '0123456789',
    password: 'Rahsia123',
    password_confirmation: 'Rahsia123',
    pdpa: true,
  },
});

const UPDATES: Update[] = [
  {
    route: 'PATCH /api/user/:id (own profile)',
    setup: () => newClient(t),
    // A new e-mail: the holder confirms with the password (ADR 0105).
    send: (c, x) =>
      t.call('PATCH', `/api/user/${c.id}`, {
        token: c.token,
        body: { ...profile(c.ic), current_password: 'Rahsia123', ...x },
      }),
    read: async (c) => ({ user: await userRow(c.id) }),
  },
  {
    route: 'PATCH /api/user/:id (client edit by staff)',
    setup: () => newClient(t),
    // Staff change a client's e-mail only with a recorded reason (ADR 0105).
    send: (c, x) =>
      t.call('PATCH', `/api/user/${c.id}`, {
        token: tok.staff,
        body: { ...profile(c.ic), change_reason: 'Diminta oleh klien di kaunter', ...x },
      }),
    read: async (c) => ({ user: await userRow(c.id) }),
  },
  {
    route: 'PATCH /api/wasiat/:id (part b)',
    // the keys of part b select it (wills/routes.ts); `status` selects a transition
    legit: ['organization_id', 'branch_id', 'agent_id', 'status'],
    setup: async () => {
      const c = await newClient(t);
      return { c, id: await willOf(c) };
    },
    send: async (s, x) =>
      t.call('PATCH', `/api/wasiat/${s.id}`, {
        token: s.c.token,
        body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic', ...x },
      }),
    read: async (s) => ({ will: await willRow(s.id) }),
  },
  {
    route: 'PATCH /api/wasiat/:id (part e estate)',
    legit: ['organization_id', 'branch_id', 'agent_id', 'status'],
    setup: async () => {
      const c = await newClient(t);
      const id = await partsWill(c, 'ekyc', 'comprehensive');
      await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(id) }), 201);
      return { c, id };
    },
    send: (s, x) =>
      t.call('PATCH', `/api/wasiat/${s.id}`, {
        token: s.c.token,
        body: { estimated_estate_sen: 50_000_000, funeral_sen: 500_000, debts_sen: 0, ...x },
      }),
    read: async (s) => ({ will: await willRow(s.id) }),
  },
  {
    route: 'POST /api/wasiat/:id/user-detail',
    setup: async () => {
      const c = await newClient(t);
      const id = await willOf(c);
      await pay(t, id, 'paid');
      return { c, id };
    },
    send: (s, x) =>
      t.call('POST', `/api/wasiat/${s.id}/user-detail`, { token: s.c.token, body: { ...userDetail(s.c.ic), ...x } }),
    read: async (s) => ({
      will: await willRow(s.id),
      detail: await one(t.ctx.db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, s.id))),
    }),
  },
  {
    route: 'PATCH /api/heir/:id',
    setup: async () => {
      const c = await newClient(t);
      const id = await partsWill(c);
      const h = (await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(id) }), 201)).heir;
      return { c, id, heir: h.id };
    },
    send: (s, x) => t.call('PATCH', `/api/heir/${s.heir}`, { token: s.c.token, body: { ...heir(s.id), ...x } }),
    read: async (s) => ({
      will: await willRow(s.id),
      heir: await one(t.ctx.db.select().from(heirs).where(eq(heirs.id, s.heir))),
    }),
  },
  {
    route: 'POST /api/hibah/:id (fields)',
    // `status` selects a transition; `organization_id` is a field of part A (hibahFieldsSchema)
    legit: ['status', 'organization_id', 'branch_id'],
    setup: async () => {
      const c = await newClient(t);
      const h = (
        await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 9 } }), 201)
      ).hibah;
      return { c, id: h.id };
    },
    send: (s, x) =>
      t.call('POST', `/api/hibah/${s.id}`, {
        token: s.c.token,
        body: { employer_name: 'Syarikat Ujian', job_title: 'Pengurus', ...x },
      }),
    read: async (s) => ({ hibah: await hibahRow(s.id) }),
  },
  {
    route: 'POST /api/hibah/:id/user-detail',
    setup: async () => {
      const c = await newClient(t);
      const h = (
        await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 9 } }), 201)
      ).hibah;
      return { c, id: h.id };
    },
    send: (s, x) =>
      t.call('POST', `/api/hibah/${s.id}/user-detail`, { token: s.c.token, body: { ...userDetail(s.c.ic), ...x } }),
    read: async (s) => ({
      hibah: await hibahRow(s.id),
      detail: await one(t.ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, s.id))),
    }),
  },
  {
    route: 'PATCH /api/amendment/:id (notes)',
    legit: ['status'],
    setup: () => ids.amendment,
    send: (id, x) =>
      t.call('PATCH', `/api/amendment/${id}`, { token: tok.amendmentOwner, body: { notes: 'Nota', ...x } }),
    read: async (id) => ({ amendment: await amendmentRow(id) }),
  },
  {
    route: 'PATCH /api/amendment/:id/draft',
    setup: () => ids.amendment,
    send: (id, x) =>
      t.call('PATCH', `/api/amendment/${id}/draft`, { token: tok.amendmentOwner, body: { notes: 'Draf', ...x } }),
    read: async (id) => ({ amendment: await amendmentRow(id) }),
  },
  {
    route: 'PATCH /api/organization/:id/user/:user_id (partner, own staff)',
    // the partner sets the staff member's role, branch and access status (organisations/staff.ts)
    legit: ['role', 'status', 'branch_id'],
    setup: () => ids.agent,
    // The recovery channels as they are: a Partner never changes them (ADR 0105).
    send: async (id, x) =>
      t.call('PATCH', `/api/organization/${ids.demo}/user/${id}`, {
        token: tok.partner,
        body: {
          name: 'Ahmad Zaki bin Ismail',
          email: 'agent@wasiat.local',
          mobile_number: (await userRow(id)).mobile_number,
          role: 'Agent',
          status: 1,
          ...x,
        },
      }),
    read: async (id) => ({ user: await userRow(id), ...(await accessRows(id)) }),
  },
  {
    route: 'PATCH /api/user-access/:id (approve)',
    // the 2021 edit body also places the member (branch, role; ADR 0164), under its own rules and refusals
    legit: ['status', 'branch_id', 'role'],
    setup: async () => {
      const c = await newClient(t);
      const r = await ok(
        t.call('POST', '/api/user/', { token: c.token, body: { organization_id: ids.demo, role: 'Agent' } }),
        201,
      );
      return { c, access: r.user.user_access.id };
    },
    send: (s, x) => t.call('PATCH', `/api/user-access/${s.access}`, { token: tok.staff, body: { status: 1, ...x } }),
    read: async (s) => ({ user: await userRow(s.c.id), ...(await accessRows(s.c.id)) }),
  },
];

const CREATES: Create[] = [
  {
    route: 'POST /api/users (sign-up)',
    subject: async () => ({ ic: newMykad() }),
    self: (s) => s.id,
    send: async (s, x) => {
      const body = signUp(s.ic);
      const r = await t.call('POST', '/api/users', { body: { ...x, user: { ...body.user, ...x } } });
      s.id = r.body?.user?.id;
      return r;
    },
    read: async (s) => ({ user: await userRow(s.id), ...(await accessRows(s.id)) }),
  },
  {
    route: 'POST /api/user (agent registers a client)',
    // an organisation and a role other than Client make the 2021 member form (ADR 0164): another operation,
    // refused to an agent (org.contract.test.ts "new refusals")
    legit: ['organization_id', 'branch_id', 'role'],
    subject: async () => ({ ic: newMykad() }),
    self: (s) => s.id,
    send: async (s, x) => {
      const r = await t.call('POST', '/api/user', {
        token: tok.agent,
        body: { ic_number: s.ic, name: 'Hasnah binti Omar', email: `h${s.ic}@example.com`, ...x },
      });
      s.id = r.body?.user?.id;
      return r;
    },
    read: async (s) => ({ user: await userRow(s.id), ...(await accessRows(s.id)) }),
  },
  {
    route: 'POST /api/user/ (access request)',
    // the organisation, branch and role asked for (organisations/access-requests.ts)
    legit: ['organization_id', 'branch_id', 'role'],
    subject: () => newClient(t),
    self: (c) => c.id,
    send: (c, x) =>
      t.call('POST', '/api/user/', { token: c.token, body: { organization_id: ids.demo, role: 'Agent', ...x } }),
    read: async (c) => ({ user: await userRow(c.id), ...(await accessRows(c.id)) }),
  },
  {
    route: 'POST /api/organization/:id/user (partner adds staff)',
    // the staff member's role and branch (organisations/staff.ts)
    legit: ['role', 'branch_id'],
    subject: async () => ({ ic: newMykad() }),
    self: (s) => s.id,
    send: async (s, x) => {
      const r = await t.call('POST', `/api/organization/${ids.demo}/user`, {
        token: tok.partner,
        body: { name: 'Ejen Baharu', ic_number: s.ic, email: `e${s.ic}@example.com`, role: 'Agent', ...x },
      });
      s.id = r.body?.user?.id;
      return r;
    },
    read: async (s) => ({ user: await userRow(s.id), ...(await accessRows(s.id)) }),
  },
  {
    route: 'POST /api/wasiat (own will)',
    legit: ['user_id'],
    subject: () => newClient(t),
    self: (c) => c.id,
    send: (c, x) => t.call('POST', '/api/wasiat', { token: c.token, body: { ...x, user_id: c.id } }),
    read: async (_c, r) => ({ will: await willRow(r.body.wasiat.id) }),
  },
  {
    route: 'POST /api/heir',
    subject: async () => {
      const c = await newClient(t);
      return { c, id: await partsWill(c) };
    },
    self: (s) => s.c.id,
    send: (s, x) => t.call('POST', '/api/heir', { token: s.c.token, body: { ...x, ...heir(s.id) } }),
    read: async (s, r) => ({
      will: await willRow(s.id),
      heir: await one(t.ctx.db.select().from(heirs).where(eq(heirs.id, r.body.heir.id))),
    }),
  },
  {
    route: 'POST /api/wasiat/:id/document (MyKad front)',
    subject: async () => {
      const c = await newClient(t);
      return { c, id: await partsWill(c, 'c') };
    },
    self: (s) => s.c.id,
    send: (s, x) =>
      t.call('POST', `/api/wasiat/${s.id}/document`, {
        token: s.c.token,
        body: { ...x, is_base64: true, type: 'mykad-front', document: PNG_A },
      }),
    read: async (s, r) => ({
      will: await willRow(s.id),
      attachment: await one(t.ctx.db.select().from(attachments).where(eq(attachments.id, r.body.attachment.id))),
    }),
  },
  {
    route: 'POST /api/payment (cash, own will)',
    subject: async () => {
      const c = await newClient(t);
      return { c, id: await willOf(c) };
    },
    self: (s) => s.c.id,
    send: (s, x) =>
      t.call('POST', '/api/payment', {
        token: s.c.token,
        body: { ...x, paymentable_type: 'Wasiat', paymentable_id: s.id, payment_options_id: 3 },
      }),
    read: async (s, r) => ({
      will: await willRow(s.id),
      payment: await one(t.ctx.db.select().from(payments).where(eq(payments.id, r.body.payment.id))),
    }),
  },
  {
    route: 'POST /api/hibah (own hibah)',
    legit: ['user_id'],
    subject: () => newClient(t),
    self: (c) => c.id,
    send: (c, x) => t.call('POST', '/api/hibah', { token: c.token, body: { ...x, user_id: c.id, hibah_type: 9 } }),
    read: async (_c, r) => ({ hibah: await hibahRow(r.body.hibah.id) }),
  },
  {
    route: 'POST /api/amendment (own registered will)',
    subject: async () => registeredWill(t, tok.staff),
    self: (s) => s.c.id,
    send: (s, x) =>
      t.call('POST', '/api/amendment', {
        token: s.c.token,
        body: { ...x, amendmentable_type: 'Wasiat', amendmentable_id: s.id, notes: null },
      }),
    read: async (s, r) => ({ will: await willRow(s.id), amendment: await amendmentRow(r.body.amendment.id) }),
  },
];

/** Name ids and dates so that two creates for two like subjects compare equal. */
function normalise(rows: Rows, self: string, only?: string[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, row] of Object.entries(rows)) {
    if (!row) throw new Error(`no ${name} row`);
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (only && !only.includes(k)) continue;
      if (v === self) o[k] = 'self';
      else if (typeof v === 'string' && labels.has(v)) o[k] = labels.get(v);
      else if (v instanceof Date) o[k] = 'set';
      // running numbers (W2026-000001, P2026-000002, …): the series, not the place in it
      else if (typeof v === 'string' && /^[A-Z]+\d{4}-\d+$/.test(v)) o[k] = v.replace(/-\d+$/, '-n');
      else o[k] = v;
    }
    out[name] = o;
  }
  return out;
}
/** The rows without `updated_at` (for before/after of an update). */
const withoutUpdatedAt = (rows: Rows) =>
  Object.fromEntries(
    Object.entries(rows).map(([n, r]) => {
      if (!r) throw new Error(`no ${n} row`);
      const { updated_at: _u, ...rest } = r;
      return [n, rest];
    }),
  );

beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['agent', 'partner', 'staff']) tok[u] = await t.login(u);
  for (const o of await t.ctx.db.select().from(organizations)) {
    labels.set(o.id, `org:${o.code}`);
    ids[o.code.toLowerCase()] = o.id;
  }
  for (const b of await t.ctx.db.select().from(branches))
    labels.set(b.id, `branch:${labels.get(b.organization_id)}:${b.branch_name}`);
  for (const p of await t.ctx.db.select().from(pricings)) {
    labels.set(p.id, `pricing:${labels.get(p.organization_id)}:${p.product}:${p.plan}`);
  }
  for (const u of await t.ctx.db.select().from(users)) {
    labels.set(u.id, `user:${u.username}`);
    ids[u.username ?? u.id] = u.id;
  }
  ids.providerHq = (await orgAndBranch(t)).branch_id;
  const r = await registeredWill(t, tok.staff);
  tok.amendmentOwner = r.c.token;
  ids.amendment = (
    await ok(
      t.call('POST', '/api/amendment', {
        token: r.c.token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: r.id, notes: null },
      }),
      201,
    )
  ).amendment.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('mass assignment', () => {
  it('extra fields on the write routes change nothing', async () => {
    const changed: { route: string; before: unknown; after: unknown }[] = [];
    const refused: { route: string; status: number; body: unknown }[] = [];
    /** Clean calls that failed: the attempt could not be made (a fixture problem). */
    const broken: { route: string; status: number; body: unknown }[] = [];
    let attempts = 0;

    // one at a time: two of them change the same amendment
    for (const u of UPDATES) {
      const s = await u.setup();
      const clean = await u.send(s, {});
      if (clean.status >= 300) {
        broken.push({ route: u.route, status: clean.status, body: clean.body });
        continue;
      }
      const before = withoutUpdatedAt(await u.read(s));
      const r = await u.send(s, without(u.legit ?? []));
      attempts += 1;
      if (r.status >= 300) refused.push({ route: u.route, status: r.status, body: r.body });
      const after = withoutUpdatedAt(await u.read(s));
      if (JSON.stringify(after) !== JSON.stringify(before)) changed.push({ route: u.route, before, after });
    }

    for (const c of CREATES) {
      const a = await c.subject();
      const clean = await c.send(a, {});
      if (clean.status >= 300) {
        broken.push({ route: c.route, status: clean.status, body: clean.body });
        continue;
      }
      const b = await c.subject();
      const r = await c.send(b, without(c.legit ?? []));
      attempts += 1;
      if (r.status >= 300) {
        refused.push({ route: c.route, status: r.status, body: r.body });
        continue;
      }
      const before = normalise(await c.read(a, clean), c.self(a), PROTECTED);
      const after = normalise(await c.read(b, r), c.self(b), PROTECTED);
      if (JSON.stringify(after) !== JSON.stringify(before)) changed.push({ route: c.route, before, after });
    }

    console.log(`${attempts} mass-assignment attempts, ${changed.length} changed anything`);
    // broken: clean calls that failed (the attempt could not be made); refused: attempts answered non-2xx
    // (they must be accepted with the extra fields ignored); changed: attempts that changed a column
    expect({ broken, refused, changed }).toEqual({ broken: [], refused: [], changed: [] });
    expect(attempts).toBe(UPDATES.length + CREATES.length);
  }, 300_000);
});
