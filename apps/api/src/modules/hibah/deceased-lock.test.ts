/**
 * A verified death locks a hibah's signatures too (issue 40 item 1, the gap left in ADR 0261): a hibah is a gift in
 * the grantor's life, so once the grantor's death is verified no receiver accepts, no caretaker accepts for a minor,
 * no witness confirms and the grantor's own signature is not replaced — through the grantor's device and through the
 * parties' signed links alike, and no code is sent for it. Over HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL) and the test SMTP server; the death is reported and verified by staff through the real routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { mailTo } from '../amendments/hibah-test-fixtures.ts';
import { newClient, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { caretakerAccepts, readyHibah } from './test-fixtures.ts';

const LOCKED = 'This record can no longer be changed: the death of its owner has been verified.';

let t: TestApp;
let staff: string;
let officer: string;
/** Awaiting the receivers' acceptance (status 3) when the grantor dies. */
let awaiting: Awaited<ReturnType<typeof awaitingReceivers>>;
/** Awaiting the witnesses (status 4) when the grantor dies. */
let witnessing: Awaited<ReturnType<typeof awaitingReceivers>>;
/** A hibah the first grantor started (status 0) before their death. */
let fresh: string;
/** Codes sent in life, used after the death. */
let receiverCode: string;
let witnessCode: string;
let receiverLink: { path: string; query: string };
let witnessLink: { path: string; query: string };

/** A ready hibah of a new client, submitted, approved by staff and its draft accepted: status 3. */
async function awaitingReceivers() {
  const c = await newClient(t);
  const h = await readyHibah(t, c, staff);
  await ok(
    t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: { status: 3, is_draft_accepted: 1 } }));
  return { ...h, token: c.token, ic: c.ic, userId: c.id };
}

/** Staff report the grantor's death and an officer verifies it (no registered instrument: one verifier). */
async function deathVerified(ic: string) {
  const r = await ok(
    t.call('POST', '/api/death-report', {
      token: staff,
      body: {
        deceased_ic_number: ic,
        date_of_death: '2026-12-01',
        certificate_no: `JPN-${ic.slice(-6)}`,
        certificate: `data:image/png;base64,${SIGNATURE_PNG.split(',')[1]}`,
        relationship: 'staff',
      },
    }),
    201,
  );
  const v = await ok(t.call('POST', `/api/death-report/${r.death_report.id}/verify`, { token: officer }));
  expect(v.death_report.status).toBe('verified');
}

/** The receiver's or witness's signed link, as the grantor's page asks for it. */
async function link(token: string, body: Record<string, string>) {
  const url = (await ok(t.call('POST', '/api/route/sign', { token, body }))).url as string;
  const [path, query] = url.split('?');
  return { path, query };
}

beforeAll(async () => {
  t = await makeTestApp();
  [staff, officer] = [await t.login('staff'), await t.login('officer')];
  awaiting = await awaitingReceivers();
  witnessing = await awaitingReceivers();
  // The second hibah's receivers accept in life; it then waits for its witnesses.
  await ok(
    t.call('POST', `/api/hibah/${witnessing.id}/receiver/${witnessing.adult.id}/signature`, {
      token: witnessing.token,
      body: { signature: SIGNATURE_PNG },
    }),
  );
  await caretakerAccepts(t, witnessing.token, witnessing.id, witnessing.minor.id, witnessing.caretaker.email);
  await ok(t.call('POST', `/api/hibah/${witnessing.id}`, { token: witnessing.token, body: { status: 4 } }));
  fresh = (
    await ok(
      t.call('POST', '/api/hibah', { token: awaiting.token, body: { user_id: awaiting.userId, hibah_type: 9 } }),
      201,
    )
  ).hibah.id;
  // The adult receiver and the first witness are sent their codes in the grantor's life.
  receiverLink = await link(awaiting.token, {
    route_name: 'hibah.receiver',
    hibah_id: awaiting.id,
    receiver_id: awaiting.adult.id,
  });
  let before = t.mails.length;
  await ok(t.call('POST', `${receiverLink.path}/otp?${receiverLink.query}`, { body: {} }));
  receiverCode = /(?:code is|ialah) (\d{6})/.exec(await mailTo(t, awaiting.adult.email, before))?.[1] as string;
  witnessLink = await link(witnessing.token, {
    route_name: 'hibah.witness',
    hibah_id: witnessing.id,
    witness_id: witnessing.witnesses[0].id,
  });
  before = t.mails.length;
  await ok(t.call('POST', `${witnessLink.path}/otp?${witnessLink.query}`, { body: {} }));
  witnessCode = /(?:code is|ialah) (\d{6})/.exec(await mailTo(t, witnessing.witnesses[0].email, before))?.[1] as string;
  await deathVerified(awaiting.ic);
  await deathVerified(witnessing.ic);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('after the grantor’s verified death', () => {
  it('no receiver accepts, on the grantor’s device or by the link, and no code is sent for it', async () => {
    const onDevice = await t.call('POST', `/api/hibah/${awaiting.id}/receiver/${awaiting.adult.id}/signature`, {
      token: awaiting.token,
      body: { signature: SIGNATURE_PNG },
    });
    expect(onDevice.status).toBe(422);
    expect(onDevice.body.errors._).toEqual([LOCKED]);
    // The code sent in life no longer signs.
    const { path, query } = receiverLink;
    const sign = await t.call('POST', `${path}/sign?${query}`, {
      body: { code: receiverCode, signature: SIGNATURE_PNG },
    });
    expect(sign.status).toBe(422);
    expect(sign.body.errors._).toEqual([LOCKED]);
    // No new code for the minor's caretaker.
    const minor = await link(awaiting.token, {
      route_name: 'hibah.receiver',
      hibah_id: awaiting.id,
      receiver_id: awaiting.minor.id,
    });
    const before = t.mails.length;
    const code = await t.call('POST', `${minor.path}/otp?${minor.query}`, { body: {}, lang: 'ms' });
    expect(code.status).toBe(422);
    expect(code.body.errors._).toEqual(['Rekod ini tidak lagi boleh diubah: kematian pemiliknya telah disahkan.']);
    expect(t.mails.slice(before).filter((m) => m.to.includes(awaiting.caretaker.email))).toHaveLength(0);
    const h = await ok(t.call('GET', `/api/hibah/${awaiting.id}`, { token: staff }));
    expect(h.hibah.status).toBe(3);
  });

  it('no witness confirms, and the grantor signs nothing more', async () => {
    const { path, query } = witnessLink;
    const confirm = await t.call('POST', `${path}/confirm?${query}`, {
      body: { code: witnessCode, signature: SIGNATURE_PNG },
    });
    expect(confirm.status).toBe(422);
    expect(confirm.body.errors._).toEqual([LOCKED]);
    const second = await link(witnessing.token, {
      route_name: 'hibah.witness',
      hibah_id: witnessing.id,
      witness_id: witnessing.witnesses[1].id,
    });
    const code = await t.call('POST', `${second.path}/otp?${second.query}`, { body: {} });
    expect(code.status).toBe(422);
    expect(code.body.errors._).toEqual([LOCKED]);
    // The hibah the grantor started in life (status 0, where signing is otherwise allowed).
    const grantor = await t.call('POST', `/api/hibah/${fresh}/signature`, {
      token: awaiting.token,
      body: { signature: SIGNATURE_PNG },
    });
    expect(grantor.status).toBe(422);
    expect(grantor.body.errors._).toEqual([LOCKED]);
  });
});
