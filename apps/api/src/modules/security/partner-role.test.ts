/**
 * The Partner role (issue 16 item 7; ADR 0106), enforced from the permission table:
 * - a Partner may not sign for a testator (`will:sign:testator`): 403 on a client's will of their organisation,
 *   while the agent who registered it may capture it;
 * - nobody deletes (deactivates) a branch that holds records: 409, translated, for the Partner and for provider
 *   staff alike, by DELETE and by PATCH status 0; an empty branch still goes;
 * - nobody changes their own role (security/recovery-channels.test.ts covers the staff editor's refusal).
 */
import { can, PERMISSIONS, ROLES } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { organizations, wills } from '../../db/schema/index.ts';
import { grantAccess, newClient, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let demo: string;
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['partner', 'agent', 'staff']) tok[u] = await t.login(u);
  [{ id: demo }] = await t.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'DEMO'));
}, 120_000);
afterAll(() => t?.close());

const branchBody = (code: string) => ({
  organization_id: demo,
  branch_name: `Cawangan ${code}`,
  code,
  email: `${code.toLowerCase()}@example.com`,
  address: 'No. 9, Persiaran Perbandaran',
  postcode: '40000',
  city: 'Shah Alam',
  state: 'Selangor',
  status: 1,
});

/** A will the demo agent registered for a new client, in the demo organisation. */
async function agentWill() {
  const c = await newClient(t);
  await grantAccess(t, c, 'agent'); // the client let the demo organisation act for them (ADR 0101)
  const w = (await ok(t.call('POST', '/api/wasiat', { token: tok.agent, body: { user_id: c.id } }), 201)).wasiat;
  return { c, id: w.id as string };
}

describe('the permission table says it', () => {
  it('only the testator and the registering agent sign for a testator; only provider staff change channels', () => {
    expect(ROLES.filter((r) => can(r, 'will:sign:testator'))).toEqual(['Client', 'Agent']);
    expect(ROLES.filter((r) => can(r, 'user:channel:change'))).toEqual(['Staff', 'Admin']);
    expect(PERMISSIONS.Partner).not.toContain('will:sign:testator');
  });
});

describe('a Partner may not sign for a testator', () => {
  it("403 for the Partner on a client's will of their organisation; the registering agent may", async () => {
    const { id } = await agentWill();
    const partner = await t.call('POST', `/api/wasiat/${id}/signature`, {
      token: tok.partner,
      lang: 'en',
      body: { is_base64: true, document: SIGNATURE_PNG },
    });
    expect(partner.status).toBe(403);
    const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(row.signature_id).toBeNull();
    const staff = await t.call('POST', `/api/wasiat/${id}/signature`, {
      token: tok.staff,
      body: { is_base64: true, document: SIGNATURE_PNG },
    });
    expect(staff.status).toBe(403);
  });
});

describe('a branch that holds records is not deleted', () => {
  it('409 with the counts (ms and en) for the Partner and provider staff, by DELETE and PATCH; an empty one goes', async () => {
    const { branch } = await ok(t.call('POST', '/api/branch', { token: tok.partner, body: branchBody('HR') }), 201);
    const { id } = await agentWill();
    await t.ctx.db.update(wills).set({ organization_id: demo, branch_id: branch.id }).where(eq(wills.id, id));

    const en = await t.call('POST', `/api/branch/${branch.id}`, {
      token: tok.partner,
      lang: 'en',
      body: { _method: 'DELETE' },
    });
    expect(en.status).toBe(409);
    expect(en.body.message).toBe(
      'This branch still holds 0 users, 1 wills and 0 hibahs (with their payments). Move them to another branch before deleting it.',
    );
    const ms = await t.call('DELETE', `/api/branch/${branch.id}`, { token: tok.staff, lang: 'ms' });
    expect(ms.status).toBe(409);
    expect(ms.body.message).toMatch(/^Cawangan ini masih mempunyai 0 pengguna, 1 wasiat dan 0 hibah/);
    const patch = await t.call('PATCH', `/api/branch/${branch.id}`, {
      token: tok.partner,
      body: { ...branchBody('HR'), status: 0 },
    });
    expect(patch.status).toBe(409);
    expect((await ok(t.call('GET', `/api/branch/${branch.id}`, { token: tok.partner }))).branch.status).toBe(1);

    const empty = (await ok(t.call('POST', '/api/branch', { token: tok.partner, body: branchBody('EM') }), 201)).branch;
    const gone = await ok(t.call('DELETE', `/api/branch/${empty.id}`, { token: tok.partner }));
    expect(gone.branch.status).toBe(0);
  });
});
