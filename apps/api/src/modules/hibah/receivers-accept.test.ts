/**
 * Receivers accept what they are shown (issue 21 items 3, 4, 5), over HTTP on a real database and SMTP
 * server: the receiver's page states their shares, minor flag and caretaker with the allowance and the
 * version; a minor accepts through the caretaker, who gets the link and the code and signs (qabul by the
 * penjaga); a receiver added by an amendment is mailed a link when the amendment succeeds and accepts
 * like the first ones, and the certificate then states the acceptance.
 */
import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../db/schema/_common.ts';
import { hibah_receivers, hibahs, signature_events } from '../../db/schema/index.ts';
import { formatKlDateTime } from '../../platform/documents/pdf/layout.ts';
import { approvedHibahAmendment, mailTo, registeredHibah } from '../amendments/hibah-test-fixtures.ts';
import { newClient, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { loadHibahContent } from './content.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { readyHibah, receiverBody } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  officer = await t.login('officer');
});
afterAll(() => t?.close());

/** The API path and query of the receiver link in the latest mail to `to` after mail `from`. */
async function receiverLinkIn(to: string, from: number) {
  const m = (await mailTo(t, to, from)).match(/https?:\/\/[^\s]+\/hibah\/penerima\/([^/\s]+)\/([^?\s]+)(\?[^\s]+)/);
  if (!m) throw new Error(`no receiver link to ${to}`);
  return { path: `/api/public/hibah/${m[1]}/receiver/${m[2]}`, query: m[3] };
}

async function codeTo(to: string, from: number) {
  const code = /(?:code is|ialah) (\d{6})/.exec(await mailTo(t, to, from))?.[1];
  if (!code) throw new Error(`no code to ${to}`);
  return code;
}

describe('a minor receiver accepts through the caretaker (items 3, 4)', () => {
  let ids: Awaited<ReturnType<typeof readyHibah>>;
  let page: any;
  let caretakerMails = 0;

  beforeAll(async () => {
    const c = await newClient(t);
    ids = await readyHibah(t, c, staff);
    const token = c.token;
    await ok(
      t.call('POST', `/api/hibah/${ids.id}`, {
        token,
        body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    await ok(t.call('POST', `/api/hibah/${ids.id}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
    const before = t.mails.length;
    await ok(t.call('POST', `/api/hibah/${ids.id}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
    // The minor's link goes to the caretaker's address, not the child's.
    const link = await receiverLinkIn(ids.caretaker.email, before);
    expect(link.path).toContain(ids.minor.id);
    page = await ok(t.call('GET', `${link.path}${link.query}`));
    const n = t.mails.length;
    await ok(t.call('POST', `${link.path}/otp${link.query}`, { body: {} }));
    const code = await codeTo(ids.caretaker.email, n);
    caretakerMails = t.mails.slice(n).filter((m) => m.to.includes('adam@example.com')).length;
    await ok(t.call('POST', `${link.path}/sign${link.query}`, { body: { code, signature: SIGNATURE_PNG } }));
  });

  it('shows the receiver what is given and the version, and names the caretaker who accepts', async () => {
    // The attestation view (ADR 0228): the receiver's own row, what they accept, the version.
    expect(page.party).toMatchObject({ role: 'receiver', minor: 1, caretaker: { name: ids.caretaker.name } });
    expect(page.terms.shares).toEqual([
      { property: 'Sebidang Tanah / Land · Geran / Grant · GRN 12345 · Lot 678', portion: '50%' },
    ]);
    expect(page.terms.caretakers[0]).toMatchObject({ name: ids.caretaker.name, allowance: null });
    expect(page.terms.caretakers[0].ic).toMatch(/^\d{6}\*{4}\d{2}$/);
    expect(page.document.sha256).toBe(await hibahDocumentVersion(t.ctx.db, ids.id));
  });

  it("records the caretaker's acceptance with the caretaker's code; the child got no code", async () => {
    expect(caretakerMails).toBe(0);
    const [r] = await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.id, ids.minor.id));
    expect(r.accepted_by_caretaker_id).toBe(ids.caretaker.id);
    expect(r.otp_verified_at).toBeTruthy();
    const [e] = await t.ctx.db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_id, ids.id), eq(signature_events.witness_id, ids.minor.id)));
    expect(e.actor_id).toBeNull();
    expect(e.document_sha256).toBe(page.document.sha256);
  });
});

describe('a receiver added by an amendment is asked to accept (item 5)', () => {
  let text = '';
  let siti: any;

  beforeAll(async () => {
    const h = await registeredHibah(t, staff);
    const d = await loadHibahContent(t.ctx.db, h.id);
    const sitiId = newId();
    const email = `siti.${Date.now()}@example.com`;
    const newReceiver = receiverBody({ name: 'Siti Aminah binti Ahmad', email, id: sitiId });
    const before = t.mails.length;
    await approvedHibahAmendment(t, h.c, h.id, officer, {
      receivers: [...d.receivers, newReceiver],
      immoveables: [
        {
          ...d.immoveables[0],
          shares: [
            { receiver_id: h.adult.id, portion: '50%' },
            { receiver_id: h.minor.id, portion: '25%' },
            { receiver_id: sitiId, portion: '25%' },
          ],
        },
      ],
    });
    const link = await receiverLinkIn(email, before);
    const p = await ok(t.call('GET', `${link.path}${link.query}`));
    expect(p.terms.shares.map((s: { portion: string }) => s.portion)).toEqual(['25%']);
    const n = t.mails.length;
    await ok(t.call('POST', `${link.path}/otp${link.query}`, { body: {} }));
    const code = await codeTo(email, n);
    await ok(t.call('POST', `${link.path}/sign${link.query}`, { body: { code, signature: SIGNATURE_PNG } }));
    [siti] = await t.ctx.db
      .select()
      .from(hibah_receivers)
      .where(and(eq(hibah_receivers.hibah_id, h.id), eq(hibah_receivers.email, email)));
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.status).toBe(5);
    const r = await t.call('GET', `/api/hibah/${h.id}/certificate`, { token: h.c.token });
    expect(r.status).toBe(200);
    text = execFileSync('pdftotext', ['-', '-'], { input: r.raw }).toString('utf8').replace(/\s+/g, ' ');
  });

  it('the new receiver accepted through the mailed link; the certificate states the share and the acceptance', () => {
    expect(siti.signed_at).toBeTruthy();
    const block = text.slice(text.indexOf('Siti Aminah binti Ahmad'));
    expect(block).toContain('Bahagian / Share: Sebidang Tanah / Land · Geran / Grant · GRN 12345 · Lot 678 — 25%');
    expect(block).toContain(`Penerimaan (qabul) / Acceptance (qabul): ${formatKlDateTime(siti.signed_at)}`);
    expect(text).toContain('Penerima / Receiver: Siti Aminah binti Ahmad');
  });
});
