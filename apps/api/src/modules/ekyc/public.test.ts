/**
 * Public eKYC by a signed link (ADR 0091) over HTTP with the real face model and OCR: a staff member (who
 * may see the will) signs an `ekyc` link; the testator exchanges it for a public token without logging in
 * and verifies their face (a failed attempt with another person's selfie, then a pass), then confirms the
 * particulars read from the card. Tampered and expired links, a foreign card number, and the public token
 * on a private route are refused. A revoked link (ADR 0095) and the tokens taken from it answer 410.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, users, wills } from '../../db/schema/index.ts';
import { stopOcr } from '../mykad/index.ts';
import { type Client, newClient, ok, orgAndBranch, pay, userDetail } from '../wills/test-fixtures.ts';
import { loadFaceModel } from './face.ts';
import { ekycLinkPath } from './public.ts';
import { dataUrl, faceCrop, syntheticMykadWithText } from './test-images.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  await loadFaceModel();
  t = await makeTestApp();
  staff = await t.login('staff');
}, 120_000);
afterAll(async () => {
  await stopOcr();
  await t?.close();
});

async function willOf(c: Client) {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
  return w.id as string;
}

const card = (ic: string) =>
  syntheticMykadWithText('d', {
    ic,
    name: 'AHMAD FARIS BIN\nKAMARUDIN',
    address: ['NO 12 JALAN MELATI 3', 'TAMAN SRI GOMBAK', '68100 BATU CAVES', 'SELANGOR'],
  }).then((b) => dataUrl(b));

/** The link's query as the page reads it. */
const linkParams = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('public eKYC link', () => {
  it('is signed only for someone who may see the will, and refused when tampered or expired', async () => {
    const c = await newClient(t);
    const id = await willOf(c);
    const outsider = await newClient(t);
    expect(
      (
        await ok(
          t.call('POST', '/api/route/sign', { token: outsider.token, body: { route_name: 'ekyc', wasiat_id: id } }),
        )
      ).url,
    ).toBe('');
    const { url } = await ok(
      t.call('POST', '/api/route/sign', { token: staff, body: { route_name: 'ekyc', wasiat_id: id } }),
    );
    expect(url).toMatch(new RegExp(`^/ekyc\\?wasiat_id=${id}&link_id=[^&]+&expires=\\d+&signature=`));
    const p = linkParams(url);
    const tampered = await t.call('POST', '/api/ekyc/public/token', {
      body: { ...p, signature: `${p.signature.slice(0, -2)}xx` },
      lang: 'en',
    });
    expect(tampered.status).toBe(403);
    expect(tampered.body.message).toContain('invalid or has expired');
    const other = await t.call('POST', '/api/ekyc/public/token', { body: { ...p, wasiat_id: `${id}x` } });
    expect(other.status).toBe(403);
    const old = linkParams(t.ctx.signer.sign(ekycLinkPath(id, p.link_id), 60, Date.now() - 3600_000));
    expect((await t.call('POST', '/api/ekyc/public/token', { body: old })).status).toBe(403);
    // A validly signed link whose id was never issued.
    const unknown = linkParams(t.ctx.signer.sign(ekycLinkPath(id, 'nolink'), 600));
    expect((await t.call('POST', '/api/ekyc/public/token', { body: unknown })).status).toBe(403);
    // No token, or a made-up one, on a public eKYC route.
    expect((await t.call('GET', '/api/ekyc/public/status')).status).toBe(403);
    expect((await t.call('GET', '/api/ekyc/public/status', { token: `${id}.x.9999999999.abc` })).status).toBe(403);
  });

  it('can be revoked by its issuer or an eKYC reviewer: the link and its tokens then answer 410', async () => {
    const c = await newClient(t);
    const id = await willOf(c);
    const agentLike = staff;
    const first = linkParams(
      (await ok(t.call('POST', '/api/route/sign', { token: agentLike, body: { route_name: 'ekyc', wasiat_id: id } })))
        .url,
    );
    const second = linkParams(
      (await ok(t.call('POST', '/api/route/sign', { token: c.token, body: { route_name: 'ekyc', wasiat_id: id } })))
        .url,
    );
    const pub = (await ok(t.call('POST', '/api/ekyc/public/token', { body: first }))).bearer_token as string;
    expect((await t.call('GET', '/api/ekyc/public/status', { token: pub })).status).toBe(200);

    // The will's links, newest first; the testator may revoke their own link but not staff's.
    const listed = await ok(t.call('GET', `/api/ekyc/links?wasiat_id=${id}`, { token: c.token }));
    expect(listed.links.map((l: any) => l.id)).toEqual([second.link_id, first.link_id]);
    expect(listed.links.map((l: any) => l.can_revoke)).toEqual([true, false]);
    expect((await t.call('POST', `/api/ekyc/links/${first.link_id}/revoke`, { token: c.token })).status).toBe(404);
    const outsider = await newClient(t);
    expect((await t.call('GET', `/api/ekyc/links?wasiat_id=${id}`, { token: outsider.token })).status).toBe(404);
    expect((await t.call('POST', `/api/ekyc/links/${second.link_id}/revoke`, { token: outsider.token })).status).toBe(
      404,
    );

    const revoked = await ok(t.call('POST', `/api/ekyc/links/${first.link_id}/revoke`, { token: staff, lang: 'en' }));
    expect(revoked.link).toMatchObject({ id: first.link_id, active: false, can_revoke: false });
    expect(revoked.link.revoked_at).not.toBeNull();
    expect(revoked.message).toBe('The link has been revoked.');
    for (const lang of ['en', 'ms'] as const) {
      const again = await t.call('POST', '/api/ekyc/public/token', { body: first, lang });
      expect(again.status).toBe(410);
      expect(again.body.message).toBe(
        lang === 'en'
          ? 'This link has been revoked. Please ask your agent for a new link.'
          : 'Pautan ini telah dibatalkan. Sila minta pautan baharu daripada ejen anda.',
      );
    }
    // A token taken before the revocation stops working too; the other link still works.
    expect((await t.call('GET', '/api/ekyc/public/status', { token: pub })).status).toBe(410);
    expect(
      (
        await t.call('POST', '/api/ekyc/public/face-verification', {
          token: pub,
          body: { selfie_image: dataUrl(await faceCrop('d')), mykad_image: await card(c.ic) },
        })
      ).status,
    ).toBe(410);
    expect((await t.call('POST', '/api/ekyc/public/token', { body: second })).status).toBe(200);
    // The testator revokes their own; both revocations are audited.
    await ok(t.call('POST', `/api/ekyc/links/${second.link_id}/revoke`, { token: c.token }));
    expect((await t.call('POST', '/api/ekyc/public/token', { body: second })).status).toBe(410);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id));
    expect(events.filter((e) => e.action === 'ekyc.link_revoke')).toHaveLength(2);
    expect(events.filter((e) => e.action === 'ekyc.link_issue')).toHaveLength(2);
  }, 120_000);

  it('lets the testator verify without logging in: a failed attempt, a pass, then the particulars confirmed', async () => {
    const c = await newClient(t);
    const id = await willOf(c);
    const { url } = await ok(
      t.call('POST', '/api/route/sign', { token: staff, body: { route_name: 'ekyc', wasiat_id: id } }),
    );
    const ex = await ok(t.call('POST', '/api/ekyc/public/token', { body: linkParams(url) }));
    const pub = ex.bearer_token as string;
    expect(ex.ekyc).toMatchObject({
      wasiat_id: id,
      face_verification_count: 0,
      max_attempts: 3,
      ekyc_verified_at: null,
    });
    // The public token is not a login.
    expect((await t.call('GET', `/api/wasiat/${id}`, { token: pub })).status).toBe(401);

    const front = await card(c.ic);
    // A card with another number is refused before any face matching (not counted).
    const foreign = await t.call('POST', '/api/ekyc/public/face-verification', {
      token: pub,
      body: { selfie_image: dataUrl(await faceCrop('d')), mykad_image: await card('991231085551') },
      lang: 'en',
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.mykad_image[0]).toContain('does not match');

    const fail = await ok(
      t.call('POST', '/api/ekyc/public/face-verification', {
        token: pub,
        body: { selfie_image: dataUrl(await faceCrop('f')), mykad_image: front },
      }),
    );
    expect(fail.face_verification.passed).toBe(false);
    expect(fail.face_verification.verification_score).toBeLessThan(70);
    const pass = await ok(
      t.call('POST', '/api/ekyc/public/face-verification', {
        token: pub,
        body: { selfie_image: dataUrl(await faceCrop('d')), mykad_image: front },
      }),
    );
    expect(pass.face_verification.passed).toBe(true);
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(w.face_verification_count).toBe(2);
    expect(w.ekyc_verified_at).not.toBeNull();
    const status = await ok(t.call('GET', '/api/ekyc/public/status', { token: pub }));
    expect(status.ekyc.face_verification_count).toBe(2);

    const read = await ok(t.call('GET', '/api/ekyc/public/document-ocr', { token: pub }));
    expect(read.document_ocr).toMatchObject({ ic_number: c.ic, name: 'AHMAD FARIS BIN KAMARUDIN', postcode: '68100' });
    const bad = await t.call('POST', '/api/ekyc/public/validation', {
      token: pub,
      body: { name: 'AHMAD FARIS BIN KAMARUDIN', address: 'x', postcode: '123' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['postcode']);
    const done = await ok(
      t.call('POST', '/api/ekyc/public/validation', {
        token: pub,
        body: {
          name: 'Ahmad Faris bin Kamarudin',
          address: 'No 12 Jalan Melati 3, Taman Sri Gombak',
          postcode: '68100',
          city: 'Batu Caves',
          state: 'Selangor',
        },
      }),
    );
    expect(done.document_ocr.confirmed_at).not.toBeNull();
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    expect(u).toMatchObject({ name: 'Ahmad Faris bin Kamarudin', postcode: '68100', state: 'Selangor' });
    // Once verified, no new link is signed.
    expect(
      (await ok(t.call('POST', '/api/route/sign', { token: staff, body: { route_name: 'ekyc', wasiat_id: id } }))).url,
    ).toBe('');
  }, 120_000);
});
