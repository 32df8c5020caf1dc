/**
 * Whole-run log scan (issue 11 "Suites": logs never carry a MyKad number, an OTP or a token; ADR 0089).
 *
 * `node --import tsx scripts/log-scan.ts [folder|file …]` (default `test-results/logs`) reads every `*.log`
 * file under the given folders — the e2e web server's log, the API logs the fault-injection and fuzz suites
 * write — and prints `log scan: N lines, N findings` (one line per finding before it: file, line number,
 * kind and a masked preview, never the secret itself). Exit code 0 when nothing was found, 1 otherwise
 * (also when there is no log at all: a scan of nothing proves nothing).
 *
 * What counts as a finding ({@link scanLine}):
 * - `mykad`: 12 digits `YYMMDDPB####`, with or without the dashes `YYMMDD-PB-####`, whose first six
 *   digits are a real calendar date, not part of a longer word or number (UUIDs are set aside first).
 * - `otp`: a 6-digit number standing alone within 40 characters after a word `otp`, `totp`, `code`, `kod`
 *   or `pin` (the app's one-time and TOTP codes are 6 digits; `statusCode` and PostgreSQL's 5-character
 *   error codes do not match).
 * - `bearer`: `Bearer <16+ token characters>` (a masked `Bearer [redacted]` does not match).
 * - `token-field`: a JSON or query field named `token`, `access_token`, `refresh_token`, `session`,
 *   `challenge` or `authorization` holding a value of 16+ token characters.
 * - `session-token`: a standalone run of exactly 43 base64url characters with a digit, a capital and a
 *   small letter — the shape of the app's bearer and challenge tokens (32 random bytes, auth/tokens.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export type FindingKind = 'mykad' | 'otp' | 'bearer' | 'token-field' | 'session-token';

export interface Finding {
  kind: FindingKind;
  /** The matched text, for the caller's own use; print {@link mask}ed. */
  match: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const MYKAD = /(?<![\w.])(\d{2})(\d{2})(\d{2})(-?)(\d{2})\4(\d{4})(?!\w)/g;
const OTP = /(?<![A-Za-z])(?:otp|totp|code|kod|pin)(?![A-Za-z])[^\n]{0,40}?(?<![\w.])(\d{6})(?![\w.])/gi;
const BEARER = /bearer\s+(?!\[)([A-Za-z0-9._~+/=-]{16,})/gi;
const TOKEN_FIELD =
  /(?<![A-Za-z])(?:access_token|refresh_token|token|session|challenge|authorization)["']?\s*[:=]\s*["']?(?!\[)([A-Za-z0-9._~+/=-]{16,})/gi;
const SESSION_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** Whether YY-MM-DD is a date of the Gregorian calendar (either century: any YY is some year). */
export function isMykadDate(yy: number, mm: number, dd: number): boolean {
  if (mm < 1 || mm > 12 || dd < 1) return false;
  // 2000 + YY and 1900 + YY share every day but 29 February of 1900 + 00; allow the leap day when either fits.
  const leap = yy % 4 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1];
  return dd <= days;
}

/** The findings of one log line (see the module comment). */
export function scanLine(line: string): Finding[] {
  const out: Finding[] = [];
  const text = line.replace(UUID, 'uuid');
  for (const m of text.matchAll(MYKAD)) {
    if (isMykadDate(Number(m[1]), Number(m[2]), Number(m[3]))) out.push({ kind: 'mykad', match: m[0] });
  }
  for (const m of text.matchAll(OTP)) out.push({ kind: 'otp', match: m[1] });
  for (const m of text.matchAll(BEARER)) out.push({ kind: 'bearer', match: m[1] });
  for (const m of text.matchAll(TOKEN_FIELD)) out.push({ kind: 'token-field', match: m[1] });
  for (const m of text.matchAll(SESSION_TOKEN)) {
    const s = m[0];
    if (/\d/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s) && !out.some((f) => f.match === s)) {
      out.push({ kind: 'session-token', match: s });
    }
  }
  return out;
}

/** A preview that does not repeat the secret: the first two characters, then its length. */
export const mask = (s: string) => `${s.slice(0, 2)}…(${s.length} chars)`;

/** Every `*.log` file under `paths` (files are taken as they are; folders are walked). */
export function logFiles(paths: string[]): string[] {
  const files: string[] = [];
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(join(p, name));
    } else if (p.endsWith('.log')) files.push(p);
  };
  for (const p of paths) walk(p);
  return files;
}

export interface ScanReport {
  files: number;
  lines: number;
  findings: (Finding & { file: string; line: number })[];
}

/** Scan the log files under `paths`. */
export function scanLogs(paths: string[]): ScanReport {
  const report: ScanReport = { files: 0, lines: 0, findings: [] };
  for (const file of logFiles(paths)) {
    report.files += 1;
    const lines = readFileSync(file, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    lines.forEach((l, i) => {
      for (const f of scanLine(l)) report.findings.push({ ...f, file, line: i + 1 });
    });
    report.lines += lines.length;
  }
  return report;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const paths = process.argv.slice(2);
  const r = scanLogs(paths.length ? paths : ['test-results/logs']);
  for (const f of r.findings) {
    console.log(`  ${relative(process.cwd(), f.file)}:${f.line}: ${f.kind} ${mask(f.match)}`);
  }
  if (r.files === 0) console.log('no log files found');
  console.log(`log scan: ${r.lines} lines, ${r.findings.length} findings`);
  process.exit(r.files > 0 && r.findings.length === 0 ? 0 : 1);
}
