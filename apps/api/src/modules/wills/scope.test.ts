/**
 * Cross-tenant and lower-role probes (DESIGN.md §9.10): a will and everything under it is a 404 to
 * whoever may not see it; roles that may see but not change get 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { type Client, grantAccess, heir, newClient, ok, PNG_A, readyWill, witness } from './test-fixtures.ts';

let t: TestApp;
let owner: Client;
let intruder: Client;
let willId: string;
let heirId: string;
let witnessId: string;
let docId: string;
let agentWill: string;

beforeAll(async () => {
  t = await makeTestApp();
  owner = await newClient(t);
  intruder = await newClient(t);
  willId = await readyWill(t, owner);
  heirId = (await ok(t.call('GET', `/api/wasiat/${willId}/heir`, { token: owner.token }))).heirs.data[0].id;
  witnessId = (await ok(t.call('GET', `/api/wasiat/${willId}/witness`, { token: owner.token }))).witnesses.data[0].id;
  docId = (await ok(t.call('GET', `/api/wasiat/${willId}/document`, { token: owner.token }))).attachments.data[0].id;
  const agent = await t.login('agent');
  const forAgent = await newClient(t);
  await grantAccess(t, forAgent);
  agentWill = (await ok(t.call('POST', '/api/wasiat', { token: agent, body: { user_id: forAgent.id } }), 201)).wasiat
    .id;
});
afterAll(async () => {
  await t.close();
});

describe('another client', () => {
  it('gets 404 on the will and on everything under it, reading or writing', async () => {
    const token = intruder.token;
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/wasiat/${willId}`],
      ['GET', `/api/wasiat/${willId}/user-detail`],
      ['GET', `/api/wasiat/${willId}/heir`],
      ['GET', `/api/wasiat/${willId}/witness`],
      ['GET', `/api/wasiat/${willId}/document`],
      ['GET', `/api/wasiat/${willId}/signature`],
      ['GET', `/api/wasiat/${willId}/bequest`],
      ['GET', `/api/wasiat/${willId}/moveable-property`],
      ['GET', `/api/heir/${heirId}`],
      ['GET', `/api/witness/${witnessId}`],
      ['GET', `/api/attachment/${docId}/file`],
      ['POST', `/api/wasiat/${willId}`, { _method: 'PATCH', status: 1 }],
      ['POST', `/api/heir/${heirId}`, { _method: 'PATCH', ...heir(willId) }],
      ['POST', `/api/heir/${heirId}`, { _method: 'DELETE' }],
      ['POST', `/api/witness/${witnessId}`, { _method: 'DELETE' }],
      ['POST', '/api/heir', heir(willId)],
      ['POST', '/api/witness', witness(willId)],
      ['POST', `/api/wasiat/${willId}/document`, { is_base64: true, type: 'mykad-front', document: PNG_A }],
      ['POST', `/api/wasiat/${willId}/signature`, { is_base64: true, document: PNG_A }],
    ];
    for (const [method, path, body] of probes) {
      const r = await t.call(method, path, { token, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const list = await ok(t.call('GET', `/api/wasiat?user_id=${owner.id}`, { token }));
    expect(list.wasiats.total).toBe(0);
    const mine = await ok(t.call('GET', '/api/wasiat', { token: owner.token }));
    expect(mine.wasiats.data.map((w: { id: string }) => w.id)).toEqual([willId]);
  });

  it('cannot verify its own will (403) nor see the approval queue', async () => {
    await ok(t.call('POST', `/api/wasiat/${willId}`, { token: owner.token, body: { _method: 'PATCH', status: 1 } }));
    expect((await t.call('PATCH', `/api/wasiat/${willId}`, { token: owner.token, body: { status: 2 } })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/wasiat/pending-approval', { token: owner.token })).status).toBe(403);
  });
});

describe('agents, partners and staff', () => {
  it('an agent sees only the wills they registered', async () => {
    const agent = await t.login('agent');
    const list = await ok(t.call('GET', '/api/wasiat?load_with=userDetail,agent', { token: agent }));
    expect(list.wasiats.data.map((w: { id: string }) => w.id)).toEqual([agentWill]);
    expect(list.wasiats.data[0].agent.name).toBe('Ahmad Zaki bin Ismail');
    expect((await t.call('GET', `/api/wasiat/${willId}`, { token: agent })).status).toBe(404);
    expect((await t.call('GET', `/api/heir/${heirId}`, { token: agent })).status).toBe(404);
  });

  it('a partner sees the wills of their organisation only', async () => {
    const partner = await t.login('partner');
    const list = await ok(t.call('GET', '/api/wasiat', { token: partner }));
    expect(list.wasiats.data.map((w: { id: string }) => w.id)).toEqual([agentWill]);
    expect((await t.call('GET', `/api/wasiat/${willId}`, { token: partner })).status).toBe(404);
  });

  it('staff see all, filter by status and MyKad, and get the approval queue', async () => {
    const staff = await t.login('staff');
    const all = await ok(t.call('GET', '/api/wasiat?limit=1&page=1', { token: staff }));
    expect(all.wasiats).toMatchObject({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    const pending = await ok(t.call('GET', '/api/wasiat?status=1', { token: staff }));
    expect(pending.wasiats.data.map((w: { id: string }) => w.id)).toEqual([willId]);
    const byIc = await ok(t.call('GET', `/api/wasiat?ic_number=${owner.ic}`, { token: staff }));
    expect(byIc.wasiats.total).toBe(1);
    const byName = await ok(t.call('GET', '/api/wasiat?name=ahmad%20bin', { token: staff }));
    expect(byName.wasiats.data.map((w: { id: string }) => w.id)).toEqual([willId]);
    const queue = await ok(t.call('GET', '/api/wasiat/pending-approval', { token: staff }));
    expect(queue.organizations).toEqual([expect.objectContaining({ code: 'PROVIDER', total_pending: 1 })]);
    expect((await t.call('GET', `/api/attachment/${docId}/file`, { token: staff })).status).toBe(200);
  });

  it('an accountant may look but not change (403); an agent cannot change a client’s own will', async () => {
    const accountant = await t.login('accountant');
    expect((await t.call('GET', `/api/wasiat/${agentWill}`, { token: accountant })).status).toBe(200);
    const r = await t.call('POST', '/api/heir', { token: accountant, body: heir(agentWill) });
    expect(r.status).toBe(403);
    const agent = await t.login('agent');
    const other = await newClient(t);
    const own = (await ok(t.call('POST', '/api/wasiat', { token: other.token, body: { user_id: other.id } }), 201))
      .wasiat;
    expect((await t.call('GET', `/api/wasiat/${own.id}`, { token: agent })).status).toBe(404);
  });
});
