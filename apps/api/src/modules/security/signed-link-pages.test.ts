/**
 * Every signed-link page shows its holder only what they attest (issue 36 item 4; ADR 0228), attacked as an
 * outsider would: a link forwarded to someone else, opened anonymously. The test enumerates the signable
 * route names (platform/http/signed-routes.ts) and fails when a new one is not classified; builds a world in
 * which every page link exists — a will amendment and a hibah amendment awaiting their witnesses (links read
 * from the witnesses' mails), a hibah's adult receiver, a minor receiver (the caretaker's link) and the hibah's
 * witnesses (links the grantor asks for through `POST /api/route/sign`) — and fetches each link's JSON without
 * a session. No heir's or other party's name, address or mobile number, no e-mail of anyone, no testator's
 * e-mail, mobile number or address and no full MyKad may appear; the page must still name the subject (masked
 * MyKad), the document's version and SHA-256, and the holder's own row.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendments,
  heirs,
  hibah_caretakers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  users,
  will_user_details,
  witnesses,
} from '../../db/schema/index.ts';
import { signableRouteNames } from '../../platform/http/signed-routes.ts';
import { amendmentWitness, grantorIdentity, mailTo, registeredHibah } from '../amendments/hibah-test-fixtures.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from '../amendments/test-fixtures.ts';
import { ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';

/** Signable routes that open a JSON page for a party who attests (checked below). */
const ATTESTATION_PAGES = ['amendment.witness', 'hibah.receiver', 'hibah.witness'];
/**
 * The others: sealed PDFs for someone who may already see the record (5-minute links), and the eKYC link the
 * testator opens for themself. A new signable route must be added to one of the two lists.
 */
const NOT_ATTESTATION = ['amendment.certificate', 'ekyc', 'hibah.certificate', 'wasiat.certificate', 'wasiat.receipt'];

let t: TestApp;
let staff: string;
let officer: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  officer = await t.login('officer');
}, 240_000);
afterAll(async () => {
  await t.close();
});

/** A link to check: its URL (path + query), whose it is, and the names it may show. */
interface Link {
  kind: string;
  url: string;
  partyName: string;
  subjectName: string;
  mayShow: string[];
}

const PII_KEYS = /(^|_)(email|mobile_number|phone|phone_number|address|ic_number|ic)$/;
const NAME_LISTS = new Set(['heirs', 'receivers', 'witnesses', 'caretakers', 'guardians', 'beneficiaries']);

/** Contact details and MyKads anywhere in `v` (by key), and the names of people in lists of people. */
function collect(v: unknown, pii: Set<string>, names: Set<string>, list = '') {
  if (Array.isArray(v)) {
    for (const x of v) collect(x, pii, names, list);
    return;
  }
  if (!v || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (typeof x === 'string' && x.trim().length >= 6 && PII_KEYS.test(k) && !x.includes('*')) pii.add(x.trim());
    if (k === 'name' && typeof x === 'string' && x && NAME_LISTS.has(list)) names.add(x);
    collect(x, pii, names, NAME_LISTS.has(k) ? k : list);
  }
}

const renameClient = (id: string, name: string) => t.ctx.db.update(users).set({ name }).where(eq(users.id, id));
const amendmentPatch = (id: string, token: string, body: object) =>
  ok(t.call('POST', `/api/amendment/${id}`, { token, body: { _method: 'PATCH', ...body } }));

/** The witness links mailed to `emails` since `before` (the `/pindaan/saksi/{id}?…` page → its API path). */
async function witnessLinks(emails: string[], before: number) {
  const out: { url: string; email: string }[] = [];
  for (const e of emails) {
    const m = (await mailTo(t, e, before)).match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/);
    if (!m) throw new Error(`no link for ${e}`);
    const u = new URL(m[0]);
    out.push({ url: `/api/amendment-witness/${u.pathname.split('/').at(-1)}${u.search}`, email: e });
  }
  return out;
}

/** A will amendment awaiting its two witnesses: the links and what must not leak. */
async function willAmendmentWorld(pii: Set<string>, names: Set<string>) {
  const { c, id } = await registeredWill(t, staff);
  await renameClient(c.id, 'Rahman bin Yusof');
  const a = (
    await ok(
      t.call('POST', '/api/amendment', {
        token: c.token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: id, notes: null, status: 0 },
      }),
      201,
    )
  ).amendment;
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token: c.token,
      body: { paymentable_type: 'Amendment', paymentable_id: a.id, payment_options_id: 1 },
    }),
  );
  await fetch(`${t.baseUrl}${pay.payment_link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
  });
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const emails = [`wa1.${tag}@example.com`, `wa2.${tag}@example.com`];
  await ok(
    t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token: c.token,
      body: { witnesses: emails.map((e, i) => draftWitness(`Saksi Wasiat ${i + 1}`, e)) },
    }),
  );
  await passAmendmentEkyc(t, a.id);
  await verifiedAmendmentOtp(t, c.id, id);
  await amendmentPatch(a.id, c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
  await amendmentPatch(a.id, officer, { status: 3 });
  await ok(
    t.call('POST', `/api/amendment/${a.id}/signature`, {
      token: c.token,
      body: { is_base64: true, document: SIGNATURE_PNG },
    }),
  );
  const before = t.mails.length;
  await amendmentPatch(a.id, c.token, { status: 4 });
  const links = await witnessLinks(emails, before);
  const [row] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
  collect(row.draft, pii, names);
  collect(await t.ctx.db.select().from(users).where(eq(users.id, c.id)), pii, new Set());
  collect(await t.ctx.db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, id)), pii, names);
  collect({ heirs: await t.ctx.db.select().from(heirs).where(eq(heirs.heirable_id, id)) }, pii, names);
  collect({ witnesses: await t.ctx.db.select().from(witnesses).where(eq(witnesses.witnessable_id, id)) }, pii, names);
  return links.map(
    (l, i): Link => ({
      kind: 'amendment.witness (will)',
      url: l.url,
      partyName: `Saksi Wasiat ${i + 1}`,
      subjectName: 'Rahman bin Yusof',
      mayShow: [],
    }),
  );
}

/** A registered hibah (receiver, caretaker and witness links) and its amendment awaiting witnesses. */
async function hibahWorld(pii: Set<string>, names: Set<string>) {
  const h = await registeredHibah(t, staff);
  await renameClient(h.c.id, 'Rahman bin Yusof');
  const token = h.c.token;
  const sign = async (body: object) =>
    (await ok(t.call('POST', '/api/route/sign', { token, body: { hibah_id: h.id, ...body } }))).url as string;
  const [d] = await t.ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id));
  const subjectName = d.name as string;
  const links: Link[] = [
    {
      kind: 'hibah.receiver',
      url: await sign({ route_name: 'hibah.receiver', receiver_id: h.adult.id }),
      partyName: h.adult.name,
      subjectName,
      mayShow: [],
    },
    {
      kind: 'hibah.receiver (caretaker of a minor)',
      url: await sign({ route_name: 'hibah.receiver', receiver_id: h.minor.id }),
      partyName: h.minor.name,
      subjectName,
      mayShow: [h.caretaker.name],
    },
  ];
  for (const w of h.witnesses) {
    links.push({
      kind: 'hibah.witness',
      url: await sign({ route_name: 'hibah.witness', witness_id: w.id }),
      partyName: w.name,
      subjectName,
      mayShow: [],
    });
  }
  // Its amendment, to the witnesses' step.
  const a = (
    await ok(
      t.call('POST', '/api/amendment', {
        token,
        body: { amendmentable_type: 'Hibah', amendmentable_id: h.id, notes: null, status: 0 },
      }),
      201,
    )
  ).amendment;
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const emails = [`ha1.${tag}@example.com`, `ha2.${tag}@example.com`];
  await ok(
    t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token,
      body: { witnesses: emails.map((e, i) => amendmentWitness(i + 1, e)) },
    }),
  );
  await grantorIdentity(t, h.c, h.id, a.id);
  await amendmentPatch(a.id, token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
  await amendmentPatch(a.id, officer, { status: 3 });
  await ok(
    t.call('POST', `/api/amendment/${a.id}/signature`, {
      token,
      body: { is_base64: true, description: 'amendment', document: SIGNATURE_PNG },
    }),
  );
  const before = t.mails.length;
  await amendmentPatch(a.id, token, { status: 4 });
  for (const [i, l] of (await witnessLinks(emails, before)).entries()) {
    links.push({
      kind: 'amendment.witness (hibah)',
      url: l.url,
      partyName: `Saksi Pindaan Hibah ${i + 1}`,
      subjectName: 'Rahman bin Yusof',
      mayShow: [],
    });
  }
  const [row] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
  collect(row.draft, pii, names);
  collect(await t.ctx.db.select().from(users).where(eq(users.id, h.c.id)), pii, new Set());
  collect(await t.ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id)), pii, names);
  const ids = [h.id];
  collect(
    {
      receivers: await t.ctx.db.select().from(hibah_receivers).where(inArray(hibah_receivers.hibah_id, ids)),
      caretakers: await t.ctx.db.select().from(hibah_caretakers).where(inArray(hibah_caretakers.hibah_id, ids)),
      witnesses: await t.ctx.db.select().from(hibah_witnesses).where(inArray(hibah_witnesses.hibah_id, ids)),
    },
    pii,
    names,
  );
  return links;
}

describe('signed-link pages show only what is attested (issue 36 item 4)', () => {
  it('every signable route is classified: an attestation page (checked here) or not a page for a party', () => {
    const unknown = signableRouteNames().filter((n) => !ATTESTATION_PAGES.includes(n) && !NOT_ATTESTATION.includes(n));
    expect(unknown).toEqual([]);
    for (const n of ATTESTATION_PAGES) expect(signableRouteNames()).toContain(n);
  });

  it('no heir, other party, testator contact or full MyKad in any page, opened by an outsider', async () => {
    const pii = new Set<string>();
    const names = new Set<string>();
    const links = [...(await willAmendmentWorld(pii, names)), ...(await hibahWorld(pii, names))];
    const kinds = new Set(links.map((l) => l.kind.split(' ')[0]));
    expect([...kinds].sort()).toEqual([...ATTESTATION_PAGES].sort());
    expect(pii.size).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const l of links) {
      const r = await t.call('GET', l.url);
      expect(r.status, `${l.kind} ${JSON.stringify(r.body)}`).toBe(200);
      const body = JSON.stringify(r.body);
      const allowed = new Set([l.partyName, l.subjectName, ...l.mayShow]);
      for (const s of pii) if (body.includes(s)) leaks.push(`${l.kind}: ${s}`);
      for (const n of names) if (!allowed.has(n) && body.includes(n)) leaks.push(`${l.kind}: name ${n}`);
      // What the page must still show: the subject (masked MyKad), the document's version and hash, the holder.
      expect(r.body.subject.name).toBe(l.subjectName);
      expect(r.body.subject.ic_number).toMatch(/^\d{6}\*{4}\d{2}$/);
      expect(r.body.document.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(r.body.document.version).toBeGreaterThanOrEqual(1);
      expect(r.body.party.name).toBe(l.partyName);
    }
    console.log(`signed-link pages checked: ${links.length} (${[...kinds].join(', ')}), leaks found: ${leaks.length}`);
    expect(leaks).toEqual([]);
  }, 240_000);
});
