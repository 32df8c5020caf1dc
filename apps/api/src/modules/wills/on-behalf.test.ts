/**
 * The testator's signature and declarations are recorded as such (issue 38 item 5; ADR 0278): saved by the testator,
 * the history says "signed by the testator"; saved by an agent acting for the client (on the agent's device), it
 * says the signature was captured, and the declarations recorded, by another person — never "signed by the
 * testator — <the agent>".
 */
import { AUDIT_ACTIONS } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, users, wills } from '../../db/schema/index.ts';
import { grantAccess, newClient, ok, readyWill, SIGNATURE_PNG } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 120_000);
afterAll(() => t?.close());

const lastAction = async (willId: string, actions: string[]) => {
  const rows = await t.ctx.db
    .select({ action: audit_events.action, actor: audit_events.actor_id })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'Wasiat'), eq(audit_events.entity_id, willId)))
    .orderBy(desc(audit_events.seq));
  return rows.filter((r) => actions.includes(r.action));
};

describe("the testator's signature and declarations, recorded as such", () => {
  it('by the testator: will.sign and will.verification; by the agent who registered it, for them: the on-behalf actions', async () => {
    const c = await newClient(t);
    const willId = await readyWill(t, c, { org: 'DEMO' });
    const own = await lastAction(willId, ['will.sign', 'will.verification', 'will.sign_on_behalf']);
    expect(own.map((r) => r.action)).toEqual(['will.verification', 'will.sign']);
    expect(own.every((r) => r.actor === c.id)).toBe(true);

    await grantAccess(t, c, 'agent');
    const agent = await t.login('agent');
    const [agentRow] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'agent'));
    // The agent who registered the will for the client (as `POST /wasiat { user_id }` by the agent records it).
    await t.ctx.db.update(wills).set({ agent_id: agentRow.id }).where(eq(wills.id, willId));
    await ok(
      t.call('POST', `/api/wasiat/${willId}/signature`, {
        token: agent,
        body: { is_base64: true, document: SIGNATURE_PNG },
      }),
    );
    await ok(
      t.call('POST', `/api/wasiat/${willId}`, {
        token: agent,
        body: { _method: 'PATCH', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    const [verification, sign] = await lastAction(willId, ['will.sign_on_behalf', 'will.verification_on_behalf']);
    expect(verification).toEqual({ action: 'will.verification_on_behalf', actor: agentRow.id });
    expect(sign).toEqual({ action: 'will.sign_on_behalf', actor: agentRow.id });
    // Staff's history of the will lists them under their own labels (the audit catalogue, both languages).
    const staff = await t.login('staff');
    const history = await ok(t.call('GET', `/api/audit?entity_type=Wasiat&entity_id=${willId}`, { token: staff }));
    const actions = history.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['will.sign', 'will.sign_on_behalf', 'will.verification_on_behalf']),
    );
    expect(AUDIT_ACTIONS['will.sign_on_behalf'].en).toBe(
      "The testator's signature captured on another person's device",
    );
    expect(AUDIT_ACTIONS['will.sign_on_behalf'].ms).not.toMatch(/Ditandatangani oleh pewasiat/);
  });
});
