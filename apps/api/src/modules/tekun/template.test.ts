/**
 * The TEKUN certificates' template offered on /template (issue 38 item 11) is read by the bulk upload: a CSV whose
 * first line is the template's headings in Malay or in English (the web client's locale files, the one source of
 * those headings) and one member's line gives that member's row.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from './spreadsheet.ts';

const headings = (lang: 'ms' | 'en') => {
  const file = new URL(`../../../../web/src/locales/${lang}/profile.json`, import.meta.url);
  const columns = JSON.parse(readFileSync(file, 'utf8')).profile.template['tekun-certificates'].columns;
  return ['member_name', 'ic_number', 'certificate_no', 'issue_date'].map((c) => columns[c] as string);
};

describe('TEKUN certificates template', () => {
  for (const lang of ['ms', 'en'] as const) {
    it(`its ${lang} headings are the columns the upload reads`, async () => {
      const csv = `\ufeff${headings(lang).join(',')}\r\nSiti Aminah binti Yusof,900101145678,TK-2026-0042,05/01/2026\r\n`;
      const rows = await readSpreadsheet(Buffer.from(csv, 'utf8'));
      expect(rows).toEqual([
        {
          row_no: 2,
          member_name: 'Siti Aminah binti Yusof',
          ic_number: '900101145678',
          certificate_no: 'TK-2026-0042',
          issue_date: '2026-01-05',
        },
      ]);
    });
  }
});
