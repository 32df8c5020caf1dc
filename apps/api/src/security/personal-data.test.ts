/**
 * Personal data rights over HTTP on a real database (issue 11 "Personal data"; PDPA 2010 as amended 2024;
 * ADR 0083): the client's export (zip of data.json + documents), the erasure request handled by staff, what
 * is erased and what is kept.
 */
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { attachments, audit_events, users, wills } from '../db/schema/index.ts';
import { newClient, ok, readyWill, SIGNATURE_PNG } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(async () => {
  await t?.close();
});

async function exportZip(token: string) {
  const r = await t.call('GET', '/api/profile/data-export', { token });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/zip');
  expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="wasiat-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect(r.headers.get('cache-control')).toBe('no-store');
  return JSZip.loadAsync(r.raw);
}

/** A file of the zip (the test fails when it is missing). */
function entry(zip: JSZip, name: string) {
  const f = zip.file(name);
  if (!f) throw new Error(`${name} missing from the zip`);
  return f;
}

describe('data export', () => {
  it('a client downloads their account, wills with parties, eKYC scores and every document of theirs', async () => {
    const c = await newClient(t);
    const willId = await readyWill(t, c);
    const other = await newClient(t);
    const zip = await exportZip(c.token);
    const data = JSON.parse(await entry(zip, 'data.json').async('string'));
    expect(data.account).toMatchObject({ id: c.id, ic_number: c.ic });
    expect(data.wills.map((w: { id: string }) => w.id)).toEqual([willId]);
    expect(data.heirs).toHaveLength(1);
    expect(data.witnesses).toHaveLength(2);
    expect(data.payments.length).toBeGreaterThan(0);
    expect(Array.isArray(data.ekyc_attempts)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(other.ic);
    // every listed document is in the zip, byte for byte what is stored
    expect(data.documents.length).toBeGreaterThanOrEqual(3);
    for (const d of data.documents) {
      const bytes = await entry(zip, d.file).async('nodebuffer');
      const [row] = await t.ctx.db.select().from(attachments).where(eq(attachments.id, d.id));
      expect(bytes.equals(await t.ctx.store.get(row.storage_key))).toBe(true);
    }
    expect(data.documents.map((d: { type: string }) => d.type)).toEqual(
      expect.arrayContaining(['mykad-front', 'mykad-back']),
    );
    expect((await t.call('GET', '/api/profile/data-export')).status).toBe(401);
  });
});

describe('erasure requests', () => {
  it('a client without a registered will: request, staff approve, the account is anonymised and its files erased', async () => {
    const c = await newClient(t);
    await ok(t.call('POST', `/api/user/${c.id}/signature`, { token: c.token, body: { document: SIGNATURE_PNG } }));
    const [sigRow] = await t.ctx.db.select().from(attachments).where(eq(attachments.attachable_id, c.id));
    const r = await t.call('POST', '/api/profile/data-requests', {
      token: c.token,
      body: { reason: 'Tidak lagi guna' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data_request).toMatchObject({ kind: 'erasure', status: 0, reason: 'Tidak lagi guna' });
    const again = await t.call('POST', '/api/profile/data-requests', { token: c.token, body: {}, lang: 'ms' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Anda sudah mempunyai permohonan pemadaman yang sedang menunggu tindakan.');
    const mine = await ok(t.call('GET', '/api/profile/data-requests', { token: c.token }));
    expect(mine.data_requests).toHaveLength(1);

    // only staff-side roles that handle requests see the list; the MyKad is masked there
    expect((await t.call('GET', '/api/data-requests', { token: c.token })).status).toBe(403);
    expect((await t.call('GET', '/api/data-requests', { token: await t.login('agent') })).status).toBe(403);
    const list = await ok(t.call('GET', '/api/data-requests?status=0', { token: staff }));
    const item = list.data_requests.data.find((x: { id: string }) => x.id === r.body.data_request.id);
    expect(item.user.ic_number).toBe(`********${c.ic.slice(-4)}`);
    expect(list.data_requests).toMatchObject({ current_page: 1, per_page: 15 });

    const done = await t.call('POST', `/api/data-requests/${item.id}/approve`, {
      token: staff,
      body: { remarks: 'OK' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data_request.status).toBe(1);
    expect(done.body.data_request.outcome.erased).toEqual(
      expect.arrayContaining(['contact_details', 'login', 'name_and_mykad', 'signature', 'ekyc_images']),
    );
    expect(done.body.data_request.outcome.kept.map((k: { what: string }) => k.what)).toContain('audit_trail');

    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(u).toMatchObject({ name: 'Pengguna dipadam', ic_number: null, email: null, mobile_number: null, status: 0 });
    expect(u.password_hash).toBeNull();
    expect(await t.ctx.db.select().from(attachments).where(eq(attachments.id, sigRow.id))).toHaveLength(0);
    await expect(t.ctx.store.get(sigRow.storage_key)).rejects.toThrow();
    // the session ended and the old login does not work
    expect((await t.call('GET', '/api/authenticate', { token: c.token })).status).toBe(401);
    expect((await t.call('POST', '/api/login', { body: { username: c.ic, password: 'Rahsia123' } })).status).toBe(422);
    // handled once; audit events for both steps
    expect((await t.call('POST', `/api/data-requests/${item.id}/approve`, { token: staff })).status).toBe(422);
    const ev = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, item.id));
    expect(ev.map((e) => e.action).sort()).toEqual(['data_request.approve', 'data_request.create']);
  });

  it('a client with a registered will keeps the will, the name and MyKad on it, and the payments', async () => {
    const c = await newClient(t);
    const willId = await readyWill(t, c);
    await ok(t.call('POST', `/api/wasiat/${willId}`, { token: c.token, body: { _method: 'PATCH', status: 1 } }));
    const r = await ok(t.call('POST', '/api/profile/data-requests', { token: c.token, body: {} }), 201);
    const done = await ok(t.call('POST', `/api/data-requests/${r.data_request.id}/approve`, { token: staff }));
    const kept = done.data_request.outcome.kept.map((k: { what: string }) => k.what);
    expect(kept).toEqual(expect.arrayContaining(['registered_wills', 'name_and_mykad', 'payments_and_receipts']));
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(u).toMatchObject({ ic_number: c.ic, email: null, mobile_number: null, status: 0 });
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
    expect(w.status).toBe(1);
    // the will's documents stay
    const left = await t.ctx.db.select().from(attachments).where(eq(attachments.attachable_id, willId));
    expect(left.map((a) => a.type)).toEqual(expect.arrayContaining(['mykad-front', 'mykad-back']));
  });

  it('staff may refuse with remarks (required)', async () => {
    const c = await newClient(t);
    const r = await ok(t.call('POST', '/api/profile/data-requests', { token: c.token, body: {} }), 201);
    const noRemarks = await t.call('POST', `/api/data-requests/${r.data_request.id}/refuse`, {
      token: staff,
      body: {},
    });
    expect(noRemarks.status).toBe(422);
    const refused = await ok(
      t.call('POST', `/api/data-requests/${r.data_request.id}/refuse`, {
        token: staff,
        body: { remarks: 'Wasiat dalam semakan' },
      }),
    );
    expect(refused.data_request).toMatchObject({ status: 2, remarks: 'Wasiat dalam semakan' });
    expect((await t.call('GET', '/api/authenticate', { token: c.token })).status).toBe(200);
    expect((await t.call('POST', '/api/data-requests/nope/approve', { token: staff })).status).toBe(404);
  });
});
