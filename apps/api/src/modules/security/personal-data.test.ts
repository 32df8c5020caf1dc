/**
 * Personal data rights over HTTP on a real database (issue 11 "Personal data"; PDPA 2010 as amended 2024;
 * ADR 0083): the client's export (zip of data.json + documents), the erasure request handled by staff, what
 * is erased and what is kept.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  attachments,
  audit_events,
  ekyc_attempts,
  heirs,
  hibah_properties,
  hibah_receivers,
  hibah_user_details,
  hibahs,
  payments,
  signature_events,
  users,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';
import { registeredHibah } from '../amendments/hibah-test-fixtures.ts';
import { registeredWill } from '../amendments/test-fixtures.ts';
import { landBody, receiverBody } from '../hibah/test-fixtures.ts';
import { newClient, ok, PNG_A, readyWill, SIGNATURE_PNG, userDetail } from '../wills/test-fixtures.ts';

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
  it("includes the client's hibahs with their parties, property shares and payments, and their amendments", async () => {
    const reg = await registeredHibah(t, staff);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: reg.c.token,
          body: { amendmentable_type: 'Hibah', amendmentable_id: reg.id },
        }),
        201,
      )
    ).amendment;
    const data = JSON.parse(await entry(await exportZip(reg.c.token), 'data.json').async('string'));
    expect(data.hibahs.map((h: { id: string }) => h.id)).toEqual([reg.id]);
    expect(data.hibah_user_details).toHaveLength(1);
    expect(data.hibah_receivers.map((r: { id: string }) => r.id).sort()).toEqual([reg.adult.id, reg.minor.id].sort());
    expect(data.hibah_caretakers).toHaveLength(1);
    expect(data.hibah_witnesses).toHaveLength(2);
    expect(data.hibah_properties.map((p: { id: string }) => p.id)).toEqual([reg.land.id]);
    expect(data.hibah_property_receivers).toHaveLength(2);
    expect(data.hibah_payments.length).toBeGreaterThan(0);
    expect(data.amendments.map((x: { id: string }) => x.id)).toEqual([a.id]);
    // one-time-code hashes are not exported
    expect(JSON.stringify(data)).not.toContain('otp_hash');
    // another grantor's export holds none of it
    const other = await newClient(t);
    const theirs = JSON.parse(await entry(await exportZip(other.token), 'data.json').async('string'));
    expect(theirs.hibahs).toEqual([]);
    expect(theirs.amendments).toEqual([]);
  });

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
    expect(data.will_review_reminders).toEqual({ setting: { enabled: true, language: 'ms' }, reminders: [] });
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

describe('erasure of drafts (ADR 0075)', () => {
  /** Every attachment row of the given owners. */
  const filesOf = (owners: [string, string[]][]) =>
    t.ctx.db
      .select()
      .from(attachments)
      .where(
        or(
          ...owners
            .filter(([, ids]) => ids.length)
            .map(([type, ids]) => and(eq(attachments.attachable_type, type), inArray(attachments.attachable_id, ids))),
        ),
      );

  /** A draft hibah (status 0) with particulars, a receiver, a land title with a document, the grantor's signature. */
  async function draftHibah(c: { id: string; token: string; ic: string }) {
    const token = c.token;
    const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: 9 } }), 201)).hibah;
    await ok(t.call('POST', `/api/hibah/${h.id}/user-detail`, { token, body: userDetail(c.ic) }));
    await ok(t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody() }), 201);
    const land = (await ok(t.call('POST', `/api/hibah/${h.id}/immoveable-property`, { token, body: landBody }), 201))
      .immoveable_property;
    await ok(
      t.call('POST', `/api/hibah/${h.id}/property/${land.id}/document`, { token, body: { document: PNG_A } }),
      201,
    );
    await ok(t.call('POST', `/api/hibah/${h.id}/signature`, { token, body: { signature: SIGNATURE_PNG } }));
    return { id: h.id as string, landId: land.id as string };
  }

  it('erases unregistered, unpaid wills and hibahs with their uploads; keeps the registered will', async () => {
    // A registered will (status 2, verified by staff) with its documents.
    const { c, id: registered } = await registeredWill(t, staff);
    // A new draft will with parties, documents, signatures and eKYC, whose payment was never started: erased.
    const draft = await readyWill(t, c);
    await t.ctx.db
      .delete(payments)
      .where(and(eq(payments.paymentable_type, 'Wasiat'), eq(payments.paymentable_id, draft)));
    const draftWitnesses = await t.ctx.db
      .select()
      .from(witnesses)
      .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, draft)));
    // (the fixture passes eKYC on the will directly; record the face-match attempt it stands for)
    await t.ctx.db.insert(ekyc_attempts).values({
      user_id: c.id,
      actor_id: c.id,
      ekycable_type: 'Wasiat',
      ekycable_id: draft,
      verification_score: 88,
      passed: true,
      outcome: 'passed',
    });
    const h = await draftHibah(c);
    const [receiver] = await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.hibah_id, h.id));

    const willFiles = await filesOf([
      ['Wasiat', [draft]],
      ['Witness', draftWitnesses.map((w) => w.id)],
    ]);
    const hibahFiles = await filesOf([
      ['Hibah', [h.id]],
      ['HibahProperty', [h.landId]],
    ]);
    expect(willFiles.map((f) => f.type)).toEqual(expect.arrayContaining(['mykad-front', 'mykad-back', 'signature']));
    expect(hibahFiles.map((f) => f.type)).toEqual(expect.arrayContaining(['signature']));
    expect(hibahFiles.length).toBeGreaterThanOrEqual(2);
    const keptFiles = await filesOf([['Wasiat', [registered]]]);
    for (const f of [...willFiles, ...hibahFiles, ...keptFiles]) await t.ctx.store.get(f.storage_key);

    const r = await ok(t.call('POST', '/api/profile/data-requests', { token: c.token, body: {} }), 201);
    const done = await ok(t.call('POST', `/api/data-requests/${r.data_request.id}/approve`, { token: staff }));
    const { erased, kept } = done.data_request.outcome;
    expect(erased).toEqual(expect.arrayContaining(['draft_wills', 'draft_hibahs']));
    expect(kept.map((k: { what: string }) => k.what)).toEqual(
      expect.arrayContaining(['registered_wills', 'name_and_mykad', 'payments_and_receipts']),
    );
    for (const k of kept) expect(k.why).toBeTruthy();

    // The draft will and every row of it are gone …
    const db = t.ctx.db;
    expect(await db.select().from(wills).where(eq(wills.id, draft))).toHaveLength(0);
    expect(await db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, draft))).toHaveLength(0);
    expect(await db.select().from(heirs).where(eq(heirs.heirable_id, draft))).toHaveLength(0);
    expect(await db.select().from(witnesses).where(eq(witnesses.witnessable_id, draft))).toHaveLength(0);
    expect(await db.select().from(signature_events).where(eq(signature_events.signable_id, draft))).toHaveLength(0);
    expect(await db.select().from(ekyc_attempts).where(eq(ekyc_attempts.ekycable_id, draft))).toHaveLength(0);
    // … and so is the draft hibah …
    expect(await db.select().from(hibahs).where(eq(hibahs.id, h.id))).toHaveLength(0);
    expect(await db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id))).toHaveLength(0);
    expect(await db.select().from(hibah_receivers).where(eq(hibah_receivers.id, receiver.id))).toHaveLength(0);
    expect(await db.select().from(hibah_properties).where(eq(hibah_properties.id, h.landId))).toHaveLength(0);
    expect(await db.select().from(signature_events).where(eq(signature_events.signable_id, h.id))).toHaveLength(0);
    // … with their files, in the database and in the file store.
    for (const f of [...willFiles, ...hibahFiles]) {
      expect(await db.select().from(attachments).where(eq(attachments.id, f.id))).toHaveLength(0);
      await expect(t.ctx.store.get(f.storage_key)).rejects.toThrow();
    }

    // The registered will stays whole, with its files.
    const [reg] = await db.select().from(wills).where(eq(wills.id, registered));
    expect(reg.status).toBe(2);
    expect(await db.select().from(heirs).where(eq(heirs.heirable_id, registered))).toHaveLength(1);
    expect(keptFiles.length).toBeGreaterThanOrEqual(2);
    for (const f of keptFiles) {
      expect(await db.select().from(attachments).where(eq(attachments.id, f.id))).toHaveLength(1);
      expect((await t.ctx.store.get(f.storage_key)).length).toBe(f.size_bytes);
    }
    const [u] = await db.select().from(users).where(eq(users.id, c.id));
    expect(u).toMatchObject({ ic_number: c.ic, status: 0, email: null });
  });

  it('a draft will with a payment in progress is kept, and so are the name and MyKad on it', async () => {
    const c = await newClient(t);
    const pendingDraft = await readyWill(t, c, { paymentStatus: 'pending' });
    const r = await ok(t.call('POST', '/api/profile/data-requests', { token: c.token, body: {} }), 201);
    const done = await ok(
      t.call('POST', `/api/data-requests/${r.data_request.id}/approve`, { token: staff, body: {} }),
    );
    expect(done.data_request.outcome.erased).not.toContain('draft_wills');
    expect(done.data_request.outcome.kept.map((k: { what: string }) => k.what)).toEqual(
      expect.arrayContaining(['drafts_with_payment', 'name_and_mykad', 'payments_and_receipts']),
    );
    expect(await t.ctx.db.select().from(wills).where(eq(wills.id, pendingDraft))).toHaveLength(1);
    const docs = await t.ctx.db.select().from(attachments).where(eq(attachments.attachable_id, pendingDraft));
    expect(docs.length).toBeGreaterThanOrEqual(2);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(u.ic_number).toBe(c.ic);
  });

  it('a client with only drafts loses them all, and their name and MyKad too', async () => {
    const c = await newClient(t);
    const h = await draftHibah(c);
    const r = await ok(t.call('POST', '/api/profile/data-requests', { token: c.token, body: {} }), 201);
    const done = await ok(
      t.call('POST', `/api/data-requests/${r.data_request.id}/approve`, { token: staff, body: {} }),
    );
    expect(done.data_request.outcome.erased).toEqual(expect.arrayContaining(['draft_hibahs', 'name_and_mykad']));
    expect(done.data_request.outcome.kept.map((k: { what: string }) => k.what)).toEqual(['audit_trail']);
    expect(await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id))).toHaveLength(0);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(u).toMatchObject({ name: 'Pengguna dipadam', ic_number: null });
    // the audit trail of the erased hibah stays (insert-only)
    const ev = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, h.id));
    expect(ev.map((e) => e.action)).toContain('hibah.create');
  });
});
