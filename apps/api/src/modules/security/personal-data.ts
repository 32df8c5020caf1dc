/**
 * Personal data rights under the PDPA 2010 as amended in 2024 (issue 11 "a client can download all their
 * data (JSON + their documents) from /profile, and ask for deletion of what the law does not require us to
 * keep (the request is recorded and handled by staff)"; ADR 0083).
 *
 * - Export: `GET /api/profile/data-export` → a zip: `data.json` (the account, every will of the user with its
 *   heirs, witnesses, receivers, caretakers, bequests, properties, payments and signature events, every
 *   hibah/trust of theirs with its parties, properties, shares, asset transactions, payments and signature
 *   events, their amendments with witnesses and payments (one-time-code hashes left out), eKYC
 *   attempts (scores), data requests, and the audit events about the user or done by them) and `documents/`
 *   (every stored file of the user, their wills, hibahs, amendments and eKYC attempts).
 * - Erasure: the client asks (`POST /api/profile/data-requests`), staff handle
 *   (`GET /api/data-requests`, `POST /api/data-requests/{id}/approve|refuse`). Approval erases what may be
 *   erased and keeps what the law or a registered will needs (ADR 0083), recording both in `outcome`.
 *
 * The code is split by concern (each re-exported here, the module's entry point):
 * - personal-data-records.ts: the user's records (wills, hibahs, amendments, files) read for both;
 * - personal-data-export.ts: the export zip;
 * - data-requests.ts: asking, listing and refusing requests;
 * - erasure-approval.ts: approval, what is erased and what is kept (drafts: draft-erasure.ts).
 */

export { listDataRequests, myDataRequests, refuseErasure, requestErasure } from './data-requests.ts';
export { approveErasure } from './erasure-approval.ts';
export { exportPersonalData } from './personal-data-export.ts';
