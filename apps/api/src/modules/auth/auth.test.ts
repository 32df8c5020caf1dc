import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = (over: Record<string, unknown> = {}) => ({
  user: {
    name: 'Fatimah binti Abdullah',
    username: 'fatimah',
    email: 'fatimah@example.com',
    ic_number: '900101145012',
    mobile_number: '012-3456789',
    password: 'Rahsia123',
    password_confirmation: 'Rahsia123',
    pdpa: true,
    ...over,
  },
});

describe('sign-up, login, session', () => {
  it('signs up a client and returns { user, token } with roles[0].name = Client', async () => {
    const r = await t.call('POST', '/api/users', { body: signUp() });
    expect(r.status).toBe(201);
    expect(r.body.user.roles).toEqual([{ name: 'Client' }]);
    expect(r.body.user.mobile_number).toBe('+60123456789');
    expect(typeof r.body.token).toBe('string');
    const me = await t.call('GET', '/api/authenticate', { token: r.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe('fatimah');
  });

  it('refuses a taken username/e-mail with 422 on each field, in the request language; never names the MyKad', async () => {
    const r = await t.call('POST', '/api/users', { body: signUp(), lang: 'ms' });
    expect(r.status).toBe(422);
    // A registered MyKad is not told (issue 36 item 6; ADR 0228): only the username and e-mail fields.
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'username']);
    expect(r.body.errors.email[0]).toBe('Alamat e-mel ini telah didaftarkan.');
  });

  it('gives the spec message for a bad e-mail and names the field', async () => {
    const r = await t.call('POST', '/api/users', {
      body: signUp({ email: 'nope', username: 'x1', ic_number: '900101145013' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors['user.email']).toEqual(['You have entered an invalid email address!']);
  });

  it('checks password rules and the repeat', async () => {
    const r = await t.call('POST', '/api/users', {
      body: signUp({
        username: 'x2',
        email: 'x2@example.com',
        ic_number: '900101145014',
        password: 'alllower1',
        password_confirmation: 'different',
      }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors['user.password'][0]).toMatch(/upper-case/);
    expect(r.body.errors['user.password_confirmation'][0]).toBe('Passwords do not match.');
  });

  it("logs in by username, e-mail or MyKad, also with the 2021 client's role field (ADR 0135)", async () => {
    for (const username of ['fatimah', 'FATIMAH@example.com', '900101145012']) {
      const r = await t.call('POST', '/api/login', { body: { username, password: 'Rahsia123', role: 'Admin' } });
      expect(r.status, username).toBe(200);
      expect(r.body.user.roles[0].name).toBe('Client');
    }
  });

  it('answers 401 for no token, a bad token, and after logout', async () => {
    expect((await t.call('GET', '/api/authenticate')).status).toBe(401);
    expect((await t.call('GET', '/api/authenticate', { token: 'null' })).status).toBe(401);
    const token = await t.login('fatimah', 'Rahsia123');
    expect((await t.call('POST', '/api/logout', { token, body: {} })).status).toBe(200);
    const r = await t.call('GET', '/api/authenticate', { token, lang: 'en' });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Your session has ended. Please log in again.');
  });

  it('throttles an account from the 10th failure with 429 and Retry-After', async () => {
    let last = 0;
    for (let i = 0; i < 10; i++)
      last = (await t.call('POST', '/api/login', { body: { username: 'agent', password: 'wrong' } })).status;
    expect(last).toBe(422);
    const r = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Demo12345' } });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('passwords', () => {
  it('mails a single-use reset link over SMTP and sets the new password from it', async () => {
    const same1 = await t.call('POST', '/api/password/create', { body: { email: 'nobody@example.com' } });
    const before = t.mails.length;
    const same2 = await t.call('POST', '/api/password/create', { body: { email: 'fatimah@example.com' } });
    expect(same1.status).toBe(200);
    expect(same2.body).toEqual(same1.body);
    await expect.poll(() => t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1);
    if (!mail) throw new Error('no mail received');
    expect(mail.to).toEqual(['fatimah@example.com']);
    const text = mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    const body = { email: 'fatimah@example.com', token, password: 'Baharu1234', password_confirmation: 'Baharu1234' };
    expect((await t.call('POST', '/api/password/reset', { body })).status).toBe(200);
    expect((await t.call('POST', '/api/password/reset', { body })).status).toBe(422);
    expect(await t.login('fatimah', 'Baharu1234')).toBeTruthy();
  });

  it('changes the password only with the right current password', async () => {
    const token = await t.login('fatimah', 'Baharu1234');
    const bad = await t.call('POST', '/api/password/change', {
      token,
      body: { old_password: 'nope', password: 'Lagi12345', password_confirmation: 'Lagi12345' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.old_password[0]).toBe('The current password is incorrect.');
    const ok = await t.call('POST', '/api/password/change', {
      token,
      body: { old_password: 'Baharu1234', password: 'Lagi12345', password_confirmation: 'Lagi12345' },
    });
    expect(ok.status).toBe(200);
    expect(await t.login('fatimah', 'Lagi12345')).toBeTruthy();
  });
});
