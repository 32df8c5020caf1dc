/**
 * The asset and nominee map (issue 40 item 6; ADR 0269), over HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): a testator records entries of each kind, with a nominee for a nomination (422 by name otherwise),
 * documents through the file store and the totals of domain `assetTotals`; another client's entries are a 404; an
 * agent sees a client's map only under the client's grant; an officer looks but does not change; every change is
 * audited; the yearly review mail goes once, a year after the last change, in Malay then English.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { asset_review_reminders, assets, audit_events, users } from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { type Client, grantAccess, newClient, ok, PNG_A } from '../wills/test-fixtures.ts';
import { ASSET_REVIEW_JOB, runAssetReviews } from './index.ts';
import { bankBody, debtBody, epfBody } from './test-fixtures.ts';

let t: TestApp;
let me: Client;
let other: Client;
let officer: string;
let agent: string;

beforeAll(async () => {
  t = await makeTestApp();
  me = await newClient(t);
  other = await newClient(t);
  officer = await t.login('officer');
  agent = await t.login('agent');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const add = (token: string, body: unknown) => t.call('POST', '/api/asset', { token, body });

describe('recording the map', () => {
  it('adds entries of each group and returns the totals in sen', async () => {
    const bank = (await ok(add(me.token, bankBody()), 201)).asset;
    expect(bank).toMatchObject({ kind: 'bank_account', group: 'asset', outside_estate: false, value_sen: 1_500_000 });
    const epf = (await ok(add(me.token, epfBody()), 201)).asset;
    expect(epf).toMatchObject({ group: 'nomination', outside_estate: true, nominee_name: 'Aminah binti Ahmad' });
    await ok(add(me.token, debtBody()), 201);
    await ok(add(me.token, { ...debtBody(), kind: 'zakat', description: 'Zakat harta 2025', value_sen: '80000' }), 201);
    const map = await ok(t.call('GET', '/api/asset', { token: me.token }));
    expect(map.assets.map((a: { kind: string }) => a.kind)).toEqual([
      'bank_account',
      'epf_nomination',
      'debt',
      'zakat',
    ]);
    expect(map.totals).toEqual({
      gross_estate_sen: 1_500_000,
      liabilities_sen: 12_080_000,
      net_estate_sen: -10_580_000,
      nominated_sen: 20_000_000,
    });
    expect(map.next_review_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a nomination without its nominee, and a nominee elsewhere, by field and in the language asked', async () => {
    const r = await t.call('POST', '/api/asset', { token: me.token, body: epfBody({ nominee_name: '' }), lang: 'ms' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['nominee_name']);
    expect(r.body.errors.nominee_name[0]).toContain('Nyatakan nama penama');
    const b = await add(me.token, bankBody({ nominee_name: 'Ali' }));
    expect(b.status).toBe(422);
    expect(Object.keys(b.body.errors)).toEqual(['nominee_name']);
    const v = await add(me.token, bankBody({ value_sen: -5, value_estimated_on: '2999-01-01', kind: 'yacht' }));
    expect(Object.keys(v.body.errors).sort()).toEqual(['kind', 'value_estimated_on', 'value_sen']);
  });

  it('changes and removes an entry, audited, and the totals follow', async () => {
    const id = (await ok(add(me.token, bankBody({ description: 'Akaun semasa', value_sen: 100 })), 201)).asset.id;
    const changed = await ok(
      t.call('PATCH', `/api/asset/${id}`, {
        token: me.token,
        body: bankBody({ description: 'Akaun semasa', value_sen: 250 }),
      }),
    );
    expect(changed.asset.value_sen).toBe(250);
    expect((await ok(t.call('DELETE', `/api/asset/${id}`, { token: me.token }))).message).toBeTruthy();
    expect((await t.call('GET', `/api/asset/${id}`, { token: me.token })).status).toBe(404);
    const map = await ok(t.call('GET', '/api/asset', { token: me.token }));
    expect(map.assets.some((a: { id: string }) => a.id === id)).toBe(false);
    expect(map.totals.gross_estate_sen).toBe(1_500_000);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id));
    expect(events.map((e) => e.action)).toEqual(['asset.create', 'asset.update', 'asset.delete']);
  });

  it('attaches a document that only those who see the entry may read', async () => {
    const id = (await ok(add(me.token, bankBody()), 201)).asset.id;
    const r = await ok(
      t.call('POST', `/api/asset/${id}/document`, {
        token: me.token,
        body: { document: PNG_A, filename: 'penyata.png' },
      }),
      201,
    );
    const [doc] = r.asset.documents;
    expect(doc).toMatchObject({ filename: 'penyata.png', mime_type: 'image/png' });
    expect((await t.call('GET', doc.url, { token: me.token })).status).toBe(200);
    expect((await t.call('GET', doc.url, { token: other.token })).status).toBe(404);
    const bad = await t.call('POST', `/api/asset/${id}/document`, { token: me.token, body: { document: 'aGVsbG8=' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['document']);
    expect((await t.call('DELETE', `/api/asset-document/${doc.id}`, { token: other.token })).status).toBe(404);
    const left = await ok(t.call('DELETE', `/api/asset-document/${doc.id}`, { token: me.token }));
    expect(left.asset.documents).toEqual([]);
  });
});

describe('who sees and changes a map', () => {
  it("gives another client a 404 for every call on someone else's entry", async () => {
    const id = (await ok(add(me.token, bankBody()), 201)).asset.id;
    const tk = other.token;
    expect((await t.call('GET', `/api/asset/${id}`, { token: tk })).status).toBe(404);
    expect((await t.call('PATCH', `/api/asset/${id}`, { token: tk, body: bankBody() })).status).toBe(404);
    expect((await t.call('DELETE', `/api/asset/${id}`, { token: tk })).status).toBe(404);
    expect((await t.call('POST', `/api/asset/${id}/document`, { token: tk, body: { document: PNG_A } })).status).toBe(
      404,
    );
    // A client cannot read or write another's map by naming them.
    expect((await t.call('GET', `/api/asset?user_id=${me.id}`, { token: tk })).status).toBe(403);
    expect((await add(tk, { ...bankBody(), user_id: me.id })).status).toBe(403);
    const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, id));
    expect(row.deleted_at).toBeNull();
  });

  it('lets an agent reach a client only under the grant, and an officer look without changing', async () => {
    const client = await newClient(t);
    const id = (await ok(add(client.token, bankBody()), 201)).asset.id;
    expect((await t.call('GET', `/api/asset?user_id=${client.id}`, { token: agent })).status).toBe(404);
    expect((await t.call('GET', `/api/asset/${id}`, { token: agent })).status).toBe(404);
    expect((await add(agent, { ...debtBody(), user_id: client.id })).status).toBe(404);
    await grantAccess(t, client, 'agent');
    const map = await ok(t.call('GET', `/api/asset?user_id=${client.id}`, { token: agent }));
    expect(map.assets).toHaveLength(1);
    const debt = (await ok(add(agent, { ...debtBody(), user_id: client.id }), 201)).asset;
    expect(debt).toMatchObject({ user_id: client.id, kind: 'debt' });
    // The provider's officer reads every client's map but changes none (no asset:manage action).
    expect((await ok(t.call('GET', `/api/asset/${id}`, { token: officer }))).asset.id).toBe(id);
    expect((await t.call('PATCH', `/api/asset/${id}`, { token: officer, body: bankBody() })).status).toBe(403);
    // Without naming a client, the agent has no map of their own.
    const none = await t.call('GET', '/api/asset', { token: agent });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['user_id']);
  });
});

describe('yearly review reminder', () => {
  it('mails once a year after the last change, in Malay then English, and not for an empty map', async () => {
    const c = await newClient(t);
    await ok(add(c.token, bankBody()), 201);
    // The map last changed at 12:00 on 10 Mar 2025 in Kuala Lumpur.
    await t.ctx.db
      .update(assets)
      .set({ updated_at: new Date('2025-03-10T04:00:00Z') })
      .where(eq(assets.user_id, c.id));
    const [u] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, c.id));
    const mine = (from: number) => t.mails.slice(from).filter((m) => m.to.includes(u.email as string));
    const before = t.mails.length;
    expect(await runAssetReviews(t.ctx, new Date('2026-03-09T12:00:00Z'))).toEqual({ sent: 0, failed: 0 });
    // Through the registered job, as the scheduler runs it.
    expect(await runJob(t.ctx, ASSET_REVIEW_JOB, new Date('2026-03-10T00:30:00Z'))).toEqual({ sent: 1, failed: 0 });
    expect(await runAssetReviews(t.ctx, new Date('2026-03-11T00:30:00Z'))).toEqual({ sent: 0, failed: 0 });
    expect(mine(before)).toHaveLength(1);
    const text = decodeMail(mine(before)[0].raw);
    expect(text).toContain('Masa untuk menyemak peta harta dan penama anda');
    expect(text.indexOf('kali terakhir dikemas kini pada 10 Mac 2025')).toBeGreaterThan(-1);
    expect(text.indexOf('was last updated on 10 Mar 2025')).toBeGreaterThan(text.indexOf('10 Mac 2025'));
    expect(text).toContain('http://localhost:3000/harta/peta');
    const rows = await t.ctx.db
      .select()
      .from(asset_review_reminders)
      .where(and(eq(asset_review_reminders.user_id, c.id), eq(asset_review_reminders.occasion, '2026-03-10')));
    expect(rows).toHaveLength(1);
    expect(rows[0].sent_at).toEqual(new Date('2026-03-10T00:30:00Z'));
    // A year on without a change: due again. After every entry is removed: nothing.
    expect(await runAssetReviews(t.ctx, new Date('2027-03-10T00:30:00Z'))).toEqual({ sent: 1, failed: 0 });
    await t.ctx.db
      .update(assets)
      .set({ deleted_at: new Date('2025-03-10T04:00:00Z'), updated_at: new Date('2025-03-10T04:00:00Z') })
      .where(eq(assets.user_id, c.id));
    expect(await runAssetReviews(t.ctx, new Date('2028-03-10T00:30:00Z'))).toEqual({ sent: 0, failed: 0 });
  });
});
