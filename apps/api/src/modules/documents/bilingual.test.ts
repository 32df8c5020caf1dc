/**
 * Documents in the reader's language (issue 22 item 6; ADR 0152): the will PDF and the receipt print the
 * Malay legal text with the English beside every catalogue value and label and under every paragraph,
 * so an English reader finds their language, and the sealed document is the same bytes whichever
 * language asked for it. Read with poppler's pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { RELIGIONS, translate } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { bequests, heirs, organizations, will_user_details, wills } from '../../db/schema/index.ts';
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
    readFileSync(new URL('../../../../../packages/domain/src/locales/ms/documents.json', import.meta.url), 'utf8'),
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
    // the paragraphs, Malay then English: the married man's will below
  });
});

/** `text` folded like {@link pdfText} folds the PDF's. */
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the will PDF of a married man in English (issue 22 item 6: the words the report found)', () => {
  let text = '';
  let willPages = '';
  let orgName = '';
  beforeAll(async () => {
    const man = (await insertWill(t.ctx, { wasiatNo: 'W2026-000002', receiptNo: 'R2026-000002' })).willId;
    await t.ctx.db
      .update(will_user_details)
      .set({ designation: 'mr', name: 'Ahmad bin Ismail', ic_number: '900101145673', gender: 1 })
      .where(eq(will_user_details.wasiat_id, man));
    await t.ctx.db
      .update(heirs)
      .set({ name: 'Aminah binti Ahmad', relationship: 'wife', ic_number: '920815145678' })
      .where(and(eq(heirs.heirable_id, man), eq(heirs.relationship, 'husband')));
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, man));
    const [org] = await t.ctx.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, w.organization_id as string));
    orgName = org.name;
    const r = await t.call('GET', `/api/wasiat/${man}/certificate/final`, { token, lang: 'en' });
    expect(r.status).toBe(200);
    text = pdfText(r.raw);
    willPages = FIELD_LABELS.reduce(
      (acc, label) => acc.split(label).join(' '),
      text.split(translate('sealed.completion.title', 'ms'))[0],
    );
  });

  it('prints Lelaki, Warganegara, Berkahwin, Isteri, Anak and Tiada only with their English beside them', () => {
    for (const [word, english] of [
      ['Lelaki', 'Male'],
      ['Warganegara', 'Citizen'],
      ['Berkahwin', 'Married'],
      ['Isteri', 'Wife'],
      ['Tiada', 'None'],
    ] as const) {
      expectAlwaysTranslated(willPages, word, english);
    }
    // "Anak" (child): "Anak / Son" as a receiver, "Anak lelaki / Son" as an heir read from his MyKad
    const children = [...willPages.matchAll(/(?<!\p{L})Anak(?!\p{L})/gu)];
    expect(children.length).toBeGreaterThan(0);
    for (const m of children) {
      expect(willPages.slice(m.index ?? 0, (m.index ?? 0) + 25)).toMatch(
        /^Anak(?: lelaki| perempuan)? \/ (?:Son|Daughter|Child)\b/,
      );
    }
    // Islam is the same word in English: printed once, not "Islam / Islam"
    expect(RELIGIONS.find((r) => r.code === 1)).toMatchObject({ ms: 'Islam', en: 'Islam' });
    const religion = `${translate('documents.field.religion', 'ms')} / ${translate('documents.field.religion', 'en')}`;
    expect(text).toContain(`${religion} Islam `);
    expect(text).not.toMatch(/(?<!\p{L})Islam \/ Islam(?!\p{L})/u);
  });

  it('prints every page footer in both languages', () => {
    const footers = [...text.matchAll(/Muka surat (\d+) daripada (\d+)/g)];
    expect(footers.length).toBeGreaterThan(1);
    for (const m of footers) {
      const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 20);
      expect(after.startsWith(` / Page ${m[1]} of ${m[2]}`), `footer "${m[0]}${after}"`).toBe(true);
    }
  });

  it('prints each English paragraph right after its Malay one', () => {
    const paragraphs: [string, Record<string, string>?][] = [
      ['will.declaration_text', { name: 'Ahmad bin Ismail', ic_number: '900101145673', organization: orgName }],
      ['will.declaration_faraid'],
      ['will.attestation'],
    ];
    for (const [key, params] of paragraphs) {
      const malay = fold(translate(`documents.${key}`, 'ms', params));
      const english = fold(translate(`documents.${key}`, 'en', params));
      expect(malay).not.toBe(english);
      const at = text.indexOf(malay);
      expect(at, `${key}: the Malay paragraph is printed`).toBeGreaterThanOrEqual(0);
      expect(
        text
          .slice(at + malay.length)
          .trimStart()
          .startsWith(english),
        `${key}: its English follows`,
      ).toBe(true);
    }
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
