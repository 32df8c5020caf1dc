/**
 * The whole-run log scanner (scripts/log-scan.ts; ADR 0089) finds what it is there to find: planted MyKad
 * numbers, OTP values and tokens are reported, log lines without them are not, and the command exits 1 on a
 * folder with one planted secret. Lines that went through the app's own log scrubber (http/logging.ts) carry
 * nothing it reports, so a finding in a real run means a line escaped the logger's configuration.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMykadDate, logFiles, mask, scanLine, scanLogs } from '../../../../scripts/log-scan.ts';
import { scrubLogText } from '../../src/platform/http/logging.ts';

const root = resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'log-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kinds = (line: string) => scanLine(line).map((f) => f.kind);
const token = () => randomBytes(32).toString('base64url');
/** A token with a digit, a capital and a small letter (what the session-token rule looks for). */
const mixedToken = () => {
  for (;;) {
    const t = token();
    if (/\d/.test(t) && /[A-Z]/.test(t) && /[a-z]/.test(t)) return t;
  }
};

describe('log scanner', () => {
  it('finds MyKad numbers with and without dashes when the first six digits are a date', () => {
    expect(kinds('{"msg":"sign-up","ic":"900101145678"}')).toEqual(['mykad']);
    expect(kinds('ic 900101-14-5678 refused')).toEqual(['mykad']);
    expect(kinds('born 000229-10-1234')).toEqual(['mykad']);
    // not a date, part of a longer number or word, a UUID's last group, a pino timestamp, a duration
    expect(kinds('ic 901332145678 and 991301145678')).toEqual([]);
    expect(kinds('id 1900101145678 x900101145678 ab_900101145678')).toEqual([]);
    expect(kinds('"id":"0f8fad5b-d9cb-469f-a165-900101145678"')).toEqual([]);
    expect(kinds('{"level":30,"time":1795476725717,"responseTime":22.900101145678}')).toEqual([]);
    expect(isMykadDate(1, 2, 29)).toBe(false);
    expect(isMykadDate(4, 2, 29)).toBe(true);
    expect(isMykadDate(90, 4, 31)).toBe(false);
  });

  it('finds OTP values next to a code word, not status codes or error codes', () => {
    expect(kinds('Your verification code is 482913')).toEqual(['otp']);
    expect(kinds('{"otp":"482913"}')).toEqual(['otp']);
    expect(kinds('{"purpose":"will-submit","code":482913}')).toEqual(['otp']);
    expect(kinds('Kod TAC anda: 482913')).toEqual(['otp']);
    expect(kinds('{"res":{"statusCode":200},"responseTime":482913.5}')).toEqual([]);
    expect(kinds('{"err":{"code":"23505"},"msg":"duplicate key"}')).toEqual([]);
    expect(kinds('{"otp":"[redacted]","msg":"code sent to 0123456789"}')).toEqual([]);
  });

  it('finds bearer tokens, token fields and bare session-token shapes', () => {
    const t = mixedToken();
    expect(kinds(`Authorization: Bearer ${t}`)).toContain('bearer');
    expect(kinds(`{"token":"${t}"}`)).toContain('token-field');
    expect(kinds(`GET /api/reset?token=${t.slice(0, 20)}`)).toEqual(['token-field']);
    expect(kinds(`{"msg":"issued ${t} to user"}`)).toEqual(['session-token']);
    expect(kinds('{"authorization":"[redacted]","token":"[redacted]"} Bearer [redacted]')).toEqual([]);
    expect(kinds('{"msg":"Server listening at http://127.0.0.1:3100","id":"Xq3vB9_pLk2mN8rT4wYz1A"}')).toEqual([]);
  });

  it("finds nothing in lines that went through the app's log scrubber", () => {
    const raw = `{"msg":"login 900101-14-5678 code 482913 Bearer ${mixedToken()} session=${token()} ${mixedToken()}"}`;
    expect(kinds(raw)).toEqual(['mykad', 'otp', 'bearer', 'token-field', 'session-token']);
    expect(kinds(scrubLogText(raw))).toEqual([]);
  });

  it('the command reports a planted secret in a log folder and exits 1; a clean folder passes', () => {
    const dirty = join(dir, 'dirty');
    const clean = join(dir, 'clean');
    mkdirSync(join(dirty, 'nested'), { recursive: true });
    mkdirSync(clean, { recursive: true });
    writeFileSync(join(clean, 'api.log'), '{"level":30,"msg":"request completed"}\n{"level":30,"msg":"ok"}\n');
    writeFileSync(join(dirty, 'api.log'), '{"level":30,"msg":"request completed"}\n');
    writeFileSync(join(dirty, 'nested', 'e2e-server.log'), 'ok\n{"level":40,"msg":"lookup ic=850317-10-5123"}\n');
    writeFileSync(join(dirty, 'notes.txt'), '850317105123\n');
    expect(logFiles([dirty]).map((f) => f.slice(dirty.length))).toEqual(['/api.log', '/nested/e2e-server.log']);

    const r = scanLogs([dirty]);
    expect(r).toMatchObject({ files: 2, lines: 3 });
    expect(r.findings).toEqual([expect.objectContaining({ kind: 'mykad', match: '850317-10-5123', line: 2 })]);

    const cli = (p: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/log-scan.ts', p], { cwd: root, encoding: 'utf8' });
    const bad = cli(dirty);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('log scan: 3 lines, 1 findings');
    expect(bad.stdout).toContain(`e2e-server.log:2: mykad ${mask('850317-10-5123')}`);
    expect(bad.stdout).not.toContain('850317-10-5123');
    const good = cli(clean);
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('log scan: 2 lines, 0 findings');
    // no log at all is a failure: the run did not produce what the scan needs
    expect(cli(join(dir, 'missing')).status).toBe(1);
  });
});
