/**
 * Issued documents (issue 11 "Sealed documents … the public verification page also accepts an uploaded
 * PDF and says whether it is the registered one (hash match)"; ADR 0071).
 *
 * One row per sealed PDF version the platform has issued: which record it belongs to (a generic
 * `subject_type` + `subject_id`, e.g. "Wasiat" and the will id — a hibah twin uses "Hibah"), which kind
 * of document it is, the SHA-256 of the exact sealed bytes handed out, and where those bytes are kept.
 * `content_sha256` fingerprints what was rendered (the data, not the seal), so the same content is
 * served from the stored bytes instead of being sealed again. Rows are only added.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';

export const issued_documents = pgTable(
  'issued_documents',
  {
    id: idColumn(),
    /** "Wasiat" | "Hibah" | "Amendment" … and its id. */
    subject_type: text('subject_type').notNull(),
    subject_id: text('subject_id').notNull(),
    /** will | receipt | amendment | hibah | certificate … */
    kind: text('kind').notNull(),
    /** SHA-256 (hex) of the rendered content (canonical JSON of what the PDF prints). */
    content_sha256: text('content_sha256').notNull(),
    /** SHA-256 (hex) of the sealed PDF bytes as issued. */
    sha256: text('sha256').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    /** Key of the sealed bytes in the file store. */
    storage_key: text('storage_key').notNull(),
    issued_at: tz('issued_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('issued_documents_content_uq').on(t.subject_type, t.subject_id, t.kind, t.content_sha256),
    index('issued_documents_sha_idx').on(t.subject_type, t.subject_id, t.sha256),
  ],
);
