/**
 * Reporting a death (issue 40 item 1; ADR 0261): `POST /api/death-report`.
 *
 * Who: any role holding `death:report` — an heir, a named executor (wasi) or a receiver, whose identity is their
 * own passed eKYC (`user_ekyc.ekyc_verified_at`; ADR 0147), or staff (`death:verify`), who report without it in
 * the capacity `staff`. What: the deceased's MyKad, the date of death (domain `deathDateProblem`: not after today,
 * not before the birth date in the MyKad), the death certificate's number and its scan (through the file store:
 * stored before the transaction, recorded inside it; files/uploads.ts, ADR 0220) and the relationship.
 *
 * Nothing about the deceased is looked up or told: the reply is the same whether or not anyone with that MyKad is
 * registered here (until staff verify the death, a registered person is treated as living and their records are
 * theirs alone; Personal Data Protection Act 2010 s.8, the disclosure principle). What may be told is that a
 * report for that MyKad is already pending or verified (the duplicate refusal): it says nothing of any record.
 */
import {
  DEATH_MSG,
  type DeathReportInput,
  deathDateProblem,
  type Language,
  normaliseCertificateNo,
  OPEN_DEATH_REPORT_STATUSES,
  translate,
} from '@wasiat/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { death_reports, user_ekyc } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { isDeathStaff } from './policy.ts';
import { type Conn, readReport } from './queries.ts';

/** The acting user and their IP (audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
}

/** A Postgres unique violation (the open-report index under a race). */
const isUniqueViolation = (err: any) => err?.code === '23505' || err?.cause?.code === '23505';

/** Whether a report for MyKad `ic` is pending or verified. */
async function openReportExists(db: Conn, ic: string) {
  const [row] = await db
    .select({ id: death_reports.id })
    .from(death_reports)
    .where(and(eq(death_reports.deceased_ic, ic), inArray(death_reports.status, [...OPEN_DEATH_REPORT_STATUSES])))
    .limit(1);
  return Boolean(row);
}

/** When the user's own eKYC passed, or null. */
async function ekycPassedAt(db: Conn, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: user_ekyc.ekyc_verified_at })
    .from(user_ekyc)
    .where(and(eq(user_ekyc.user_id, userId), isNotNull(user_ekyc.ekyc_verified_at)));
  return row?.at ?? null;
}

/**
 * Records a death report. Checks, in order (each a 422 naming the field): `relationship` "staff" by a non-staff
 * user (`deaths.staff_relationship`); `deceased_ic_number` the reporter's own (`deaths.self`); `date_of_death`
 * (`deaths.date_future`, `deaths.date_before_birth`); `ekyc` without a passed eKYC (`deaths.ekyc_required`);
 * `deceased_ic_number` with a report pending or verified (`deaths.duplicate`); `certificate` not a PNG, JPEG,
 * WebP or PDF of at most 5 MB (`errors.file_type`, `errors.file_too_large`). Audited (`death.report`).
 * @returns 201 `{ message, death_report }` in the reporter's view (queries.ts).
 */
export async function reportDeath(ctx: Ctx, actor: Actor, body: DeathReportInput, lang: Language, now = new Date()) {
  const me = actor.user;
  const staff = isDeathStaff(me);
  if (body.relationship === 'staff' && !staff) throw fieldError('relationship', DEATH_MSG.staffOnly);
  if (me.ic_number && me.ic_number === body.deceased_ic_number) throw fieldError('deceased_ic_number', DEATH_MSG.self);
  const dateProblem = deathDateProblem(body.deceased_ic_number, body.date_of_death, now);
  if (dateProblem) throw fieldError('date_of_death', dateProblem);
  const ekycAt = staff ? null : await ekycPassedAt(ctx.db, me.id);
  if (!staff && !ekycAt) throw fieldError('ekyc', DEATH_MSG.ekycRequired);
  if (await openReportExists(ctx.db, body.deceased_ic_number)) {
    throw fieldError('deceased_ic_number', DEATH_MSG.duplicate);
  }
  const id = newId();
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'DeathReport',
    ownerId: id,
    data: decodeBase64(body.certificate, 'certificate'),
    allowed: DOCUMENT_TYPES,
    field: 'certificate',
  });
  try {
    await uploads.settle(
      ctx.db.transaction(async (tx) => {
        const att = await uploads.record(tx as unknown as Db, staged, {
          attachableType: 'DeathReport',
          attachableId: id,
          type: 'death-certificate',
          originalFilename: body.certificate_filename ?? null,
          uploadedBy: me.id,
        });
        const [row] = await tx
          .insert(death_reports)
          .values({
            id,
            deceased_ic: body.deceased_ic_number,
            date_of_death: body.date_of_death,
            certificate_no: body.certificate_no.trim(),
            certificate_key: normaliseCertificateNo(body.certificate_no),
            certificate_attachment_id: att.id,
            reporter_id: me.id,
            relationship: body.relationship,
            reporter_ekyc_at: ekycAt,
          })
          .returning();
        await recordAudit(tx as unknown as Db, {
          actorId: me.id,
          action: 'death.report',
          entityType: 'DeathReport',
          entityId: id,
          after: {
            deceased_ic_number: row.deceased_ic,
            date_of_death: row.date_of_death,
            certificate_no: row.certificate_no,
            relationship: row.relationship,
            certificate_attachment_id: att.id,
          },
          ip: actor.ip,
        });
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('deceased_ic_number', DEATH_MSG.duplicate);
    throw err;
  }
  return { message: translate(DEATH_MSG.reported, lang), death_report: await readReport(ctx.db, me, id) };
}
