/**
 * Signature facts (issue 3 "Signatures"; ADR 0015): every saved signature of a will records who saved
 * it, whose signature it is (role and name), when, the IP, and the SHA-256 of the will's document
 * version signed (a hash over a canonical JSON of the will's parts at that moment). Rows are only added.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';

export const signature_events = pgTable(
  'signature_events',
  {
    id: idColumn(),
    /** "Wasiat" and its id. */
    signable_type: text('signable_type').notNull(),
    signable_id: text('signable_id').notNull(),
    /** testator | witness */
    role: text('role').notNull(),
    /** Whose signature it is (the testator's or the witness's name at signing time). */
    signer_name: text('signer_name').notNull(),
    /** The witness row, for role "witness". */
    witness_id: text('witness_id'),
    /** The signature image (attachment). */
    attachment_id: text('attachment_id').notNull(),
    /** Who saved it (the logged-in user). */
    actor_id: text('actor_id').references(() => users.id),
    ip: text('ip'),
    /** The signer's browser (User-Agent header) at signing (issue 11 certificate of completion). */
    user_agent: text('user_agent'),
    /** When the document was sent/made available to the signer, and when they opened it (ADR 0072); null = not recorded. */
    sent_at: tz('sent_at'),
    viewed_at: tz('viewed_at'),
    /** SHA-256 (hex) of the canonical JSON of the will's parts when signed (ADR 0015). */
    document_sha256: text('document_sha256').notNull(),
    /** How the image was made: `drawn` (pad) or `typed` (name in a script font); same legal weight (ADR 0123). */
    method: text('method').notNull().default('drawn'),
    signed_at: tz('signed_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('signature_events_signable_idx').on(t.signable_type, t.signable_id, t.signed_at)],
);
