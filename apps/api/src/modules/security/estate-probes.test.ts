/**
 * Estate probes (issue 40 "Not done until": "Authorisation probes generated from the OpenAPI document cover the new
 * routes (an heir of one estate reaches nothing of another)"; ADRs 0267, 0275, 0288). Two deceased, each with a
 * registered will naming adult heirs and a bequest to an heir, each death verified by two staff; one heir of each
 * opens their release (mailed code and MyKad). Then, for EVERY route of the app's own OpenAPI document
 * (`GET /api/docs/json`) under `/api/public/release/{id}` — the routes an heir without an account uses — the heir of
 * estate A, holding their own signed link and access, calls the route with estate B's real values in each place a
 * value can name B:
 * - the path's release id is B's, with A's link and access (a guessed or leaked id);
 * - the path's release id is B's, with B's signed link (a forwarded mail) but A's access;
 * - the path is A's own, with B's values in every query and body field (B's document `file` names, B's bequest
 *   references): the lookup inside A's release must not find B's records.
 * An ATTEMPT SUCCEEDS when it answers below 400 with any of B's values (release id, deceased's name or MyKad, heirs'
 * names, bequest references, document names) that the request did not send, or when any consent of B's estate is
 * added or changed. Prints `estate probes: N attempts over M routes, 0 succeeded` and fails listing each success.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_TABLES } from '../../../test/cross-org.ts';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { type RouteDoc, routesOf } from '../../../test/id-locations.ts';
import { bequests, death_releases, estate_consents, heirs, mail_outbox, users } from '../../db/schema/index.ts';
import { mailTo } from '../amendments/hibah-test-fixtures.ts';
import { personWithRegisteredWill, releaseFaces, reportBody, verifiedReporter } from '../deaths/test-fixtures.ts';
import { insertWill } from '../documents/fixtures.ts';
import { newMykad, ok } from '../wills/test-fixtures.ts';

let t: TestApp;

/** One estate as its heir sees it: the will, the heir's release (link query and access), what B's values are. */
interface Estate {
  willId: string;
  reportId: string;
  deceasedName: string;
  deceasedIc: string;
  heir: { email: string; ic: string; name: string };
  releaseId: string;
  /** `expires=…&signature=…` of the mailed link. */
  link: string;
  /** The access token the identity step gave. */
  access: string;
  bequestRefs: string[];
  files: string[];
}

/** Add an adult heir with an e-mail and a 10% general bequest to them (a bequest needing consent) to `willId`. */
async function heirWithBequest(willId: string, name: string) {
  const heir = { email: `${name.split(' ')[0].toLowerCase()}-${randomInt(1e6)}@probe.example`, ic: newMykad(), name };
  await t.ctx.db.insert(heirs).values({
    heirable_type: 'Wasiat',
    heirable_id: willId,
    name,
    relationship: 'son',
    ic_number: heir.ic,
    email: heir.email,
  });
  await t.ctx.db
    .insert(bequests)
    .values({ wasiat_id: willId, beneficiary_name: name, ic_number: heir.ic, relationship: 'son', portion: '10%' });
  return heir;
}

/** Report and verify (staff, then officer) the death of the owner of MyKad `ic`. @returns the report's id. */
async function verifiedDeath(ic: string, certificate: string) {
  const reporter = await verifiedReporter(t);
  const rep = await ok(
    t.call('POST', '/api/death-report', {
      token: reporter.token,
      body: reportBody(ic, { certificate_no: certificate }),
    }),
    201,
  );
  for (const who of ['staff', 'officer']) {
    await ok(
      t.call('POST', `/api/death-report/${rep.death_report.id}/verify`, { token: await t.login(who), body: {} }),
    );
  }
  return rep.death_report.id as string;
}

/** Open `heir`'s release of `willId` with the mailed code and their MyKad; read its documents and bequests. */
async function openRelease(
  willId: string,
  reportId: string,
  deceased: { name: string; ic: string },
  heir: Estate['heir'],
) {
  const [rel] = await t.ctx.db
    .select()
    .from(death_releases)
    .where(and(eq(death_releases.email, heir.email), eq(death_releases.instrument_id, willId)));
  const [mail] = await t.ctx.db
    .select()
    .from(mail_outbox)
    .where(and(eq(mail_outbox.to_email, heir.email), eq(mail_outbox.kind, 'release')));
  const link = new RegExp(`/kematian/dokumen/${rel.id}\\?(\\S+)`).exec(mail.body ?? '')?.[1] ?? '';
  const base = `/api/public/release/${rel.id}`;
  const before = t.mails.length;
  await ok(t.call('POST', `${base}/code?${link}`, { body: {} }));
  // The release mail itself may arrive after `before` (the outbox sends it): wait for the code's own mail.
  let code = '';
  for (let i = 0; i < 20 && !code; i++) {
    const text = await mailTo(t, heir.email, before);
    code = /(?:kod|code)[^\n]*?\b(\d{6})\b/i.exec(text)?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  const { mykad_image, selfie_image } = await releaseFaces();
  const out = await ok(
    t.call('POST', `${base}/identity?${link}`, { body: { code, ic_number: heir.ic, mykad_image, selfie_image } }),
  );
  const access = out.access.token as string;
  const q = `${link}&access=${encodeURIComponent(access)}`;
  const { consents } = await ok(t.call('GET', `${base}/consents?${q}`));
  const estate: Estate = {
    willId,
    reportId,
    deceasedName: deceased.name,
    deceasedIc: deceased.ic,
    heir,
    releaseId: rel.id,
    link,
    access,
    bequestRefs: consents.bequests.map((b: { bequest_ref: string }) => b.bequest_ref),
    files: out.documents.map((d: { file: string }) => d.file),
  };
  expect(estate.bequestRefs.length).toBeGreaterThan(0);
  expect(estate.files.length).toBeGreaterThan(0);
  return estate;
}

let A: Estate;
let B: Estate;
let routes: RouteDoc[];

beforeAll(async () => {
  t = await makeTestApp();
  // Estate A: the demo client's registered will (documents/fixtures.ts), with an adult son and a bequest to him.
  const { willId: willA } = await insertWill(t.ctx, { wasiatNo: 'W2026-720001', receiptNo: 'R2026-720001' });
  const [client] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
  const heirA = await heirWithBequest(willA, 'Nur bin Hassan');
  const reportA = await verifiedDeath(client.ic_number as string, 'BD 720001');
  A = await openRelease(willA, reportA, { name: client.name, ic: client.ic_number as string }, heirA);
  // Estate B: another person's registered will, an adult son and a bequest to him.
  const b = await personWithRegisteredWill(t);
  const [owner] = await t.ctx.db.select().from(users).where(eq(users.id, b.id));
  const heirB = await heirWithBequest(b.willId, 'Yusuf bin Karim');
  const reportB = await verifiedDeath(owner.ic_number as string, 'BD 720002');
  B = await openRelease(b.willId, reportB, { name: owner.name, ic: owner.ic_number as string }, heirB);
  const doc = await ok(t.call('GET', '/api/docs/json'));
  routes = routesOf(doc, MAIN_TABLES).filter((r) => r.path.startsWith('/api/public/release/{id}'));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** B's values that A's heir must never be answered with. */
const secretsOfB = () => [B.releaseId, B.deceasedIc, B.deceasedName, B.heir.name, B.heir.ic, ...B.bequestRefs];

/** A stable picture of B's consents (a probe that decided for B changes it). */
async function consentsOfB() {
  const rows = await t.ctx.db.select().from(estate_consents).where(eq(estate_consents.death_report_id, B.reportId));
  return JSON.stringify(rows.map((r) => [r.id, r.heir_id, r.bequest_ref, r.decision]).sort());
}

/** The query and body fields of a route and what each holds in an attempt (B's value where one fits). */
function fieldsOf(r: RouteDoc, values: { file: string; bequestRef: string }) {
  const query: Record<string, string> = {};
  for (const p of r.query) {
    if (p.name === 'file') query.file = values.file;
  }
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(r.body)) {
    if (name === 'bequest_ref') body.bequest_ref = values.bequestRef;
    else if (name === 'decision') body.decision = 'consented';
    else if (name === 'confirm') body.confirm = true;
    else if (name === 'ic_number') body.ic_number = B.heir.ic;
    else if (name === 'code') body.code = '000000';
  }
  return { query, body };
}

describe('estate probes', () => {
  it('B’s own link and access do reach B’s documents and bequests (what the probes look for is there)', async () => {
    const q = `${B.link}&access=${encodeURIComponent(B.access)}`;
    const docs = await ok(t.call('GET', `/api/public/release/${B.releaseId}/documents?${q}`));
    expect(docs.documents.map((d: { file: string }) => d.file)).toEqual(B.files);
    const { consents } = await ok(t.call('GET', `/api/public/release/${B.releaseId}/consents?${q}`));
    expect(consents.bequests.map((b: { bequest_ref: string }) => b.bequest_ref)).toEqual(B.bequestRefs);
  });

  it('an heir of one estate reaches nothing of another, on every public release route', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const successes: string[] = [];
    const statuses: Record<number, number> = {};
    let attempts = 0;
    const accessA = `access=${encodeURIComponent(A.access)}`;
    for (const r of routes) {
      const path = (id: string) => r.path.replace('{id}', id);
      const usesFile = r.query.some((p) => p.name === 'file');
      const usesRef = 'bequest_ref' in r.body;
      const values: { file: string; bequestRef: string }[] = [];
      for (const file of usesFile ? [...B.files, A.files[0]] : [A.files[0]]) {
        for (const bequestRef of usesRef ? [...B.bequestRefs, A.bequestRefs[0]] : [A.bequestRefs[0]]) {
          values.push({ file, bequestRef });
        }
      }
      const shapes: { label: string; id: string; q: string; values: { file: string; bequestRef: string } }[] = [];
      for (const v of values) {
        shapes.push({ label: `B's id, A's link+access`, id: B.releaseId, q: `${A.link}&${accessA}`, values: v });
        shapes.push({ label: `B's link, A's access`, id: B.releaseId, q: `${B.link}&${accessA}`, values: v });
        shapes.push({ label: `B's id, A's access only`, id: B.releaseId, q: accessA, values: v });
        const mine = v.file === A.files[0] && v.bequestRef === A.bequestRefs[0];
        if (!mine)
          shapes.push({ label: `A's own link, B's values`, id: A.releaseId, q: `${A.link}&${accessA}`, values: v });
      }
      for (const s of shapes) {
        const { query, body } = fieldsOf(r, s.values);
        const extra = new URLSearchParams(query).toString();
        const url = `${path(s.id)}?${s.q}${extra ? `&${extra}` : ''}`;
        const before = await consentsOfB();
        const res = await t.call(r.method, url, Object.keys(r.body).length ? { body } : {});
        attempts++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const sent = `${url} ${JSON.stringify(body)}`;
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
        // B's forwarded link opens what the link alone opens (the landing page, a code, the identity step) for whoever
        // holds it, by design; A's access must add nothing to it, so what the link alone answers is subtracted.
        let baseline = '';
        if (s.label === `B's link, A's access`) {
          const alone = await t.call(
            r.method,
            url.replace(`&${accessA}`, ''),
            Object.keys(r.body).length ? { body } : {},
          );
          baseline = alone.status < 400 ? JSON.stringify(alone.body ?? '') : '';
        }
        const leaked =
          res.status < 400
            ? secretsOfB().filter((x) => x && !sent.includes(x) && text.includes(x) && !baseline.includes(x))
            : [];
        // A PDF answered for B's file is a success too (its bytes are B's document).
        const pdfOfB = res.status < 400 && r.path.endsWith('/document') && B.files.includes(s.values.file);
        const changed = (await consentsOfB()) !== before;
        if (leaked.length || pdfOfB || changed) {
          successes.push(
            `${r.method} ${r.path} [${s.label}] ${res.status} leaked=${leaked.join(',')} changed=${changed}`,
          );
        }
      }
    }
    console.log(
      `estate probes: ${attempts} attempts over ${routes.length} routes, ${successes.length} succeeded; statuses ${JSON.stringify(statuses)}`,
    );
    expect(successes).toEqual([]);
    // The probes reached the decision, not only the signature check: A's own link with B's values was answered.
    expect(Object.keys(statuses).some((s) => Number(s) === 422 || Number(s) === 404)).toBe(true);
  }, 600_000);
});
