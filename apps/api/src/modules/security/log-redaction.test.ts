/**
 * Log scan (issue 11 "logs never contain a MyKad number, OTP, token, password or image (redaction in the
 * logger's configuration, tested)"; ADR 0082): the server runs with the production logger configuration
 * (http/logging.ts) at level trace, its output captured, while real requests go through it — sign-up with a
 * MyKad, logins (with a second factor), an OTP sent and verified, a MyKad lookup in a query string, an image
 * upload, a refused duplicate MyKad. Then the captured lines are scanned.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { loggerOptions, scrubLogText } from '../../platform/http/logging.ts';
import { currentCode, DEMO_TOTP_SECRET } from '../auth/two-factor.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    lines.push(chunk.toString('utf8'));
    cb();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ logger: loggerOptions('trace', { stream: sink }) });
});
afterAll(async () => {
  await t?.close();
});

const MYKAD = '910203145677';
const PASSWORD = 'Rahsia123!x';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('log redaction', () => {
  it('real requests leave no MyKad, OTP, token, password or image in the log', async () => {
    const secrets: string[] = [MYKAD, PASSWORD, PNG.slice(0, 40)];
    const up = await t.call('POST', '/api/users', {
      body: {
        user: {
          name: 'Zainab binti Omar',
          username: 'zainab',
          email: 'zainab@example.com',
          ic_number: MYKAD,
          mobile_number: '0123456788',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          pdpa: true,
        },
      },
    });
    expect(up.status).toBe(201);
    secrets.push(up.body.token);
    // the same MyKad again: answered like a success, "check your e-mail" (issue 36 item 6)
    const dup = await t.call('POST', '/api/users', {
      body: {
        user: {
          name: 'Zainab binti Omar',
          username: 'zainab2',
          email: 'zainab2@example.com',
          ic_number: MYKAD,
          mobile_number: '0123456788',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          pdpa: true,
        },
      },
    });
    expect(dup.status).toBe(201);
    expect(dup.body.pending).toBe(true);
    const login = await t.call('POST', '/api/login', { body: { username: MYKAD, password: PASSWORD } });
    expect(login.status).toBe(200);
    secrets.push(login.body.token);
    const bad = await t.call('POST', '/api/login', { body: { username: MYKAD, password: `${PASSWORD}wrong` } });
    expect(bad.status).toBe(422);

    // staff with a second factor
    const staff = await t.call('POST', '/api/login', { body: { username: 'staff', password: 'Demo12345' } });
    const totp = await currentCode(DEMO_TOTP_SECRET);
    const v = await t.call('POST', '/api/two-factor/verify', { body: { challenge: staff.body.challenge, code: totp } });
    expect(v.status).toBe(200);
    secrets.push(staff.body.challenge, v.body.token, totp);

    // a MyKad in a query string, and a bearer token in a signed URL
    const look = await t.call('GET', `/api/user?ic_number=${MYKAD}`, { token: v.body.token });
    expect(look.status).toBe(200);

    // OTP sent by mail and verified
    const before = t.mails.length;
    const req = await t.call('POST', '/api/otp/request', { token: login.body.token, body: { purpose: 'will-submit' } });
    expect(req.status).toBe(200);
    for (let i = 0; i < 50 && t.mails.length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const otp = /\b(\d{6})\b/.exec(t.mails.at(-1)?.raw ?? '')?.[1];
    expect(otp).toBeDefined();
    secrets.push(otp as string);
    const ok = await t.call('POST', '/api/otp/verify', {
      token: login.body.token,
      body: { code: otp, purpose: 'will-submit' },
    });
    expect(ok.status).toBe(200);

    // an image upload
    const sig = await t.call('POST', `/api/user/${up.body.user.id}/signature`, {
      token: login.body.token,
      body: { document: `data:image/png;base64,${PNG}` },
    });
    expect(sig.status).toBe(200);

    const log = lines.join('');
    // one line per request (ADR 0113): the eleven requests above and the logins' steps
    expect(lines.length).toBeGreaterThan(10);
    expect(log).not.toContain('incoming request');
    expect(log).toContain('"url":"/api/user?[redacted]"');
    for (const s of secrets) expect(log, `log holds ${s}`).not.toContain(s);
    const mykadLike = /(?<!\d)\d{6}-?\d{2}-?\d{4}(?!\d)/.exec(log);
    expect(mykadLike && log.slice(Math.max(0, mykadLike.index - 120), mykadLike.index + 40)).toBeNull();
    expect(log).not.toMatch(/[Bb]earer\s+[A-Za-z0-9_-]{20,}/);
    expect(log).not.toMatch(/data:image/);
    expect(log).not.toMatch(/password/i);
  });

  it('writes exactly one line per request, without its body (ADR 0113)', async () => {
    const before = lines.length;
    const r = await t.call('POST', '/api/login', { body: { username: 'nobody', password: PASSWORD } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    const added = lines.slice(before);
    expect(added).toHaveLength(1);
    const line = JSON.parse(added[0]);
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'POST', url: '/api/login' } });
    expect(line.res.statusCode).toBe(r.status);
    expect(typeof line.responseTime).toBe('number');
    // to the µs: twelve decimals of a float would look like a MyKad in the raw line
    expect(added[0]).toMatch(/"responseTime":\d+(\.\d{1,3})?[,}]/);
    expect(added[0]).not.toContain('nobody');
  });

  it("masks a MyKad or a token in the request line's path and address", async () => {
    const before = lines.length;
    const token = 'T'.repeat(40);
    const r = await t.call('GET', `/api/wasiat/${MYKAD}/${token}`, {
      headers: { 'x-forwarded-for': `${MYKAD}, 127.0.0.1` },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    const added = lines.slice(before).join('');
    expect(added).toContain('"url":"/api/wasiat/[mykad]/[token]"');
    expect(added).not.toContain(MYKAD);
    expect(added).not.toContain(token);
  });

  it('the last net masks secrets in any message, e.g. a database error detail', () => {
    const out: string[] = [];
    const logger = pino(
      loggerOptions('info') as pino.LoggerOptions,
      new Writable({
        write(c, _e, cb) {
          out.push(String(c));
          cb();
        },
      }),
    );
    const err = Object.assign(new Error(`duplicate key: Key (ic_number)=(${MYKAD}) already exists; code 123456`), {
      detail: `Key (ic_number)=(${MYKAD})`,
    });
    logger.error({ err, password: PASSWORD, user: { ic_number: MYKAD, token: 'x'.repeat(43) } }, 'failed');
    const line = out.join('');
    expect(line).not.toContain(MYKAD);
    expect(line).not.toContain(PASSWORD);
    expect(line).not.toContain('123456');
    expect(line).not.toContain('x'.repeat(43));
    expect(scrubLogText('850315-10-5522 and 850315105522')).toBe('[mykad] and [mykad]');
  });
});
