/**
 * Contract suite, organisation administration (issue 20; reference §2.9, §3.8; ADRs 0135–0138): the calls of
 * the 2021 client's organisation screens, in its order and with its bodies (`_method` spoofing, ringgit prices,
 * a trailing space in `branch_id`), and the reply keys it reads; each flow ends in the state it is for.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  branches,
  organizations,
  preferences,
  pricings,
  user_accesses,
  users,
} from '../../src/db/schema/index.ts';
import { SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { originalClient } from './replay.ts';

let t: TestApp;
let partner: string;
let staff: string;
let demo: string;
beforeAll(async () => {
  t = await makeTestApp();
  const login = await t.call('POST', '/api/login', {
    body: { username: 'partner', password: 'Demo12345', role: 'Admin' },
  });
  partner = login.body.token;
  demo = login.body.user.user_access.organization_id;
  staff = await t.login('staff'); // provider staff log in with a second factor (ADR 0081), then call as the client
}, 240_000); // a fresh database and logins; the shared machine is slow
afterAll(async () => {
  await t?.close();
});

/** The client's `FormData` upload: field `document`, filename forced to `nama file` (reference §1.7). */
const pngForm = () => {
  const f = new FormData();
  const bytes = Buffer.from(SIGNATURE_PNG.split(',')[1], 'base64');
  f.append('document', new Blob([bytes], { type: 'image/png' }), 'nama file');
  return f;
};

const ORG_KEYS = ['id', 'name', 'short_name', 'code', 'type', 'status', 'address', 'postcode', 'city', 'state'];

describe('organisation administration as the 2021 client calls it', () => {
  it('a partner administrator adds a branch, reads and edits it, then lists the branches', async () => {
    const c = originalClient(t, 'org: branches');
    await c.call({
      method: 'GET',
      path: `organization/${demo}`,
      token: partner,
      reads: [...ORG_KEYS.map((k) => `organization.${k}`), 'organization.company_registration_number'],
    });
    const created = await c.call({
      method: 'POST',
      path: 'branch',
      token: partner,
      body: {
        organization_id: demo,
        branch_name: 'Cawangan Shah Alam ',
        code: 'SA01',
        phase: 'Branch',
        type_name: 'Branch',
        status: 1,
        address: ' No. 5, Jalan Plumbum ',
        postcode: '40000',
        city: 'Shah Alam',
        state: 'Selangor',
        phone_number: '03-5511 2233',
        website: '',
        email: 'sa01@example.com',
        bank_account_number: '',
        bank_account_holder: '',
        bank_name: '',
      },
      reads: ['branch.id'],
    });
    const id = created.body.branch.id;
    await c.call({
      method: 'GET',
      path: `branch/${id}/user`,
      token: partner,
      reads: ['branch.id', 'branch.branch_name', 'branch.code', 'branch.status', 'branch.address', 'branch.postcode'],
    });
    // the edit screen sends the whole form; a partial body (phone only) changes only the phone
    await c.call({
      method: 'PATCH',
      path: `branch/${id}`,
      token: partner,
      body: {
        type_name: 'Branch',
        state: 'Selangor',
        phase: 'Region',
        status: 1,
        branch_name: 'Cawangan Shah Alam Utama',
        code: 'SA01',
        address: 'No. 5, Jalan Plumbum',
        postcode: '40000',
        city: 'Shah Alam',
        phone_number: '03-5511 2233',
        website: '',
        email: 'sa01@example.com',
        bank_account_number: '',
        bank_account_holder: '',
        bank_name: '',
      },
      reads: ['branch.id'],
    });
    await c.call({ method: 'PATCH', path: `branch/${id}`, token: partner, body: { phone_number: '03-5511 9999' } });
    await c.call({
      method: 'GET',
      path: `organization/${demo}/branch?limit=10&page=1`,
      token: partner,
      reads: [
        'branches.data[].id',
        'branches.data[].branch_name',
        'branches.data[].code',
        'branches.data[].is_headquarter',
        'branches.data[].status',
        'branches.total',
        'organization.name',
        'organization.type',
      ],
    });
    // the organisation form creates the headquarters after the organisation: ours exists already, it is answered
    const hq = await c.call({
      method: 'POST',
      path: 'branch',
      token: partner,
      body: {
        organization_id: demo,
        is_headquarter: 1,
        branch_name: 'Headquarter',
        phase: 'Branch',
        type_name: 'Branch',
        status: 1,
      },
      reads: ['branch.id'],
    });
    expect(hq.body.branch.is_headquarter).toBe(1);
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
    const [b] = await t.ctx.db.select().from(branches).where(eq(branches.id, id));
    expect(b).toMatchObject({
      branch_name: 'Cawangan Shah Alam Utama',
      address: 'No. 5, Jalan Plumbum',
      phone_number: '0355119999',
      email: 'sa01@example.com',
      status: 1,
    });
    const hqs = await t.ctx.db.select().from(branches).where(eq(branches.organization_id, demo));
    expect(hqs.filter((x) => x.is_headquarter)).toHaveLength(1);
  });

  it("a partner administrator lists the organisation's users and reads one user's access", async () => {
    const c = originalClient(t, 'org: users');
    const list = await c.call({
      method: 'GET',
      path: `organization/${demo}/user?status=1&limit=10&page=1&name=`,
      token: partner,
      reads: [
        'user_accesses.data[].id',
        'user_accesses.data[].user_id',
        'user_accesses.data[].role',
        'user_accesses.data[].status',
        'user_accesses.data[].accessible_type',
        'user_accesses.data[].accessible.branch_name',
        'user_accesses.data[].user.name',
        'user_accesses.data[].user.username',
        'user_accesses.data[].user.ic_number',
        'user_accesses.total',
      ],
    });
    const agent = list.body.user_accesses.data.find((a: { user: { username: string } }) => a.user.username === 'agent');
    expect(agent.original_role).toBe('Agent');
    // the agent picker of the will wizard sends branch_id with a trailing space
    await c.call({
      method: 'GET',
      path: `organization/${demo}/user?branch_id=${agent.accessible_id} &limit=100&status=1`,
      token: partner,
      reads: ['user_accesses.data[].user.name', 'user_accesses.total'],
    });
    await c.call({
      method: 'GET',
      path: `user/${agent.user_id}/access`,
      token: partner,
      reads: [
        'user_accesses.data[].id',
        'user_accesses.data[].status',
        'user_accesses.data[].role',
        'user_accesses.data[].accessible_type',
        'user_accesses.data[].accessible.branch_name',
        'user_accesses.data[].organization.name',
        'user_accesses.data[].allow_payment_gateway',
        'user_accesses.data[].allow_cash_payment',
      ],
    });
    // an agent reads its own access (the dashboard) but not another member's, and sees no MyKad of colleagues
    const agentToken = (
      await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Demo12345', role: 'Admin' } })
    ).body.token;
    await c.call({
      method: 'GET',
      path: `user/${agent.user_id}/access`,
      token: agentToken,
      reads: ['user_accesses.data[].role'],
    });
    const partnerId = list.body.user_accesses.data.find(
      (a: { user: { username: string } }) => a.user.username === 'partner',
    ).user_id;
    await c.call({ method: 'GET', path: `user/${partnerId}/access`, token: agentToken, status: 404 });
    // an agent (no organisation:read) gets our `users` list and, for its agent picker, only the agents' ids and
    // names as `user_accesses` (ADR 0256): never the members' memberships and MyKad
    const seen = await t.call('GET', `/api/organization/${demo}/user?status=1&limit=10&page=1`, { token: agentToken });
    expect(seen.status).toBe(200);
    expect(seen.body.users.total).toBeGreaterThan(0);
    expect(seen.body.user_accesses.data.length).toBeGreaterThan(0);
    for (const a of seen.body.user_accesses.data) {
      expect(Object.keys(a).sort()).toEqual(['branch_id', 'organization_id', 'role', 'status', 'user', 'user_id']);
      expect(a.role).toBe('Agent');
      expect(a.user).toEqual({ id: a.user_id, name: expect.any(String), ic_number: null });
    }
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
  });

  it('provider staff register a partner organisation, its headquarters and a price in ringgit, then edit both', async () => {
    const c = originalClient(t, 'org: organisation and pricing');
    await c.call({
      method: 'GET',
      path: 'organization?type=Swasta&limit=10&page=1',
      token: staff,
      reads: ['organizations.data', 'organizations.total'],
    });
    const form = {
      type: 'Swasta',
      name: 'Amanah Kontrak Sdn Bhd',
      short_name: 'AKSB',
      code: 'AKSB',
      account_type: 'Biasa',
      address: 'Aras 3, Menara Kontrak',
      postcode: '50450',
      city: 'Kuala Lumpur',
      state: 'W.P. Kuala Lumpur',
      phone_number: '03-2222 3333',
      email: 'akaun@aksb.example.com',
      website: 'https://aksb.example.com',
      status: 1,
      company_registration_number: '201901012345 ',
      founder_name: 'Hj. Kamal',
      mykad_number: '',
      pic_phone_number: '0123456789',
      bank_account_number: '5140 1234 5678',
      bank_account_holder: 'Amanah Kontrak Sdn Bhd',
      bank_name: 'Maybank',
      allow_payment_gateway: 1,
      allow_cash_payment: 0,
      allow_direct_payment: 1,
      username: '',
      gender: '',
      branch_id: '',
      role: '',
    };
    const org = await c.call({
      method: 'POST',
      path: 'organization',
      token: staff,
      body: form,
      reads: ['organization.id', 'organization.type'],
    });
    const orgId = org.body.organization.id;
    await c.call({
      method: 'POST',
      path: 'branch',
      token: staff,
      body: {
        organization_id: orgId,
        is_headquarter: 1,
        branch_name: 'Headquarter',
        phase: 'Branch',
        type_name: 'Branch',
        status: 1,
      },
      reads: ['branch.id'],
    });
    await c.call({
      method: 'PATCH',
      path: `organization/${orgId}`,
      token: staff,
      body: { ...form, name: 'Amanah Kontrak Berhad', allow_loan_payment: 0 },
      reads: ['organization.id'],
    });
    await c.call({
      method: 'GET',
      path: `organization/${orgId}`,
      token: staff,
      reads: [
        ...ORG_KEYS.map((k) => `organization.${k}`),
        'organization.company_registration_number',
        'organization.allow_payment_gateway',
        'organization.allow_cash_payment',
        'organization.allow_direct_payment',
        'organization.allow_loan_payment',
      ],
    });
    const priceBody = {
      organization_id: orgId,
      product: 'Wasiat',
      price: 150,
      description: 'Wasiat asas',
      status: 1,
      awaris_share: '50.00',
      organization_share: 79.9,
      prooffice_share: '20.10',
      others_share: 0,
      others_description: '',
      amendment_price: 50,
      amendment_awaris_share: 20,
      amendment_organization_share: 20,
      amendment_prooffice_share: 10,
      awaris_percentage: 33.333333333333336,
      organization_percentage: 53.266666666666666,
      prooffice_percentage: 13.4,
      others_percentage: 0,
    };
    await c.call({ method: 'POST', path: 'pricing', token: staff, body: priceBody });
    const [p] = await t.ctx.db.select().from(pricings).where(eq(pricings.organization_id, orgId));
    await c.call({
      method: 'GET',
      path: `pricing/${p.id}`,
      token: staff,
      reads: ['pricing.id', 'pricing.product', 'pricing.description', 'pricing.status', 'pricing.created_at'],
    });
    // the price pickers and the pricing list read the prices of a product in ringgit (the 2021 "products")
    await c.call({
      method: 'GET',
      path: `organization/${orgId}/pricing?product=Wasiat&status=1&limit=10&page=1`,
      token: staff,
      reads: [
        'pricings.data[].id',
        'pricings.data[].price',
        'pricings.data[].amendment_price',
        'pricings.data[].description',
        'pricings.data[].product',
        'pricings.data[].status',
        'pricings.total',
      ],
    });
    await c.call({ method: 'PATCH', path: `pricing/${p.id}`, token: staff, body: { ...priceBody, price: '180.50' } });
    await c.call({ method: 'PATCH', path: `pricing/${p.id}`, token: staff, body: { description: 'Wasiat asas 2026' } });
    await c.call({
      method: 'GET',
      path: `organization/${orgId}/preference`,
      token: staff,
      reads: ['preference.id', 'preference.allow_wasiat', 'preference.allow_hibah'],
    });
    const prefId = c.results.at(-1)?.body.preference.id;
    await c.call({
      method: 'PATCH',
      path: `preference/${prefId}`,
      token: staff,
      body: { allow_wasiat: 1, allow_hibah: 2 },
    });
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
    const [o] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(o).toMatchObject({ type: 'private', name: 'Amanah Kontrak Berhad', registration_number: '201901012345' });
    const [after] = await t.ctx.db.select().from(pricings).where(eq(pricings.id, p.id));
    expect(after).toMatchObject({
      plan: 'basic',
      price_sen: 18050,
      amendment_price_sen: 5000,
      provider_share_sen: 5000,
      organisation_share_sen: 7990,
      platform_share_sen: 2010,
      amendment_platform_share_sen: 1000,
      description: 'Wasiat asas 2026',
      status: 1,
    });
  });

  it('refuses what the rules refuse, also through the 2021 shapes', async () => {
    const c = originalClient(t, 'org: refusals');
    // a partner may not set prices (organisation:manage is the provider's): 403, not loosened for the 2021 client
    await c.call({
      method: 'POST',
      path: 'pricing',
      token: partner,
      body: { organization_id: demo, product: 'Wasiat', price: 100, status: 1 },
      status: 403,
    });
    // a third decimal of a ringgit is not rounded away; shares above the price are refused
    const [{ id: provider }] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
    await c.call({
      method: 'POST',
      path: 'pricing',
      token: staff,
      body: { organization_id: provider, product: 'Wasiat', price: '10.005', status: 1 },
      status: 422,
      reads: ['message', 'errors.price_sen'],
    });
    await c.call({
      method: 'POST',
      path: 'pricing',
      token: staff,
      body: { organization_id: provider, product: 'Wasiat', price: 10, organization_share: 11, status: 1 },
      status: 422,
      reads: ['errors.organisation_share_sen'],
    });
    // another organisation's branch is a 404 to a partner, whatever the body shape
    const other = (await t.ctx.db.select().from(branches)).find((b) => b.organization_id !== demo);
    expect(other).toBeTruthy();
    await c.call({
      method: 'PATCH',
      path: `branch/${other?.id}`,
      token: partner,
      body: { phone_number: '0' },
      status: 404,
    });
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
  });

  it('a partner administrator places a new member, resets their password and sets their picture', async () => {
    const c = originalClient(t, 'org: members');
    // the organisation user form: `POST user` (variant d) then `POST user/{id}/access` (reference §3.6)
    const [own] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, demo));
    const made = await c.call({
      method: 'POST',
      path: 'user',
      token: partner,
      body: {
        name: 'Ejen Kontrak',
        gender: 1,
        ic_number: '900101145577',
        email: 'ejen.kontrak@example.com',
        office_phone_number: '',
        mobile_number: '0123456789',
        address: 'No. 1, Jalan Kontrak',
        postcode: '40000',
        city: 'Shah Alam',
        state: 'Selangor',
        bank_name: '',
        bank_account_number: '',
        username: `${own.code}5577`,
        staff_id: 'EK-01',
        status: 0,
        role: 'Agent',
        branch_id: '',
        organization_id: demo,
      },
      reads: ['user.id', 'user'],
    });
    const uid = made.body.user.id;
    const branch = (await t.ctx.db.select().from(branches).where(eq(branches.organization_id, demo))).find(
      (b) => !b.is_headquarter && b.status === 1,
    );
    expect(branch).toBeTruthy();
    await c.call({
      method: 'POST',
      path: `user/${uid}/access`,
      token: partner,
      body: {
        organization_id: demo,
        accessible_type: 'Branch',
        accessible_id: `${branch?.id} `,
        role: 'Agent',
        status: 0,
        allow_payment_gateway: 1,
        allow_cash_payment: 0,
      },
    });
    const acc = await c.call({
      method: 'GET',
      path: `user/${uid}/access`,
      token: partner,
      reads: ['user_accesses.data[].id', 'user_accesses.data[].accessible.branch_name', 'user_accesses.data[].status'],
    });
    const accessId = acc.body.user_accesses.data[0].id;
    // provider staff see the waiting access in the approval queue of the organisation's type, and approve it
    const [{ id: provider }] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
    await c.call({
      method: 'GET',
      path: `organization/${provider}/pending-user-access-approval?type=Swasta`,
      token: staff,
      reads: [
        'organizations[].id',
        'organizations[].code',
        'organizations[].name',
        'organizations[].pending_user_access_count',
      ],
      check: (b) =>
        b.organizations.some((o: { id: string }) => o.id === demo) ? undefined : 'the partner is not in the queue',
    });
    await c.call({ method: 'PATCH', path: `user-access/${accessId}`, token: staff, body: { status: 1 } });
    // the edit screen: the whole access form; a branch administrator (`Admin`) is our Partner (ADR 0135)
    await c.call({
      method: 'PATCH',
      path: `user-access/${accessId}`,
      token: partner,
      body: {
        organization_id: demo,
        accessible_type: 'Branch',
        accessible_id: branch?.id,
        branch_id: branch?.id,
        allow_payment_gateway: 1,
        allow_cash_payment: 0,
        role: 'Admin',
        status: 1,
      },
    });
    await c.call({
      method: 'POST',
      path: `user/${uid}/change-password`,
      token: partner,
      body: { password: 'Baru12345' },
    });
    await c.call({
      method: 'POST',
      path: `user/${uid}/profile-picture`,
      token: partner,
      form: pngForm,
      reads: ['attachment.public_path'],
    });
    await c.call({
      method: 'GET',
      path: `user/${uid}/profile-picture?stream=false`,
      token: partner,
      reads: ['profile_picture.public_path'],
    });
    // one's own picture (the profile screen), before any upload: null; a colleague's: 404 (no organisation:read)
    const agentLogin = await t.call('POST', '/api/login', {
      body: { username: 'agent', password: 'Demo12345', role: 'Admin' },
    });
    const agentId = agentLogin.body.user.id;
    await c.call({
      method: 'GET',
      path: `user/${agentId}/profile-picture?stream=false`,
      token: agentLogin.body.token,
      reads: ['profile_picture'],
    });
    await c.call({
      method: 'GET',
      path: `user/${uid}/profile-picture?stream=false`,
      token: agentLogin.body.token,
      status: 404,
    });
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
    const [a] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.id, accessId));
    expect(a).toMatchObject({ status: 1, role: 'Partner', branch_id: branch?.id });
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, uid));
    expect(u.password_hash).toBeNull(); // the password typed by the administrator is never set (ADR 0164)
    const pics = await t.ctx.db.select().from(attachments).where(eq(attachments.attachable_id, uid));
    expect(pics.filter((p) => p.type === 'profile_picture')).toHaveLength(1);
  });

  it('provider staff set a logo and the 2021 preference flags; the organisation reads its testators', async () => {
    const c = originalClient(t, 'org: logo, preference, testators');
    await c.call({ method: 'GET', path: `organization/${demo}/logo?stream=false`, token: partner, reads: ['logo'] });
    await c.call({
      method: 'POST',
      path: `organization/${demo}/logo`,
      token: staff,
      form: pngForm,
      reads: ['attachment.public_path'],
    });
    const logo = await c.call({
      method: 'GET',
      path: `organization/${demo}/logo?stream=false>`,
      token: partner,
      reads: ['logo.public_path'],
    });
    const file = await t.call('GET', logo.body.logo.public_path, { token: partner });
    expect(file.status).toBe(200);
    const flags = [
      'allow_wasiat',
      'allow_hibah',
      'hibah_allow_moveable_property',
      'hibah_allow_immoveable_property',
      'hibah_single_moveable_property',
      'hibah_single_immoveable_property',
      'hibah_single_caretaker',
      'hibah_single_heir',
      'hibah_single_receiver',
      'hibah_fixed_property_type',
      'hibah_fixed_saham_type',
      'corporate_saham_account_type',
    ];
    const pref = await c.call({
      method: 'GET',
      path: `organization/${demo}/preference`,
      token: partner,
      reads: ['preference.id', 'preference.organization_id', ...flags.map((f) => `preference.${f}`)],
    });
    await c.call({
      method: 'PATCH',
      path: `preference/${pref.body.preference.id}`,
      token: staff,
      body: {
        allow_wasiat: 1,
        allow_hibah: 1,
        hibah_allow_moveable_property: 1,
        hibah_allow_immoveable_property: 2,
        hibah_single_moveable_property: 2,
        hibah_single_immoveable_property: 2,
        hibah_single_caretaker: 1,
        hibah_single_heir: 2,
        hibah_single_receiver: 1,
        hibah_fixed_property_type: 'Saham',
        hibah_fixed_saham_type: 'Saham Amanah',
        corporate_saham_account_type: 'CDS',
      },
    });
    await c.call({
      method: 'GET',
      path: `organization/${demo}/preference`,
      token: partner,
      reads: flags.map((f) => `preference.${f}`),
      check: (b) =>
        b.preference.hibah_single_caretaker === 1 && b.preference.corporate_saham_account_type === 'CDS'
          ? undefined
          : 'flags not kept',
    });
    await c.call({
      method: 'GET',
      path: `organization/${demo}/testator?limit=10&page=1`,
      token: partner,
      reads: ['testators.data', 'testators.total'],
    });
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
    const [p] = await t.ctx.db.select().from(preferences).where(eq(preferences.organization_id, demo));
    expect(p).toMatchObject({
      allow_hibah: true,
      allow_property: true,
      total_caretakers: 1,
      total_receivers: 1,
      total_properties: null,
      fixed_stock_name: 'Saham Amanah',
      stock_account_type: 'CDS',
    });
  });

  it('refuses the new calls where the rules refuse', async () => {
    const c = originalClient(t, 'org: new refusals');
    const [other] = (await t.ctx.db.select().from(organizations)).filter((o) => o.id !== demo && o.code !== 'DEMO');
    expect(other).toBeTruthy();
    // a partner sets no logo (organisation:manage) and sees no other organisation's members' pictures
    await c.call({ method: 'POST', path: `organization/${demo}/logo`, token: partner, form: pngForm, status: 403 });
    const stranger = (await t.ctx.db.select().from(user_accesses)).find((a) => a.organization_id !== demo);
    await c.call({
      method: 'GET',
      path: `user/${stranger?.user_id}/profile-picture?stream=false`,
      token: partner,
      status: 404,
    });
    await c.call({
      method: 'POST',
      path: `user/${stranger?.user_id}/change-password`,
      token: partner,
      body: { password: 'x' },
      status: 404,
    });
    await c.call({
      method: 'POST',
      path: `user/${stranger?.user_id}/access`,
      token: partner,
      body: { organization_id: stranger?.organization_id, accessible_type: 'Branch', role: 'Agent', status: 1 },
      status: 404,
    });
    // a partner approves no access of their own (user:approve is the provider's)
    const pending = await t.call('POST', `/api/organization/${demo}/user`, {
      token: partner,
      body: { name: 'Ejen Menunggu', ic_number: '900101145588', email: 'ejen.menunggu@example.com', role: 'Agent' },
    });
    const [pa] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, pending.body.user.id));
    await c.call({ method: 'PATCH', path: `user-access/${pa.id}`, token: partner, body: { status: 1 }, status: 403 });
    await c.call({
      method: 'PATCH',
      path: `user-access/${pa.id}`,
      token: partner,
      body: { organization_id: demo, accessible_type: 'Branch', role: 'Agent', status: 1 },
      status: 403,
    });
    await c.call({
      method: 'GET',
      path: `organization/${demo}/pending-user-access-approval?type=Swasta`,
      token: partner,
      status: 403,
    });
    // the organisation user form: an agent creates no member (staff:manage, 403); a partner none elsewhere (404)
    const member = {
      name: 'Ahli Luar',
      gender: 1,
      ic_number: '900101145599',
      email: 'ahli.luar@example.com',
      role: 'Agent',
      status: 0,
      branch_id: '',
    };
    const agentToken = (
      await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Demo12345', role: 'Admin' } })
    ).body.token;
    await c.call({
      method: 'POST',
      path: 'user',
      token: agentToken,
      body: { ...member, organization_id: demo },
      status: 403,
    });
    await c.call({
      method: 'POST',
      path: 'user',
      token: partner,
      body: { ...member, organization_id: other.id },
      status: 404,
    });
    expect(await t.ctx.db.select().from(users).where(eq(users.ic_number, '900101145599'))).toHaveLength(0);
    expect(other).toBeTruthy();
    const { n, m, misses } = c.summary();
    expect(n, misses.join('\n')).toBe(m);
  });
});
