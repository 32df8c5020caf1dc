/**
 * The heirs' consent (issue 40 item 5; ADR 0275), over HTTP on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): a registered will of a woman with a wasiat am of 10% to her husband (a bequest to an heir) and half of
 * a bank account to her minor son (beyond his faraid share of 5/18); her death is verified and each heir opens their
 * release with the code and their MyKad. Two adult heirs consent to the husband's bequest and one refuses; the
 * husband does not decide his own; the minor cannot, an heir marked under guardianship cannot, a non-heir (the
 * executor) cannot, a revoked link cannot; a decision is final; every decision is audited; staff and the registering
 * organisation see the status and the sealed record, another organisation gets a 404; `consentsOf` returns them.
 * What a release may do is its estate role's in the one permission table (ADR 0288): a release whose roles no
 * longer include `heir` is refused even for an heir of the will, and an heir of this estate reaches nothing of
 * another deceased's estate.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  audit_events,
  bequests,
  death_releases,
  heirs,
  issued_documents,
  mail_outbox,
  organizations,
  users,
} from '../../db/schema/index.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { personWithRegisteredWill, releaseFaces, reportBody, verifiedReporter } from '../deaths/test-fixtures.ts';
import { insertUser, insertWill } from '../documents/fixtures.ts';
import { consentsOf } from '../estates/index.ts';
import { newMykad, ok } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let partner: string;
let otherPartner: string;
let willId: string;
let reportId: string;
let hassanBequest: string;
const ORG_EMAIL = 'amanah@demo-consent.example';
const HASSAN = { ic: '880101145511', email: 'hassan@consent.example' };
const ALI = { ic: '150505140123', email: 'ali@consent.example' };
const NUR = { ic: '080101145552', email: 'nur@consent.example' };
const KHADIJAH = { ic: '650101145564', email: 'khadijah@consent.example' };
const OMAR = { ic: '600101145571', email: 'omar@consent.example' };

/** The release link of `email` (its query: expires and signature), from the outbox mail. */
async function linkOf(email: string) {
  const [rel] = await t.ctx.db
    .select()
    .from(death_releases)
    .where(and(eq(death_releases.email, email), eq(death_releases.instrument_id, willId)));
  const [m] = await t.ctx.db
    .select()
    .from(mail_outbox)
    .where(and(eq(mail_outbox.to_email, email), eq(mail_outbox.kind, 'release')));
  const q = new RegExp(`/kematian/dokumen/${rel.id}\\?(\\S+)`).exec(m.body ?? '')?.[1] ?? '';
  return { rel, q, base: `/api/public/release/${rel.id}` };
}

const opened = new Map<string, { base: string; q: string; rel: Awaited<ReturnType<typeof linkOf>>['rel'] }>();

/**
 * Open `email`'s release with a mailed code and the MyKad, once per test file (the access lasts 30 minutes; the codes
 * are limited per address). @returns the base path, the query with the access, the release.
 */
async function open(email: string, ic: string) {
  const seen = opened.get(email);
  if (seen) return seen;
  const { base, q, rel } = await linkOf(email);
  const before = t.mails.length;
  await ok(t.call('POST', `${base}/code?${q}`, { body: {} }));
  await expect.poll(() => t.mails.slice(before).filter((m) => m.to.includes(email)).length).toBe(1);
  const raw = t.mails.slice(before).find((m) => m.to.includes(email))?.raw ?? '';
  const code = /\b(\d{6})\b/.exec(decodeMail(raw))?.[1] ?? '';
  const { mykad_image, selfie_image } = await releaseFaces();
  const out = await ok(
    t.call('POST', `${base}/identity?${q}`, { body: { code, ic_number: ic, mykad_image, selfie_image } }),
  );
  const h = { base, q: `${q}&access=${encodeURIComponent(out.access.token)}`, rel };
  opened.set(email, h);
  return h;
}

const decide = (h: { base: string; q: string }, bequest_ref: string, decision: string, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `${h.base}/consents?${h.q}`, { body: { bequest_ref, decision, confirm: true }, lang });

beforeAll(async () => {
  t = await makeTestApp();
  const officer = await t.login('officer');
  [staff, partner] = [await t.login('staff'), await t.login('partner')];
  await t.ctx.db.insert(organizations).values({ type: 'private', name: 'Lain Amanah Berhad', code: 'LAINCON' });
  await insertUser(t.ctx, { username: 'lain.partner.c', role: 'Partner', ic: newMykad(), orgCode: 'LAINCON' });
  otherPartner = await t.login('lain.partner.c');
  await t.ctx.db
    .update(organizations)
    .set({ email: ORG_EMAIL, registration_number: '202001012345' })
    .where(eq(organizations.code, 'DEMO'));
  // Aminah's registered will: husband Hassan, son Ali (born 2015, a minor), half of her Maybank account to Ali.
  ({ willId } = await insertWill(t.ctx, { wasiatNo: 'W2026-710001', receiptNo: 'R2026-710001' }));
  await t.ctx.db.update(heirs).set({ email: HASSAN.email }).where(eq(heirs.ic_number, HASSAN.ic));
  await t.ctx.db.update(heirs).set({ email: ALI.email }).where(eq(heirs.ic_number, ALI.ic));
  const owner = { heirable_type: 'Wasiat', heirable_id: willId };
  await t.ctx.db.insert(heirs).values([
    { ...owner, name: 'Nur binti Hassan', relationship: 'son', ic_number: NUR.ic, email: NUR.email },
    { ...owner, name: 'Khadijah binti Musa', relationship: 'mother', ic_number: KHADIJAH.ic, email: KHADIJAH.email },
    { ...owner, name: 'Omar bin Yusof', relationship: 'father', ic_number: OMAR.ic, email: OMAR.email },
  ]);
  // A wasiat am of 10% of the net estate to her husband: a bequest to an heir.
  const [b] = await t.ctx.db
    .insert(bequests)
    .values({
      wasiat_id: willId,
      beneficiary_name: 'Hassan bin Omar',
      ic_number: HASSAN.ic,
      relationship: 'husband',
      purpose: 'Untuk suami',
      portion: '10%',
    })
    .returning();
  hassanBequest = `bequest:${b.id}`;
  const reporter = await verifiedReporter(t);
  const [client] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
  const rep = await ok(
    t.call('POST', '/api/death-report', { token: reporter.token, body: reportBody(client.ic_number as string) }),
    201,
  );
  reportId = rep.death_report.id;
  await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: staff, body: {} }));
  await ok(t.call('POST', `/api/death-report/${reportId}/verify`, { token: officer, body: {} }));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('an heir sees the bequests needing consent', () => {
  it('lists the bequest to the husband and the son’s share beyond faraid, with amounts and reasons', async () => {
    const nur = await open(NUR.email, NUR.ic);
    const { consents } = await ok(t.call('GET', `${nur.base}/consents?${nur.q}`, { lang: 'en' }));
    expect(consents).toMatchObject({ heir_name: 'Nur binti Hassan', capacity: 'adult', why: null });
    const refs = consents.bequests.map((x: { bequest_ref: string }) => x.bequest_ref);
    expect(refs).toHaveLength(2);
    expect(refs[1]).toBe(hassanBequest);
    expect(refs[0]).toMatch(/^moveable:/);
    // Ali's half of RM 50,000 less his faraid 5/18 (husband 1/4, parents 1/6 each, son and daughter the rest 2:1):
    // 2/9 of RM 50,000 = RM 11,111.11; the husband's 10% of the net estate (RM 50,000) = RM 5,000.
    expect(consents.bequests[0]).toMatchObject({
      reason: 'to_heir',
      reason_text: 'A bequest to an heir',
      amount_sen: 1_111_111,
      to: ['Ali bin Hassan'],
      status: 'pending',
      can_decide: true,
    });
    expect(consents.bequests[1]).toMatchObject({
      reason: 'to_heir',
      amount_sen: 500_000,
      to: ['Hassan bin Omar'],
      label: 'General bequest — Untuk suami (Hassan bin Omar)',
      can_decide: true,
    });
  });

  it('needs the access: the link alone is a 403, a tampered link a 403', async () => {
    const { base, q } = await linkOf(NUR.email);
    expect((await t.call('GET', `${base}/consents?${q}`)).status).toBe(403);
    const nur = await open(NUR.email, NUR.ic);
    const bad = nur.q.replace(/signature=[^&]+/, 'signature=00');
    expect((await t.call('GET', `${nur.base}/consents?${bad}`)).status).toBe(403);
  });
});

describe('deciding', () => {
  it('two adult heirs consent and one refuses; the husband does not decide his own bequest', async () => {
    const nur = await open(NUR.email, NUR.ic);
    const out = await ok(decide(nur, hassanBequest, 'consented'));
    expect(out.message).toBe('Your decision is recorded.');
    const mine = out.consents.bequests.find((x: { bequest_ref: string }) => x.bequest_ref === hassanBequest);
    expect(mine).toMatchObject({ status: 'consented', can_decide: false });
    expect(typeof mine.decided_at).toBe('string');
    await ok(decide(await open(KHADIJAH.email, KHADIJAH.ic), hassanBequest, 'consented'));
    await ok(decide(await open(OMAR.email, OMAR.ic), hassanBequest, 'refused'));
    const hassan = await open(HASSAN.email, HASSAN.ic);
    const own = await decide(hassan, hassanBequest, 'consented');
    expect(own.status).toBe(422);
    expect(own.body.errors.bequest_ref[0]).toBe('This bequest is to you: the other heirs decide on it.');
  });

  it('a decision is final: a second one is a 422 naming bequest_ref, in Malay too', async () => {
    const nur = await open(NUR.email, NUR.ic);
    const again = await decide(nur, hassanBequest, 'refused', 'ms');
    expect(again.status).toBe(422);
    expect(again.body.errors.bequest_ref[0]).toMatch(/muktamad/);
  });

  it('refuses bad input with the field named: an unknown bequest, no confirmation, no decision', async () => {
    const nur = await open(NUR.email, NUR.ic);
    const unknown = await decide(nur, 'bequest:no-such-bequest', 'consented');
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['bequest_ref']);
    const unconfirmed = await t.call('POST', `${nur.base}/consents?${nur.q}`, {
      body: { bequest_ref: hassanBequest, decision: 'consented', confirm: false },
      lang: 'en',
    });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors.confirm[0]).toBe('Confirm your decision: it cannot be changed afterwards.');
    const noDecision = await t.call('POST', `${nur.base}/consents?${nur.q}`, {
      body: { bequest_ref: hassanBequest, confirm: true },
    });
    expect(Object.keys(noDecision.body.errors)).toEqual(['decision']);
  });

  it('a minor cannot consent (403), and sees why', async () => {
    const ali = await open(ALI.email, ALI.ic);
    const { consents } = await ok(t.call('GET', `${ali.base}/consents?${ali.q}`, { lang: 'en' }));
    expect(consents.capacity).toBe('minor');
    expect(consents.why).toMatch(/under 18/);
    expect(consents.bequests.every((b: { can_decide: boolean }) => !b.can_decide)).toBe(true);
    const out = await decide(ali, hassanBequest, 'consented');
    expect(out.status).toBe(403);
    expect(out.body.message).toMatch(/Age of Majority Act 1971/);
  });

  it('an heir marked under guardianship by staff cannot consent; the mark is audited; cleared, they can', async () => {
    const [row] = await t.ctx.db.select().from(heirs).where(eq(heirs.ic_number, HASSAN.ic));
    const path = `/api/death-report/${reportId}/consent-heirs/${row.id}`;
    expect((await t.call('PUT', path, { token: partner, body: { under_guardianship: true } })).status).toBe(403);
    const marked = await ok(
      t.call('PUT', path, { token: staff, body: { under_guardianship: true, note: 'Perintah mahkamah' }, lang: 'en' }),
    );
    expect(marked.message).toBe("The heir's guardianship is saved.");
    const hassan = await open(HASSAN.email, HASSAN.ic);
    const out = await decide(hassan, (await moveableRef(hassan)) as string, 'consented');
    expect(out.status).toBe(403);
    expect(out.body.message).toMatch(/under guardianship/);
    const wards = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.consent_ward'), eq(audit_events.entity_id, reportId)));
    expect(wards).toHaveLength(1);
    await ok(t.call('PUT', path, { token: staff, body: { under_guardianship: false } }));
    await ok(decide(hassan, (await moveableRef(hassan)) as string, 'consented'));
    // Marking one who has decided is refused: their decisions stand.
    const late = await t.call('PUT', path, { token: staff, body: { under_guardianship: true } });
    expect(late.status).toBe(422);
    expect(Object.keys(late.body.errors)).toEqual(['under_guardianship']);
  });

  it('a non-heir (the executor) neither sees the bequests nor decides: its estate role lacks it (403; ADR 0288)', async () => {
    const exec = await open(ORG_EMAIL, '202001012345');
    const seen = await t.call('GET', `${exec.base}/consents?${exec.q}`, { lang: 'en' });
    expect(seen.status).toBe(403);
    expect(seen.body.message).toBe('Only an heir named in the will decides on its bequests.');
    expect((await decide(exec, hassanBequest, 'consented')).status).toBe(403);
    expect((await t.call('GET', `${exec.base}/consent-record?${exec.q}`)).status).toBe(403);
  });

  it('a revoked link cannot decide (410)', async () => {
    const khadijah = await open(KHADIJAH.email, KHADIJAH.ic);
    await ok(
      t.call('POST', `/api/death-report/${reportId}/releases/${khadijah.rel.id}/revoke`, { token: staff, body: {} }),
    );
    const ref = (await moveableRef(await open(NUR.email, NUR.ic))) as string;
    expect((await decide(khadijah, ref, 'consented')).status).toBe(410);
  });

  it('every decision is audited with the heir, the bequest and the decision', async () => {
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.consent'), eq(audit_events.entity_id, reportId)));
    expect(events).toHaveLength(4);
    const decisions = events.map((e) => (e.after as { decision: string; bequest_ref: string }).decision).sort();
    expect(decisions).toEqual(['consented', 'consented', 'consented', 'refused']);
    expect(events.every((e) => e.actor_id === null)).toBe(true);
  });
});

/** The moveable bequest's reference as the heir sees it. */
async function moveableRef(h: { base: string; q: string }) {
  const { consents } = await ok(t.call('GET', `${h.base}/consents?${h.q}`));
  return consents.bequests.find((b: { bequest_ref: string }) => b.bequest_ref.startsWith('moveable:'))?.bequest_ref;
}

describe('the estate side', () => {
  it('staff and the registering organisation see the status per bequest; another organisation 404', async () => {
    const { consents } = await ok(t.call('GET', `/api/death-report/${reportId}/consents`, { token: staff }));
    const husband = consents.bequests.find((b: { bequest_ref: string }) => b.bequest_ref === hassanBequest);
    expect(husband).toMatchObject({ consented: 2, refused: 1, pending: 0 });
    const status = Object.fromEntries(husband.heirs.map((h: { name: string; status: string }) => [h.name, h.status]));
    expect(status).toEqual({
      'Hassan bin Omar': 'own',
      'Ali bin Hassan': 'minor',
      'Nur binti Hassan': 'consented',
      'Khadijah binti Musa': 'consented',
      'Omar bin Yusof': 'refused',
    });
    expect(consents.can_mark_wards).toBe(true);
    const org = await ok(t.call('GET', `/api/death-report/${reportId}/consents`, { token: partner }));
    expect(org.consents.can_mark_wards).toBe(false);
    expect((await t.call('GET', `/api/death-report/${reportId}/consents`, { token: otherPartner })).status).toBe(404);
    expect((await t.call('GET', `/api/death-report/${reportId}/consent-record`, { token: otherPartner })).status).toBe(
      404,
    );
  });

  it('consentsOf gives the estate file the latest decision per heir and bequest', async () => {
    const list = await consentsOf(t.ctx.db, reportId);
    const [nur] = await t.ctx.db.select().from(heirs).where(eq(heirs.ic_number, NUR.ic));
    const [omar] = await t.ctx.db.select().from(heirs).where(eq(heirs.ic_number, OMAR.ic));
    expect(list).toHaveLength(4);
    expect(list).toContainEqual(
      expect.objectContaining({ heir_id: nur.id, bequest_ref: hassanBequest, decision: 'consented' }),
    );
    expect(list).toContainEqual(
      expect.objectContaining({ heir_id: omar.id, bequest_ref: hassanBequest, decision: 'refused' }),
    );
    expect(list.every((c) => !Number.isNaN(Date.parse(c.decided_at)))).toBe(true);
    expect(await consentsOf(t.ctx.db, 'no-such-report')).toEqual([]);
  });

  it("the estate file's distribution follows the decisions: the consenting heirs' portions take effect, the refusing heir's stays", async () => {
    const file = (await ok(t.call('GET', `/api/death-report/${reportId}/estate-file`, { token: staff }))).file;
    const line = file.distribution.bequests.find((b: { ref: string }) => b.ref === hassanBequest);
    const [nur] = await t.ctx.db.select().from(heirs).where(eq(heirs.ic_number, NUR.ic));
    const [omar] = await t.ctx.db.select().from(heirs).where(eq(heirs.ic_number, OMAR.ic));
    const [khadijah] = await t.ctx.db.select().from(heirs).where(eq(heirs.ic_number, KHADIJAH.ic));
    const status = (id: string) => line.portions.find((p: { heir_id: string }) => p.heir_id === id)?.status;
    expect(status(nur.id)).toBe('consented');
    expect(status(khadijah.id)).toBe('consented');
    expect(status(omar.id)).toBe('refused');
    const sumOf = (st: string) =>
      line.portions
        .filter((p: { status: string }) => p.status === st)
        .reduce((a: number, p: { sen: number }) => a + p.sen, 0);
    // The refusing heir's portion and the minor's (who cannot consent) stay with them; the consenting heirs' and the
    // beneficiary's own take effect; nothing is lost or made (sen).
    // The portions are allocated by largest remainder (ADR 0282): they add up to the line exactly.
    expect(line.refused_sen).toBe(sumOf('refused') + sumOf('cannot_consent') + sumOf('baitulmal'));
    expect(sumOf('refused')).toBeGreaterThan(0);
    expect(line.effective_sen).toBe(line.free_sen + sumOf('consented') + sumOf('beneficiary'));
    expect(line.portions.reduce((a: number, p: { sen: number }) => a + p.sen, 0)).toBe(line.consent_sen);
    expect(line.effective_sen + line.refused_sen + line.awaiting_sen).toBe(line.asked_sen);
  });

  it('the sealed record: staff, the organisation and an heir download the same registered PDF; audited', async () => {
    const a = await t.call('GET', `/api/death-report/${reportId}/consent-record`, { token: staff });
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/pdf');
    expect(a.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(a.raw.includes(Buffer.from('/ByteRange'))).toBe(true);
    const b = await t.call('GET', `/api/death-report/${reportId}/consent-record`, { token: partner });
    expect(Buffer.compare(a.raw, b.raw)).toBe(0);
    const nur = await open(NUR.email, NUR.ic);
    const c = await t.call('GET', `${nur.base}/consent-record?${nur.q}`);
    expect(c.status).toBe(200);
    expect(Buffer.compare(a.raw, c.raw)).toBe(0);
    const issued = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_id, reportId), eq(issued_documents.kind, 'consent_record')));
    expect(issued).toHaveLength(1);
    const downloads = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'estate.consent_record'), eq(audit_events.entity_id, reportId)));
    expect(downloads).toHaveLength(3);
  });
});

describe('one source, and an heir added on the estate file after the will (ADR 0282)', () => {
  const SAID = { ic: '900202145537', email: 'said@consent.example' };

  it("shows the estate file's amounts after the death: funeral costs entered change what the heir is shown", async () => {
    await ok(
      t.call('PUT', `/api/death-report/${reportId}/estate-file/claims`, {
        token: staff,
        body: { funeral_sen: 1_000_000, other_debts_sen: 0 },
      }),
    );
    const file = (await ok(t.call('GET', `/api/death-report/${reportId}/estate-file`, { token: staff }))).file;
    const line = file.distribution.bequests.find((b: { ref: string }) => b.ref === hassanBequest);
    // The husband's 10% of RM 40,000 (RM 50,000 less RM 10,000 funeral costs), not of the will's RM 50,000.
    expect(line.consent_sen).toBe(400_000);
    const nur = await open(NUR.email, NUR.ic);
    const { consents } = await ok(t.call('GET', `${nur.base}/consents?${nur.q}`, { lang: 'en' }));
    const shown = consents.bequests.find((x: { bequest_ref: string }) => x.bequest_ref === hassanBequest);
    expect(shown.amount_sen).toBe(line.consent_sen);
    const estate = await ok(t.call('GET', `/api/death-report/${reportId}/consents`, { token: staff }));
    const row = estate.consents.bequests.find((x: { bequest_ref: string }) => x.bequest_ref === hassanBequest);
    expect(row.amount_sen).toBe(400_000);
  });

  it('an adult son added on the file with an e-mail gets a release, opens it and consents; the file follows', async () => {
    const added = await ok(
      t.call('POST', `/api/death-report/${reportId}/estate-file/heirs`, {
        token: staff,
        body: {
          kind: 'added',
          name: 'Said bin Hassan',
          relationship: 'son',
          ic_number: SAID.ic,
          email: SAID.email,
          event_date: '2026-01-10',
        },
      }),
      201,
    );
    const changeId = added.file.heirs.find((h: { name: string }) => h.name === 'Said bin Hassan').id;
    // Their own mail: the estate file records them as an heir, the will does not name them (ADR 0282).
    const [mail] = await t.ctx.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to_email, SAID.email), eq(mail_outbox.kind, 'release')));
    expect(mail.body).toContain('direkodkan dalam fail pusaka sebagai waris');
    expect(mail.body).toContain('recorded on the estate file as an heir');
    expect(mail.body).not.toContain('names you');
    const said = await open(SAID.email, SAID.ic);
    expect(said.rel).toMatchObject({ instrument_id: willId, role: 'heir' });
    const { consents } = await ok(t.call('GET', `${said.base}/consents?${said.q}`, { lang: 'en' }));
    expect(consents).toMatchObject({ heir_name: 'Said bin Hassan', capacity: 'adult' });
    expect(consents.bequests.find((x: { bequest_ref: string }) => x.bequest_ref === hassanBequest).can_decide).toBe(
      true,
    );
    await ok(decide(said, hassanBequest, 'consented'));
    const list = await consentsOf(t.ctx.db, reportId);
    expect(list).toContainEqual(
      expect.objectContaining({ heir_id: changeId, bequest_ref: hassanBequest, decision: 'consented' }),
    );
    const file = (await ok(t.call('GET', `/api/death-report/${reportId}/estate-file`, { token: staff }))).file;
    const line = file.distribution.bequests.find((b: { ref: string }) => b.ref === hassanBequest);
    expect(line.portions.find((p: { heir_id: string }) => p.heir_id === changeId)?.status).toBe('consented');
    const estate = await ok(t.call('GET', `/api/death-report/${reportId}/consents`, { token: staff }));
    expect(estate.consents.heirs.find((h: { id: string }) => h.id === changeId)).toMatchObject({
      origin: 'added',
      capacity: 'adult',
    });
    // The correction withdrawn: the added heir's release is revoked (410), their decision no longer counts.
    await ok(t.call('DELETE', `/api/estate-heir-change/${changeId}`, { token: staff }));
    expect((await t.call('GET', `${said.base}/consents?${said.q}`)).status).toBe(410);
    const after = (await ok(t.call('GET', `/api/death-report/${reportId}/estate-file`, { token: staff }))).file;
    const again = after.distribution.bequests.find((b: { ref: string }) => b.ref === hassanBequest);
    expect(again.portions.some((p: { heir_id: string }) => p.heir_id === changeId)).toBe(false);
  });

  it('refuses a malformed e-mail for an added heir, naming the field', async () => {
    const r = await t.call('POST', `/api/death-report/${reportId}/estate-file/heirs`, {
      token: staff,
      body: {
        kind: 'added',
        name: 'X',
        relationship: 'son',
        ic_number: '910303145539',
        email: 'x@',
        event_date: '2026-01-10',
      },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['email']);
  });
});

describe('estate roles: the one permission table decides, scoped to the estate (issue 40 item 9; ADR 0288)', () => {
  it("the release's estate role, not the data alone, decides: without the heir role an heir of the will is refused", async () => {
    const omar = await open(OMAR.email, OMAR.ic);
    expect((await ok(t.call('GET', `${omar.base}/consents?${omar.q}`))).consents.heir_name).toBe('Omar bin Yusof');
    // The same person, their release recording only a guardian's role (EstateNamed): no consent, no record.
    await t.ctx.db
      .update(death_releases)
      .set({ roles: ['guardian'] })
      .where(eq(death_releases.id, omar.rel.id));
    try {
      const seen = await t.call('GET', `${omar.base}/consents?${omar.q}`, { lang: 'ms' });
      expect(seen.status).toBe(403);
      expect(seen.body.message).toBe('Hanya waris yang dinamakan dalam wasiat membuat keputusan tentang wasiatnya.');
      expect((await t.call('GET', `${omar.base}/consent-record?${omar.q}`)).status).toBe(403);
      // Their documents stay open to them: every estate role reads the documents that name it.
      expect((await ok(t.call('GET', `${omar.base}/documents?${omar.q}`))).documents).toHaveLength(1);
      // A role the table does not know gives nothing at all (fail closed).
      await t.ctx.db
        .update(death_releases)
        .set({ roles: ['Staff'] })
        .where(eq(death_releases.id, omar.rel.id));
      expect((await t.call('GET', `${omar.base}/documents?${omar.q}`)).status).toBe(403);
    } finally {
      await t.ctx.db
        .update(death_releases)
        .set({ roles: ['heir'] })
        .where(eq(death_releases.id, omar.rel.id));
    }
    expect((await t.call('GET', `${omar.base}/consents?${omar.q}`)).status).toBe(200);
  });

  it("an heir of this estate reaches nothing of another deceased's estate", async () => {
    // Estate B: another person's registered will, an adult heir with an e-mail and a bequest to her; the death verified.
    const other = await personWithRegisteredWill(t);
    const ZAINAB = { ic: newMykad(false), email: 'zainab@consent-b.example' };
    const ownerB = { heirable_type: 'Wasiat', heirable_id: other.willId };
    await t.ctx.db.insert(heirs).values({
      ...ownerB,
      name: 'Zainab binti Ali',
      relationship: 'daughter',
      ic_number: ZAINAB.ic,
      email: ZAINAB.email,
    });
    const [bb] = await t.ctx.db
      .insert(bequests)
      .values({
        wasiat_id: other.willId,
        beneficiary_name: 'Zainab binti Ali',
        ic_number: ZAINAB.ic,
        relationship: 'daughter',
        purpose: 'Untuk anak',
        portion: '10%',
      })
      .returning();
    const reporter = await verifiedReporter(t);
    const rep = await ok(
      t.call('POST', '/api/death-report', { token: reporter.token, body: reportBody(other.ic) }),
      201,
    );
    await ok(t.call('POST', `/api/death-report/${rep.death_report.id}/verify`, { token: staff, body: {} }));
    await ok(
      t.call('POST', `/api/death-report/${rep.death_report.id}/verify`, { token: await t.login('officer'), body: {} }),
    );
    const [relB] = await t.ctx.db
      .select()
      .from(death_releases)
      .where(and(eq(death_releases.email, ZAINAB.email), eq(death_releases.instrument_id, other.willId)));
    expect(relB.roles).toEqual(['heir', 'beneficiary']);
    const [mail] = await t.ctx.db
      .select()
      .from(mail_outbox)
      .where(and(eq(mail_outbox.to_email, ZAINAB.email), eq(mail_outbox.kind, 'release')));
    const linkB = new RegExp(`/kematian/dokumen/${relB.id}\\?(\\S+)`).exec(mail.body ?? '')?.[1] ?? '';
    expect(linkB).toMatch(/signature=/);
    const baseB = `/api/public/release/${relB.id}`;

    const nur = await open(NUR.email, NUR.ic);
    const nurAccess = new URLSearchParams(nur.q).get('access') ?? '';
    // Her own link's signature on B's release: the link names one release (403), whatever the route.
    for (const path of ['', '/documents', '/consents', '/consent-record']) {
      expect((await t.call('GET', `${baseB}${path}?${nur.q}`)).status, path).toBe(403);
    }
    // B's link with her access: the access is her release's alone (403), to read or to decide.
    const withHers = `${linkB}&access=${encodeURIComponent(nurAccess)}`;
    expect((await t.call('GET', `${baseB}/consents?${withHers}`)).status).toBe(403);
    const post = await t.call('POST', `${baseB}/consents?${withHers}`, {
      body: { bequest_ref: `bequest:${bb.id}`, decision: 'refused', confirm: true },
    });
    expect(post.status).toBe(403);
    // Through her own release: B's will is not found (404), B's bequest is not one of this estate's (422, the field
    // named), and nothing was recorded on B.
    expect((await t.call('GET', `${nur.base}/document?${nur.q}&file=will:${other.willId}`)).status).toBe(404);
    const foreign = await decide(nur, `bequest:${bb.id}`, 'refused');
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['bequest_ref']);
    expect(await consentsOf(t.ctx.db, rep.death_report.id)).toEqual([]);
  });
});
