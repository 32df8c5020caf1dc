/**
 * The personal-data export (PDPA 2010 s. 12 and 30 as amended 2024; issue 11 "a client can download all
 * their data (JSON + their documents) from /profile"; ADR 0083): `GET /api/profile/data-export` → a zip
 * with `data.json` (the account, wills, hibahs, amendments, eKYC attempts, documents list, data requests,
 * review reminders and audit events; shape below) and `documents/<type>-<id>.<ext>` (the stored files).
 * The records come from personal-data-records.ts.
 */

import { eq, or } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Ctx } from '../../context.ts';
import { audit_events, data_requests, ekyc_attempts } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { serializeUser } from '../auth/index.ts';
import { reminderRecordsOf } from '../reminders/index.ts';
import { childrenOf, hibahsAndAmendmentsOf, userAttachments, userWills } from './personal-data-records.ts';

/**
 * `GET /api/profile/data-export` → a zip (Buffer) of the caller's data: `data.json` and `documents/<type>-<id>.<ext>`.
 * Nothing of other users beyond what the caller themself entered (their heirs, witnesses) is included.
 */
export async function exportPersonalData(ctx: Ctx, user: AuthUser): Promise<Buffer> {
  const db = ctx.db;
  const ws = await userWills(db, user.id);
  const willIds = ws.map((w) => w.id);
  const attempts = await db.select().from(ekyc_attempts).where(eq(ekyc_attempts.user_id, user.id));
  const gifts = await hibahsAndAmendmentsOf(db, user.id);
  const files = await userAttachments(
    db,
    user.id,
    willIds,
    attempts.map((a) => a.id),
    { hibahIds: gifts.hibahs.map((h) => h.id), amendmentIds: gifts.amendments.map((a) => a.id) },
  );
  const audit = await db
    .select()
    .from(audit_events)
    .where(or(eq(audit_events.actor_id, user.id), eq(audit_events.entity_id, user.id)));
  const requests = await db.select().from(data_requests).where(eq(data_requests.user_id, user.id));
  const zip = new JSZip();
  const data = {
    exported_at: new Date().toISOString(),
    notice: 'Personal data held by the Wasiat platform about you (Personal Data Protection Act 2010, s. 12 and 30).',
    account: {
      ...(await serializeUser(db, user)),
      created_at: user.created_at,
      pdpa_accepted_at: user.pdpa_accepted_at,
    },
    wills: ws,
    ...(await childrenOf(db, willIds)),
    ...gifts,
    ekyc_attempts: attempts,
    documents: files.map((f) => ({
      id: f.id,
      type: f.type,
      owner: f.attachable_type,
      mime_type: f.mime_type,
      size_bytes: f.size_bytes,
      sha256: f.sha256,
      created_at: f.created_at,
      file: `documents/${f.type}-${f.id}.${f.storage_key.split('.').pop()}`,
    })),
    data_requests: requests,
    will_review_reminders: await reminderRecordsOf(db, user.id),
    audit_events: audit.map((e) => ({ action: e.action, entity_type: e.entity_type, at: e.at, ip: e.ip })),
  };
  zip.file('data.json', JSON.stringify(data, null, 2));
  for (const f of files) {
    try {
      zip.file(`documents/${f.type}-${f.id}.${f.storage_key.split('.').pop()}`, await ctx.store.get(f.storage_key));
    } catch {
      // a file missing from the store is listed in data.json without its bytes
    }
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
