/**
 * The e2e app has no SMTP server: each mail is written to DATA_DIR/outbox/<time>-<random>.eml
 * (apps/api/src/platform/mail/mailer.ts). These helpers find the newest mail to an address and its first link.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** DATA_DIR of the app under test (set by e2e/playwright.config.ts). */
const outbox = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The .eml files in the outbox now (take them before an action, to find the mails it sent). */
export const outboxFiles = async () =>
  (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

/**
 * The one-time code ("Kod pengesahan anda ialah NNNNNN") of the newest mail to `email` that is not among
 * `before` (from {@link outboxFiles}), waiting up to 15 s for it.
 */
export async function otpCodeInMail(email: string, before: Set<string>): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        for (const f of (await outboxFiles())
          .filter((x) => !before.has(x))
          .sort()
          .reverse()) {
          const raw = (await readFile(join(outbox(), f), 'utf8')).replace(/=\r?\n/g, '');
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          code = /Kod pengesahan anda ialah (\d{6})/.exec(raw)?.[1] ?? '';
          if (code) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code;
}

/** Undo quoted-printable soft line breaks and `=XX` escapes (enough for links in our mails). */
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The raw text of the newest .eml addressed to `to`, waiting up to 15 s for it to appear. */
export async function mailTo(to: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const f of files.reverse()) {
          const raw = decodeQuotedPrintable(await readFile(join(outbox(), f), 'utf8'));
          if (raw.toLowerCase().includes(to.toLowerCase())) {
            found = raw;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/**
 * The first link to `path` (e.g. `/password/reset`) in the newest mail to `to` that has one, as a path with
 * query; waits up to 15 s for it (an earlier mail to the same address, e.g. a receipt, may be there first).
 */
export async function linkInMailTo(to: string, path: string): Promise<string> {
  const link = new RegExp(`https?://[^\\s"'<>]*${path.replace(/\//g, '\\/')}\\?[^\\s"'<>]+`);
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const f of files.reverse()) {
          const raw = decodeQuotedPrintable(await readFile(join(outbox(), f), 'utf8'));
          const m = raw.toLowerCase().includes(to.toLowerCase()) ? raw.match(link) : null;
          if (m) {
            found = m[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `no ${path} link in the mail to ${to}` },
    )
    .toBe(true);
  const url = new URL(found.replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}
