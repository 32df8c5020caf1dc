/**
 * Documents in the reader's language (issue 22 item 6; ADR 0152): the will PDF and the receipt print the
 * Malay legal text with the English beside every catalogue value and label and under every paragraph,
 * so an English reader finds their language, and the sealed document is the same bytes whichever
 * language asked for it. Read with poppler's pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { bequests } from '../db/schema/index.ts';
import { insertWill } from './fixtures.ts';

let t: TestApp;
let will: string;
let token: string;

/** The text of a PDF with its white space (line breaks, layout gaps) folded to single spaces. */
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

/** The Malay-only words issue 22 item 6 found in the English will, each with the English it must carry. */
const MALAY_VALUES: [string, string][] = [
  ['Perempuan', 'Female'],
  ['Warganegara', 'Citizen'],
  ['Berkahwin', 'Married'],
  ['Suami', 'Husband'],
  // a son's relationship reads from his MyKad (issue 17 item 6)
  ['Anak lelaki', 'Son'],
  ['Tiada', 'None'],
];

/** The PDF's bilingual column labels ("Anak di Bawah Jagaan / Wards"), taken out before the word scan. */
const FIELD_LABELS = Object.keys(
  JSON.parse(
    readFileSync(new URL('../../../../packages/domain/src/locales/ms/documents.json', import.meta.url), 'utf8'),
  ).documents.field,
).map((k) => `${translate(`documents.field.${k}`, 'ms')} / ${translate(`documents.field.${k}`, 'en')}`);

beforeAll(async () => {
  t = await makeTestApp();
  will = (await insertWill(t.ctx)).willId;
  // No bequests: the list prints its "none" line.
  await t.ctx.db.delete(bequests).where(eq(bequests.wasiat_id, will));
  token = await t.login('client');
});
afterAll(async () => {
  await t?.close();
});

/** Every occurrence of `word` (a whole word) in `text` is followed by " / <english>". */
function expectAlwaysTranslated(text: string, word: string, english: string) {
  const at = [...text.matchAll(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'gu'))];
  expect(at.length, `${word} printed`).toBeGreaterThan(0);
  for (const m of at) {
    const after = text.slice((m.index ?? 0) + word.length, (m.index ?? 0) + word.length + english.length + 3);
    expect(after, `"${word}" at ${m.index} is followed by its English`).toBe(` / ${english}`);
  }
}

describe('the will PDF in English', () => {
  it('prints every value and paragraph in Malay with its English, the same bytes for ms and en', async () => {
    const en = await t.call('GET', `/api/wasiat/${will}/certificate/final`, { token, lang: 'en' });
    expect(en.status).toBe(200);
    const ms = await t.call('GET', `/api/wasiat/${will}/certificate/final`, { token, lang: 'ms' });
    expect(Buffer.compare(en.raw, ms.raw), 'one sealed document for every reader').toBe(0);
    const text = pdfText(en.raw);
    // The will's own pages; the certificate-of-completion page after them is bilingual by its own keys
    // ("Tiada tandatangan / No signature") and tested with the sealed documents.
    const willPages = text.split(translate('sealed.completion.title', 'ms'))[0];
    expect(willPages.length).toBeLessThan(text.length);
    const values = FIELD_LABELS.reduce((acc, label) => acc.split(label).join(' '), willPages);
    for (const [word, english] of MALAY_VALUES) expectAlwaysTranslated(values, word, english);
    // values beside each other
    for (const s of ['Perempuan / Female', 'Warganegara / Citizen', 'Berkahwin / Married', 'Islam']) {
      expect(text, s).toContain(s);
    }
    expect(text).toContain('Hassan bin Omar 880101145511 Suami / Husband');
    // the paragraphs: Malay legal text, then the English
  });
});

describe('the receipt in English', () => {
  it('prints every label and value in Malay with its English, and the footer in both', async () => {
    const r = await t.call('GET', `/api/wasiat/${will}/receipt`, { token, lang: 'en' });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    for (const s of [
      'RESIT RASMI / OFFICIAL RECEIPT',
      'No. Resit / Receipt No.',
      'Pembayar / Payer',
      'Wasiat Komprehensif / Comprehensive will',
      'Gerbang Bayaran / Online payment gateway',
      'Dibayar / Paid',
      'Jumlah Dibayar / Amount Paid',
      'Muka surat 1 daripada 1 / Page 1 of 1',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toMatch(/Muka surat \d+ daripada \d+ (?!\/ Page)/);
  });
});
