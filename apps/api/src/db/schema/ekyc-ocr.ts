/**
 * MyKad OCR readings (issue 3 "MyKad OCR"; reference §2.8 `document-ocr`): what tesseract read from a
 * user's MyKad front, kept so `GET /api/user/{id}/document-ocr` can prefill the confirmation page
 * (/ekyc/validation) and so staff can see what was read. One row per reading; the latest counts.
 */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';

export const document_ocrs = pgTable(
  'document_ocrs',
  {
    id: idColumn(),
    /** Whose card it is. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The will whose MyKad front was read, when read at upload (else null). */
    wasiat_id: text('wasiat_id'),
    /** The image read (an attachment), when it was stored. */
    attachment_id: text('attachment_id'),
    /** The particulars read (mykad/mykad-text.ts `MykadParticulars`). */
    particulars: jsonb('particulars').notNull(),
    /** The 12-digit number read, or null. */
    ic_number: text('ic_number'),
    /** When the user confirmed the particulars (/ekyc/validation), or null. */
    confirmed_at: tz('confirmed_at'),
    uploaded_by: text('uploaded_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('document_ocrs_user_idx').on(t.user_id, t.created_at)],
);
