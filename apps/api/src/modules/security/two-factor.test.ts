/**
 * The second factor of staff logins over HTTP on a real database (issue 11; ADR 0081): TOTP with otplib,
 * enrolment with an otpauth QR code, 10 hashed one-time recovery codes, no replay, challenge limits,
 * the administrator's reset.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, recovery_codes, two_factors, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { CHALLENGE_MAX_ATTEMPTS, currentCode, DEMO_TOTP_SECRET } from '../auth/two-factor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => vi.useRealTimers());

const loginAnswer = (username: string, password = 'Demo12345') =>
  t.call('POST', '/api/login', { body: { username, password } });
const verify = (challenge: string, code: string) =>
  t.call('POST', '/api/two-factor/verify', { body: { challenge, code } });
const me = (token: string) => t.call('GET', '/api/authenticate', { token }).then((r) => r.status);

async function newOfficer(username: string) {
  await t.ctx.db.insert(users).values({
    name: 'Pegawai Baharu',
    username,
    email: `${username}@example.com`,
    password_hash: await hashPassword('Rahsia123'),
    role: 'Officer',
  });
}

describe('login with a second factor', () => {
  it('staff, officer and admin get a challenge instead of a token; client, agent, partner and accountant do not', async () => {
    for (const u of ['staff', 'officer', 'admin']) {
      const r = await loginAnswer(u);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ two_factor_required: true, enrolment_required: false, challenge: expect.any(String) });
      expect(r.body.token).toBeUndefined();
    }
    for (const u of ['client', 'agent', 'partner', 'accountant']) {
      const r = await loginAnswer(u);
      expect(typeof r.body.token).toBe('string');
    }
  });

  it('a correct TOTP code gives { user, token }; a wrong one is a translated 422 on code; a used code is refused', async () => {
    await t.ctx.db.update(two_factors).set({ last_time_step: null });
    const a = await loginAnswer('staff');
    const bad = await t.call('POST', '/api/two-factor/verify', {
      body: {
        challenge: a.body.challenge,
        code: '000000' === (await currentCode(DEMO_TOTP_SECRET)) ? '111111' : '000000',
      },
      lang: 'ms',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code).toEqual(['Kod tidak betul atau telah digunakan. Sila cuba lagi.']);
    const code = await currentCode(DEMO_TOTP_SECRET);
    const ok = await verify(a.body.challenge, code);
    expect(ok.status).toBe(200);
    expect(ok.body.user.roles).toEqual([{ name: 'Staff' }]);
    expect(await me(ok.body.token)).toBe(200);
    // the challenge is spent
    expect((await verify(a.body.challenge, code)).status).toBe(422);
    // the same code on a new login is a replay
    const b = await loginAnswer('staff');
    const replay = await verify(b.body.challenge, code);
    expect(replay.status).toBe(422);
    expect(replay.body.errors.code).toBeDefined();
  });

  it('a challenge ends after 5 minutes and after 5 wrong codes', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const a = await loginAnswer('officer');
    vi.setSystemTime(start + 5 * 60 * 1000 + 1000);
    await t.ctx.db.update(two_factors).set({ last_time_step: null });
    const late = await verify(a.body.challenge, await currentCode(DEMO_TOTP_SECRET));
    expect(late.status).toBe(422);
    expect(late.body.errors.challenge).toBeDefined();
    vi.useRealTimers();

    const b = await loginAnswer('officer');
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++)
      expect((await verify(b.body.challenge, 'ABCDE-FGHIJ')).status).toBe(422);
    await t.ctx.db.update(two_factors).set({ last_time_step: null });
    const after = await verify(b.body.challenge, await currentCode(DEMO_TOTP_SECRET));
    expect(after.status).toBe(422);
    expect(after.body.errors.challenge).toBeDefined();
  });
});

describe('enrolment and recovery codes', () => {
  it('enrols with an otpauth QR code, confirms with a code, and hands out 10 one-time recovery codes', async () => {
    await newOfficer('pegawai1');
    const a = await loginAnswer('pegawai1', 'Rahsia123');
    expect(a.body).toMatchObject({ two_factor_required: true, enrolment_required: true });
    // no secret until enrolment; a code cannot be checked yet
    const e = await t.call('POST', '/api/two-factor/enrol', { body: { challenge: a.body.challenge } });
    expect(e.status).toBe(200);
    expect(e.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(e.body.otpauth_url).toBe(`otpauth://totp/Wasiat:pegawai1?secret=${e.body.secret}&issuer=Wasiat`);
    expect(e.body.qr_code).toMatch(/^data:image\/png;base64,/);
    const v = await verify(a.body.challenge, await currentCode(e.body.secret));
    expect(v.status).toBe(200);
    expect(v.body.recovery_codes).toHaveLength(10);
    expect(new Set(v.body.recovery_codes).size).toBe(10);
    for (const c of v.body.recovery_codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    // stored sealed and hashed, never in plain text
    const [u] = await t.ctx.db.select().from(users).where(eq(users.username, 'pegawai1'));
    const [tf] = await t.ctx.db.select().from(two_factors).where(eq(two_factors.user_id, u.id));
    expect(tf.secret).not.toContain(e.body.secret);
    expect(tf.confirmed_at).toBeInstanceOf(Date);
    const stored = await t.ctx.db.select().from(recovery_codes).where(eq(recovery_codes.user_id, u.id));
    expect(stored).toHaveLength(10);
    const all = JSON.stringify(stored);
    for (const c of v.body.recovery_codes) expect(all).not.toContain(c.replace('-', ''));

    // enrolled: a second enrolment is refused
    const again = await loginAnswer('pegawai1', 'Rahsia123');
    expect(again.body.enrolment_required).toBe(false);
    expect((await t.call('POST', '/api/two-factor/enrol', { body: { challenge: again.body.challenge } })).status).toBe(
      422,
    );
    // a recovery code (any case, without the dash) logs in once
    const rc = v.body.recovery_codes[3] as string;
    const viaCode = await verify(again.body.challenge, rc.replace('-', '').toLowerCase());
    expect(viaCode.status).toBe(200);
    expect(viaCode.body.recovery_codes).toBeUndefined();
    const third = await loginAnswer('pegawai1', 'Rahsia123');
    expect((await verify(third.body.challenge, rc)).status).toBe(422);
    const status = await t.call('GET', '/api/two-factor', { token: viaCode.body.token });
    expect(status.body.two_factor).toEqual({ required: true, enabled: true, recovery_codes_left: 9 });
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, u.id));
    expect(events.map((x) => x.action)).toEqual(
      expect.arrayContaining(['two_factor.enrol', 'two_factor.recovery_code_used']),
    );

    // new recovery codes need a current TOTP code; the old ones stop working
    await t.ctx.db.update(two_factors).set({ last_time_step: null }).where(eq(two_factors.user_id, u.id));
    const regen = await t.call('POST', '/api/two-factor/recovery-codes', {
      token: viaCode.body.token,
      body: { code: await currentCode(e.body.secret) },
    });
    expect(regen.status).toBe(200);
    expect(regen.body.recovery_codes).toHaveLength(10);
    const fourth = await loginAnswer('pegawai1', 'Rahsia123');
    expect((await verify(fourth.body.challenge, v.body.recovery_codes[5])).status).toBe(422);
  });

  it('an administrator resets a lost second factor: the sessions end and the user enrols again', async () => {
    await newOfficer('pegawai2');
    const first = await t.login('pegawai2', 'Rahsia123');
    const [u] = await t.ctx.db.select().from(users).where(eq(users.username, 'pegawai2'));
    const staff = await t.login('staff');
    expect((await t.call('DELETE', `/api/user/${u.id}/two-factor`, { token: staff })).status).toBe(403);
    const admin = await t.login('admin');
    const r = await t.call('DELETE', `/api/user/${u.id}/two-factor`, { token: admin });
    expect(r.status).toBe(200);
    expect(await me(first)).toBe(401);
    const a = await loginAnswer('pegawai2', 'Rahsia123');
    expect(a.body.enrolment_required).toBe(true);
    expect((await t.call('DELETE', '/api/user/nope/two-factor', { token: admin })).status).toBe(404);
  });

  it('the reset is Admin-only, audited, translated, removes secret and recovery codes and ends every session', async () => {
    await newOfficer('pegawai4');
    const [u] = await t.ctx.db.select().from(users).where(eq(users.username, 'pegawai4'));
    const sessions = [await t.login('pegawai4', 'Rahsia123'), await t.login('pegawai4', 'Rahsia123')];
    const [tf] = await t.ctx.db.select().from(two_factors).where(eq(two_factors.user_id, u.id));
    expect(tf.confirmed_at).not.toBeNull();
    expect((await t.ctx.db.select().from(recovery_codes).where(eq(recovery_codes.user_id, u.id))).length).toBe(10);
    for (const who of ['agent', 'partner', 'accountant', 'officer', 'client']) {
      const r = await t.call('DELETE', `/api/user/${u.id}/two-factor`, { token: await t.login(who) });
      expect(r.status).toBe(403);
    }
    expect((await t.call('DELETE', `/api/user/${u.id}/two-factor`)).status).toBe(401);
    // nothing changed by the refused attempts
    for (const s of sessions) expect(await me(s)).toBe(200);

    const admin = await t.login('admin');
    const en = await t.call('DELETE', `/api/user/${u.id}/two-factor`, { token: admin, lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.message).toBe(
      'The second factor of Pegawai Baharu has been reset. Their sessions have ended; they set up a new one at their next login.',
    );
    for (const s of sessions) expect(await me(s)).toBe(401);
    expect(await t.ctx.db.select().from(two_factors).where(eq(two_factors.user_id, u.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(recovery_codes).where(eq(recovery_codes.user_id, u.id))).toHaveLength(0);
    const [adminRow] = await t.ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, u.id));
    const reset = events.filter((e) => e.action === 'two_factor.reset');
    expect(reset).toHaveLength(1);
    expect(reset[0]).toMatchObject({
      actor_id: adminRow.id,
      entity_type: 'User',
      before: { enrolled: true },
      after: { enrolled: false, sessions_revoked: true },
    });
    expect(reset[0].ip).toBeTruthy();
    // the web sends it as POST with `_method: DELETE`
    const ms = await t.call('POST', `/api/user/${u.id}/two-factor`, {
      token: admin,
      lang: 'ms',
      body: { _method: 'DELETE' },
    });
    expect(ms.status).toBe(200);
    expect(ms.body.message).toMatch(/^Faktor kedua Pegawai Baharu telah ditetapkan semula\./);
    expect((await loginAnswer('pegawai4', 'Rahsia123')).body.enrolment_required).toBe(true);
  });

  it('the harness login completes the second factor for any staff user, enrolling when needed', async () => {
    await newOfficer('pegawai3');
    const token = await t.login('pegawai3', 'Rahsia123');
    expect(await me(token)).toBe(200);
    expect(await me(await t.login('pegawai3', 'Rahsia123'))).toBe(200);
  });
});
