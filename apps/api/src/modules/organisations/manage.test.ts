/**
 * Organisations, management side, over HTTP on a real database (issue 6): organisations with
 * registration numbers (ADR 0012) and partner codes, branches, pricing (a will keeps its price),
 * preferences (1 = yes / 2 = no, enforced by the server), staff with invitation and 'Approve Access',
 * promo codes (generate, list, CSV/XLSX export), clients. Who may call what is the matrix test
 * (authorisation-matrix.test.ts); the redemption race is payments.test.ts "redeems one code exactly once".
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, organizations, promo_codes, users } from '../../db/schema/index.ts';
import {
  heir,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  passEkyc,
  pay,
  userDetail,
} from '../wills/test-fixtures.ts';
import { PROMO_ALPHABET } from './promo-codes.ts';

let t: TestApp;
let staff: string;
let partner: string;
let demo: string;

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  partner = await t.login('partner');
  [{ id: demo }] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
});
afterAll(async () => {
  await t?.close();
});

const org = (over: Record<string, unknown> = {}) => ({
  type: 'private',
  is_partner: 1,
  name: 'Amanah Ujian Sdn Bhd',
  code: 'UJI',
  registration_number: '202001012345',
  email: 'uji@example.com',
  address: 'No. 1, Jalan Ujian',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'W.P. Kuala Lumpur',
  ...over,
});

describe('organisations', () => {
  it('creates a business partner with its headquarters, default preference, partner code and an audit event', async () => {
    const r = await ok(t.call('POST', '/api/organization', { token: staff, body: org() }), 201);
    expect(r.organization).toMatchObject({ type: 'private', is_partner: 1, code: 'UJI', partner_code: 'RN-UJI' });
    const id = r.organization.id;
    const b = await ok(t.call('GET', `/api/organization/${id}/branch`, { token: staff }));
    expect(b.branches.data).toEqual([expect.objectContaining({ is_headquarter: 1, branch_name: 'Ibu Pejabat' })]);
    const p = await ok(t.call('GET', `/api/organization/${id}/preference`, { token: staff }));
    expect(p.preference).toMatchObject({ allow_wasiat: 1, allow_public: 1 });
    const ev = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, id), eq(audit_events.action, 'organisation.create')));
    expect(ev).toHaveLength(1);
    // the same code again → 422 on code; a partner list shows it
    const dup = await t.call('POST', '/api/organization', { token: staff, body: org({ partner_code: 'RN-X' }) });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.code).toEqual(['This code is already used by another organisation.']);
    const partners = await ok(t.call('GET', '/api/organization?is_partner=1&limit=100', { token: staff }));
    expect(partners.organizations.data.map((o: { code: string }) => o.code)).toContain('UJI');
  });

  it('checks registration numbers by type (ADR 0012), in the request language', async () => {
    const bad = await t.call('POST', '/api/organization', {
      token: staff,
      lang: 'ms',
      body: org({ code: 'B1', registration_number: '202099012345' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.registration_number[0]).toMatch(/^Nombor pendaftaran tidak sah/);
    const missing = await t.call('POST', '/api/organization', {
      token: staff,
      body: org({ code: 'B2', type: 'government_linked', registration_number: '' }),
    });
    expect(missing.body.errors.registration_number).toBeDefined();
    await ok(
      t.call('POST', '/api/organization', {
        token: staff,
        body: org({ code: 'OLD1', registration_number: '123456-a' }),
      }),
      201,
    );
    await ok(
      t.call('POST', '/api/organization', {
        token: staff,
        body: org({ code: 'GOV1', type: 'government', is_partner: 0, registration_number: '' }),
      }),
      201,
    );
    const ind = await t.call('POST', '/api/organization', {
      token: staff,
      body: org({ code: 'IND1', type: 'individual', registration_number: '' }),
    });
    expect(ind.body.errors.mykad_number).toBeDefined();
    const ok2 = await ok(
      t.call('POST', '/api/organization', {
        token: staff,
        body: org({ code: 'IND2', type: 'individual', registration_number: 'ignored', mykad_number: newMykad() }),
      }),
      201,
    );
    expect(ok2.organization.registration_number).toBeNull();
  });

  it('edits an organisation (whole object) and keeps codes unique', async () => {
    const { organization } = await ok(
      t.call('POST', '/api/organization', { token: staff, body: org({ code: 'EDIT' }) }),
      201,
    );
    const r = await ok(
      t.call('POST', `/api/organization/${organization.id}`, {
        token: staff,
        body: { _method: 'PATCH', ...org({ code: 'EDIT', name: 'Nama Baharu Bhd', status: 0 }) },
      }),
    );
    expect(r.organization).toMatchObject({ name: 'Nama Baharu Bhd', status: 0 });
    const clash = await t.call('PATCH', `/api/organization/${organization.id}`, {
      token: staff,
      body: org({ code: 'DEMO' }),
    });
    expect(clash.status).toBe(422);
  });
});

describe('branches', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    organization_id: demo,
    branch_name: 'Cawangan Shah Alam',
    code: 'SA',
    email: 'sa@example.com',
    address: 'No. 9, Persiaran Perbandaran',
    postcode: '40000',
    city: 'Shah Alam',
    state: 'Selangor',
    status: 1,
    ...over,
  });

  it('a partner creates, views, edits and deactivates a branch of their own organisation', async () => {
    const { branch } = await ok(t.call('POST', '/api/branch', { token: partner, body: body() }), 201);
    expect(branch).toMatchObject({ branch_name: 'Cawangan Shah Alam', is_headquarter: 0, organization_id: demo });
    const got = await ok(t.call('GET', `/api/branch/${branch.id}`, { token: partner }));
    expect(got.branch.organization.id).toBe(demo);
    const ed = await ok(t.call('PATCH', `/api/branch/${branch.id}`, { token: partner, body: body({ city: 'Klang' }) }));
    expect(ed.branch.city).toBe('Klang');
    const del = await ok(t.call('POST', `/api/branch/${branch.id}`, { token: partner, body: { _method: 'DELETE' } }));
    expect(del.branch.status).toBe(0);
  });

  it('keeps the headquarters active and validates fields', async () => {
    const hq = (await orgAndBranch(t, 'DEMO')).branch_id;
    const r = await t.call('PATCH', `/api/branch/${hq}`, { token: partner, body: body({ status: 0 }) });
    expect(r.status).toBe(422);
    expect(r.body.errors.status).toEqual(['The headquarters cannot be deactivated.']);
    const bad = await t.call('POST', '/api/branch', { token: partner, body: body({ postcode: '123', state: 'Mars' }) });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['postcode', 'state']);
  });
});

describe('pricing', () => {
  it('creates prices in sen with effective dates; a will keeps the price fixed at registration', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const ob = await orgAndBranch(t, 'DEMO');
    const before = await ok(
      t.call('PATCH', `/api/wasiat/${w.id}`, { token: c.token, body: { ...ob, wasiat_type: 1, plan: 'basic' } }),
    );
    expect(before.wasiat.price_sen).toBe(35000);
    const list = await ok(
      t.call('GET', `/api/organization/${demo}/pricing?product=Wasiat&plan=basic`, { token: staff }),
    );
    const priceId = list.pricings.data[0].id;
    const edited = await ok(
      t.call('PATCH', `/api/pricing/${priceId}`, {
        token: staff,
        body: { organization_id: demo, product: 'Wasiat', plan: 'basic', price_sen: 40000, status: 1 },
      }),
    );
    expect(edited.pricing.price_sen).toBe(40000);
    const after = await ok(t.call('GET', `/api/wasiat/${w.id}`, { token: c.token }));
    expect(after.wasiat.price_sen).toBe(35000);
    // a new will is priced at the current price
    const c2 = await newClient(t);
    const w2 = (await ok(t.call('POST', '/api/wasiat', { token: c2.token, body: { user_id: c2.id } }), 201)).wasiat;
    const now = await ok(
      t.call('PATCH', `/api/wasiat/${w2.id}`, { token: c2.token, body: { ...ob, wasiat_type: 1, plan: 'basic' } }),
    );
    expect(now.wasiat.price_sen).toBe(40000);

    // a future price is listed for managers (all=1) but not offered yet
    const from = new Date(Date.now() + 7 * 86400000).toISOString();
    const future = await ok(
      t.call('POST', '/api/pricing', {
        token: staff,
        body: { organization_id: demo, product: 'Hibah', plan: 'cash', price_sen: 12345, effective_from: from },
      }),
      201,
    );
    const all = await ok(t.call('GET', `/api/organization/${demo}/pricing?all=1&limit=100`, { token: staff }));
    expect(all.pricings.data.map((p: { id: string }) => p.id)).toContain(future.pricing.id);
    const offered = await ok(t.call('GET', `/api/organization/${demo}/pricing?limit=100`, { token: staff }));
    expect(offered.pricings.data.map((p: { id: string }) => p.id)).not.toContain(future.pricing.id);
  });

  it('refuses an end before the start, an unknown plan and a fractional amount', async () => {
    const r = await t.call('POST', '/api/pricing', {
      token: staff,
      body: {
        organization_id: demo,
        product: 'Wasiat',
        plan: 'gold',
        price_sen: 10.5,
        effective_from: '2030-01-02',
        effective_to: '2030-01-01',
      },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['price_sen']);
    const r2 = await t.call('POST', '/api/pricing', {
      token: staff,
      body: {
        organization_id: demo,
        product: 'Wasiat',
        plan: 'gold',
        price_sen: 10,
        effective_from: '2030-01-02',
        effective_to: '2030-01-01',
      },
    });
    expect(Object.keys(r2.body.errors).sort()).toEqual(['effective_to', 'plan']);
  });
});

describe('preferences (enforced on the server)', () => {
  const setPref = (body: Record<string, unknown>) =>
    ok(t.call('POST', `/api/organization/${demo}/preference`, { token: staff, body: { _method: 'PATCH', ...body } }));

  /** A comprehensive will at DEMO with parts a–d done. */
  async function willAtDemo() {
    const c = await newClient(t);
    const token = c.token;
    const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
    const ob = await orgAndBranch(t, 'DEMO');
    await ok(t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { ...ob, wasiat_type: 1, plan: 'comprehensive' } }));
    await pay(t, w.id, 'paid');
    await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
    for (const [type, document] of [
      ['mykad-front', PNG_A],
      ['mykad-back', PNG_B],
    ]) {
      await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type, document } }), 201);
    }
    await passEkyc(t, w.id);
    await ok(t.call('POST', '/api/heir', { token, body: heir(w.id) }), 201);
    return { id: w.id as string, token, c };
  }
  const guardian = (id: string) => ({
    caretakerable_type: 'Wasiat',
    caretakerable_id: id,
    name: 'Abu bin Bakar',
    ic_number: newMykad(),
    relationship: 'sibling',
    mobile_number: '0133334444',
    wards: 'Ali',
    address: 'No. 3, Jalan Kenanga',
    postcode: '10000',
    city: 'George Town',
    state: 'Pulau Pinang',
  });

  it('round-trips flags as 1 = yes / 2 = no and totals, and refuses other values', async () => {
    const r = await setPref({ allow_hibah: 1, allow_corporate: 2, total_receivers: 3, stock_account_type: 'CDS' });
    expect(r.preference).toMatchObject({ allow_hibah: 1, allow_corporate: 2, total_receivers: 3 });
    expect(r.preference.stock_account_type).toBe('CDS');
    const cleared = await setPref({ total_receivers: '' });
    expect(cleared.preference).toMatchObject({ total_receivers: null, allow_hibah: 1 });
    // No known field (the fuzz pass found this answering 500): nothing changes.
    const same = await setPref({ unknown_flag: { deep: [1] } });
    expect(same.preference).toMatchObject({ total_receivers: null, allow_hibah: 1, allow_corporate: 2 });
    const bad = await t.call('PATCH', `/api/organization/${demo}/preference`, {
      token: staff,
      body: { allow_hibah: 3 },
    });
    expect(bad.status).toBe(422);
  });

  it('guardians not allowed → 422; a total of guardians → the next one is a 422', async () => {
    const w = await willAtDemo();
    await setPref({ allow_guardians: 2 });
    const refused = await t.call('POST', '/api/caretaker', { token: w.token, body: guardian(w.id) });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The organisation does not allow adding guardians.');
    // The wizard reads the same rule (issue 38 item 9): guardians are not offered.
    const off = await ok(t.call('GET', `/api/wasiat/${w.id}/offer`, { token: w.token }));
    expect(off.offer.caretaker).toEqual({ allowed: false, limit: null, count: 0, full: true });
    expect(off.offer.property.allowed).toBe(true);
    await setPref({ allow_guardians: 1, total_caretakers: 1 });
    await ok(t.call('POST', '/api/caretaker', { token: w.token, body: guardian(w.id) }), 201);
    const over = await t.call('POST', '/api/caretaker', { token: w.token, body: guardian(w.id) });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe("Guardians: the organisation's limit of 1 has been reached.");
    const full = await ok(t.call('GET', `/api/wasiat/${w.id}/offer`, { token: w.token }));
    expect(full.offer.caretaker).toEqual({ allowed: true, limit: 1, count: 1, full: true });
    // Another client's token: the will is not theirs (404).
    const stranger = await newClient(t);
    expect((await t.call('GET', `/api/wasiat/${w.id}/offer`, { token: stranger.token })).status).toBe(404);
    await setPref({ total_caretakers: '' });
  });

  it('allow will = 2 → a new will cannot pick the organisation', async () => {
    await setPref({ allow_wasiat: 2 });
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const r = await t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t, 'DEMO')), wasiat_type: 1, plan: 'basic' },
    });
    await setPref({ allow_wasiat: 1 });
    expect(r.status).toBe(422);
  });
});

describe('staff and access approval', () => {
  it('a partner invites staff (pending), cannot approve them; provider staff approve; the invitee sets a password', async () => {
    const ic = newMykad();
    const r = await ok(
      t.call('POST', `/api/organization/${demo}/user`, {
        token: partner,
        body: { name: 'Ejen Baharu', ic_number: ic, email: 'ejen.baharu@example.com', role: 'Agent' },
      }),
      201,
    );
    expect(r.user).toMatchObject({ username: `demo${ic.slice(-6)}`, roles: [{ name: 'Agent' }] });
    expect(r.user.user_access.status).toBe(0);
    const mail = t.mails.find((m) => m.to.includes('ejen.baharu@example.com'));
    const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toMatch(/password\/reset\?token=/);

    const activate = await t.call('PATCH', `/api/organization/${demo}/user/${r.user.id}`, {
      token: partner,
      body: { name: 'Ejen Baharu', email: 'ejen.baharu@example.com', role: 'Agent', status: 1 },
    });
    expect(activate.status).toBe(403);
    const pending = await ok(t.call('GET', '/api/user-access/pending', { token: staff }));
    const access = pending.user_accesses.data.find((a: { id: string }) => a.id === r.user.id);
    expect(access.user_access.status).toBe(0);
    await ok(
      t.call('POST', `/api/user-access/${access.user_access.id}`, {
        token: staff,
        body: { _method: 'PATCH', status: 1 },
      }),
    );
    const after = await ok(t.call('GET', `/api/organization/${demo}/user/${r.user.id}`, { token: partner }));
    expect(after.user.user_access.status).toBe(1);

    const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    await ok(
      t.call('POST', '/api/password/reset', {
        body: {
          email: 'ejen.baharu@example.com',
          token,
          password: 'Rahsia123',
          password_confirmation: 'Rahsia123',
        },
      }),
    );
    expect(await t.login(`demo${ic.slice(-6)}`, 'Rahsia123')).toBeTruthy();
  });

  it('refuses a role the organisation cannot give, a branch of another organisation and a taken MyKad', async () => {
    const provider = await orgAndBranch(t, 'PROVIDER');
    const r = await t.call('POST', `/api/organization/${demo}/user`, {
      token: staff,
      body: {
        name: 'Staf Salah',
        ic_number: '920815145678',
        email: 'salah@example.com',
        role: 'Staff',
        branch_id: provider.branch_id,
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.role).toEqual(['This role cannot be given in this organisation.']);
    const r2 = await t.call('POST', `/api/organization/${demo}/user`, {
      token: staff,
      body: {
        name: 'Staf Salah',
        ic_number: newMykad(),
        email: 'salah@example.com',
        role: 'Agent',
        branch_id: provider.branch_id,
      },
    });
    expect(r2.body.errors.branch_id).toBeDefined();
    const r3 = await t.call('POST', `/api/organization/${demo}/user`, {
      token: staff,
      body: { name: 'Staf Salah', ic_number: '920815145678', email: 'salah@example.com', role: 'Agent' },
    });
    expect(r3.body.errors.ic_number).toBeDefined();
  });

  it('lists staff of the organisation with every access status', async () => {
    const r = await ok(t.call('GET', `/api/organization/${demo}/user-access?limit=100`, { token: partner }));
    const names = r.user_accesses.data.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['agent', 'partner']));
  });
});

describe('staff particulars and the Individu page (ADR 0019)', () => {
  it("keeps bank, staff id and course of a staff member; the provider's staff need a bank", async () => {
    const admin = await t.login('admin');
    const [provider] = await t.ctx.db.select().from(organizations).where(eq(organizations.type, 'provider'));
    const body = {
      name: 'Kakitangan Baharu',
      ic_number: newMykad(),
      email: 'kakitangan.baharu@example.com',
      role: 'Officer',
    };
    const noBank = await t.call('POST', `/api/organization/${provider.id}/user`, { token: admin, body, lang: 'en' });
    expect(noBank.status).toBe(422);
    expect(noBank.body.errors.bank_name).toEqual([
      "Bank name and account number are required for the provider's staff.",
    ]);
    const badAccount = await t.call('POST', `/api/organization/${provider.id}/user`, {
      token: admin,
      body: { ...body, bank_name: 'Maybank', bank_account_number: '12ab' },
    });
    expect(badAccount.status).toBe(422);
    expect(Object.keys(badAccount.body.errors)).toEqual(['bank_account_number']);
    const created = await ok(
      t.call('POST', `/api/organization/${provider.id}/user`, {
        token: admin,
        body: {
          ...body,
          bank_name: 'Maybank',
          bank_account_number: '5140-1234-5678',
          staff_id: 'AW-0042',
          is_attended_course: 1,
        },
      }),
      201,
    );
    expect(created.user).toMatchObject({
      bank_name: 'Maybank',
      bank_account_number: '5140-1234-5678',
      staff_id: 'AW-0042',
      is_attended_course: 1,
    });
    // a partner's agent needs no bank; editing keeps the fields
    const agent = await ok(
      t.call('POST', `/api/organization/${demo}/user`, {
        token: partner,
        body: { name: 'Ejen Kursus', ic_number: newMykad(), email: 'ejen.kursus@example.com', role: 'Agent' },
      }),
      201,
    );
    expect(agent.user).toMatchObject({ bank_name: null, is_attended_course: 0 });
    const edited = await ok(
      t.call('PATCH', `/api/organization/${demo}/user/${agent.user.id}`, {
        token: partner,
        body: {
          name: 'Ejen Kursus',
          email: 'ejen.kursus@example.com',
          role: 'Agent',
          status: 0,
          is_attended_course: 1,
          staff_id: 'D-7',
        },
      }),
    );
    expect(edited.user).toMatchObject({ is_attended_course: 1, staff_id: 'D-7' });
  });

  it('an individual organisation gets its owner account once; other types have none', async () => {
    const mykad = newMykad();
    const ind = await ok(
      t.call('POST', '/api/organization', {
        token: staff,
        body: org({
          code: 'INDV',
          name: 'Aminah binti Hassan',
          type: 'individual',
          registration_number: '',
          mykad_number: mykad,
          email: 'aminah.indv@example.com',
        }),
      }),
      201,
    );
    const id = ind.organization.id;
    const before = await ok(t.call('GET', `/api/organization/${id}/individu`, { token: staff }));
    expect(before).toMatchObject({ individual: true, owner: null, organization: { mykad_number: mykad } });
    const sent = t.mails.length;
    const owner = await ok(t.call('POST', `/api/organization/${id}/individu`, { token: staff, body: {} }), 201);
    expect(owner.user).toMatchObject({
      name: 'Aminah binti Hassan',
      ic_number: mykad,
      email: 'aminah.indv@example.com',
    });
    expect(owner.user.user_access).toMatchObject({ role: 'Partner', status: 1 });
    expect(t.mails.length).toBe(sent + 1);
    expect(t.mails.at(-1)?.to).toContain('aminah.indv@example.com');
    const after = await ok(t.call('GET', `/api/organization/${id}/individu`, { token: staff }));
    expect(after.owner.id).toBe(owner.user.id);
    const twice = await t.call('POST', `/api/organization/${id}/individu`, { token: staff, body: {}, lang: 'en' });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.organization_id).toEqual(['This organisation already has its owner account.']);
    const notInd = await ok(t.call('GET', `/api/organization/${demo}/individu`, { token: staff }));
    expect(notInd).toMatchObject({ individual: false, owner: null });
  });
});

describe('promo codes', () => {
  it('generates N unguessable codes, lists them with redeemed by/at, exports CSV and XLSX', async () => {
    const expires = new Date(Date.now() + 30 * 86400000).toISOString();
    const g = await ok(
      t.call('POST', `/api/organizations/${demo}/promo-codes/generate`, {
        token: staff,
        body: { count: 25, discount_sen: 2500, expires_at: expires, remarks: 'Kempen Ramadan' },
      }),
      201,
    );
    const codes: string[] = g.promo_codes.map((p: { code: string }) => p.code);
    expect(new Set(codes).size).toBe(25);
    for (const c of codes) expect(c).toMatch(new RegExp(`^[${PROMO_ALPHABET}]{10}$`));
    expect(g.promo_codes[0]).toMatchObject({ discount_sen: 2500, remarks: 'Kempen Ramadan', redeemed_at: null });
    expect(g.promo_codes[0].generated_by.name).toBe('Nurul Aina binti Hassan');

    // one code redeemed (as payments/promo.ts does), then listed as used with the redeemer
    const [client] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
    await t.ctx.db
      .update(promo_codes)
      .set({ redeemed_at: new Date(), redeemed_by: client.id, redeemed_for: 'Wasiat:x' })
      .where(eq(promo_codes.code, codes[0]));
    const used = await ok(t.call('GET', `/api/organizations/${demo}/promo-codes?status=used`, { token: staff }));
    expect(used.promo_codes.data).toEqual([
      expect.objectContaining({ code: codes[0], redeemed_by: { id: client.id, name: 'Aminah binti Ahmad' } }),
    ]);
    // the partner of the organisation sees its codes and who redeemed which (issue 38 item 11; ADR 0265)
    const partnerUsed = await ok(
      t.call('GET', `/api/organizations/${demo}/promo-codes?status=used`, { token: partner }),
    );
    expect(partnerUsed.promo_codes.data).toEqual(used.promo_codes.data);
    const partnerCsv = await t.call('GET', `/api/organizations/${demo}/promo-codes/export?format=csv`, {
      token: partner,
    });
    expect(partnerCsv.status).toBe(200);
    expect(partnerCsv.raw.toString('utf8')).toContain(codes[0]);
    const partnerGen = await t.call('POST', `/api/organizations/${demo}/promo-codes/generate`, {
      token: partner,
      body: { count: 1, discount_sen: 100 },
    });
    expect(partnerGen.status).toBe(403);
    const page = await ok(t.call('GET', `/api/organizations/${demo}/promo-codes?limit=10&page=3`, { token: staff }));
    // the 25 generated (the demo's DEMO50 is global, for every organisation: ADR 0124)
    expect(page.promo_codes).toMatchObject({ total: 25, last_page: 3, current_page: 3 });
    expect(page.promo_codes.data).toHaveLength(5);

    const csv = await t.call('GET', `/api/organizations/${demo}/promo-codes/export?format=csv`, { token: staff });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="promo-codes-demo.csv"');
    const lines = csv.raw
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Discount (RM),Expires at,Remarks,Generated by,Generated at,Redeemed by,Redeemed at');
    expect(lines).toHaveLength(26);
    // times as spec §9 in the requester's language (Kuala Lumpur), never ISO 8601 (issue 17 item 9)
    expect(lines.find((l) => l.startsWith(codes[0]))).toMatch(
      /,25\.00,.*,Aminah binti Ahmad,"\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{2}:\d{2}"/,
    );
    expect(csv.raw.toString('utf8')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const msCsv = await t.call('GET', `/api/organizations/${demo}/promo-codes/export?format=csv`, {
      token: staff,
      lang: 'ms',
    });
    const msText = msCsv.raw.toString('utf8');
    expect(msText).toContain('Kod,Diskaun (RM),Tarikh luput');
    expect(msText).toMatch(/"\d{2} (Jan|Feb|Mac|Apr|Mei|Jun|Jul|Ogo|Sep|Okt|Nov|Dis) \d{2}, \d{2}:\d{2}"/);

    const xlsx = await t.call('GET', `/api/organizations/${demo}/promo-codes/export?format=xlsx`, {
      token: staff,
      lang: 'ms',
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Kod promo');
    expect(ws.getRow(1).getCell(1).value).toBe('Kod');
    expect(ws.rowCount).toBe(26);
    const values = new Map<string, ExcelJS.Row>();
    ws.eachRow((row, n) => {
      if (n > 1) values.set(String(row.getCell(1).value), row);
    });
    expect([...values.keys()].sort()).toEqual(expect.arrayContaining(codes));
    expect(values.get(codes[0])?.getCell(2).value).toBe(25);
    expect(values.get(codes[0])?.getCell(7).value).toBe('Aminah binti Ahmad');
    expect(values.get(codes[0])?.getCell(8).value).toBeInstanceOf(Date);
    expect(values.get(codes[0])?.getCell(8).numFmt).toBe('dd mmm yy hh:mm');
    expect(values.get(codes[1])?.getCell(7).value).toBe('');
  });

  it('refuses a count over 1000, a zero discount and a past expiry', async () => {
    const r = await t.call('POST', `/api/organizations/${demo}/promo-codes/generate`, {
      token: staff,
      body: { count: 1001, discount_sen: 0, expires_at: '2000-01-01' },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['count', 'discount_sen', 'expires_at']);
  });
});

describe('clients', () => {
  it('staff search clients by name or MyKad; a client page shows their wills', async () => {
    const c = await newClient(t);
    const r = await ok(t.call('GET', `/api/client?name=${c.ic}`, { token: staff }));
    expect(r.users.data).toEqual([expect.objectContaining({ id: c.id, ic_number: c.ic, wasiat: null })]);
    const one = await ok(t.call('GET', `/api/client/${c.id}`, { token: staff }));
    expect(one.user).toMatchObject({ id: c.id, roles: [{ name: 'Client' }], wills: [] });
    // staff are not clients
    const [s] = await t.ctx.db.select().from(users).where(eq(users.username, 'staff'));
    expect((await t.call('GET', `/api/client/${s.id}`, { token: staff })).status).toBe(404);
  });

  it("the list shows a client's latest will (it said no will for a client who had one: issue 17 item 8)", async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const r = await ok(t.call('GET', `/api/client?name=${c.ic}`, { token: staff }));
    expect(r.users.data).toEqual([expect.objectContaining({ id: c.id, wasiat: { id: w.id, status: 0 } })]);
  });
});
