/** Attachments: MyKad images, signatures, payment slips, generated PDFs (issue 2 "Files"). */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './_common.ts';
import { users } from './users.ts';

export const attachments = pgTable(
  'attachments',
  {
    id: idColumn(),
    /** Owner: "Wasiat" | "User" | "Witness" | "Payment" … and its id. */
    attachable_type: text('attachable_type').notNull(),
    attachable_id: text('attachable_id').notNull(),
    /** mykad-front | mykad-back | selfie | payment | signature | Extra (reference §4.8) */
    type: text('type').notNull(),
    description: text('description'),
    /** Key in the file store (never a client-supplied path). */
    storage_key: text('storage_key').notNull(),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    original_filename: text('original_filename'),
    uploaded_by: text('uploaded_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('attachments_owner_idx').on(t.attachable_type, t.attachable_id, t.type)],
);
