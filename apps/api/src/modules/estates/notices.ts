/**
 * "Tell us once" (issue 40 item 8; ADR 0273): from a verified death's estate page the executor's side — the
 * provider's staff (`death:verify`) or the registering organisation's partner (`death:read:organisation`; who sees
 * the estate: policy.ts) — sends ONE notice of the death to each institution it picks from the registering
 * organisation's list (recipients.ts), and records each institution's reply.
 *
 * - {@link listNotices}: `GET /api/death-report/{id}/estate-notice` → `{ notices: [Notice with replies],
 *   recipients: [Recipient the caller may notify], assets: [entry of the deceased's map], organisations }`.
 * - {@link sendNotices}: `POST …/estate-notice { recipient_ids, asset_ids?, resend?, contact? }` → `{ message,
 *   notices }`. Each notice is a platform `mail_outbox` row of kind `estate_notice` (ADR 0280), queued in the
 *   deciding transaction and delivered after commit (retried by the `mail.outbox` job), and an `estate_notices`
 *   row (sent_at, to, the reference and what it listed); audited `estate.notice`. What is listed: the deceased's
 *   asset-map entries whose institution equals the recipient's name (case-insensitive, trimmed), and the entries
 *   ticked (`asset_ids`).
 *   Errors: 404 report out of scope, or a recipient not on a list the caller may use (a partner: their own
 *   organisation's, which registered the deceased's instrument; staff: any registering organisation's); 422
 *   `recipient_ids` (`estates.notice.already_sent`) when the institution was already notified of this death and
 *   `resend` is not true; 422 `asset_ids` for an entry not on the deceased's map.
 * - {@link recordReply}: `POST /api/estate-notice/{id}/reply { text, received_on, scan?, filename? }` → `{ message,
 *   notices }`; the scan (PNG, JPEG, WebP or PDF, 5 MB) through the file store like the death certificate's
 *   (attachable type `EstateNoticeReply`); audited `estate.notice_reply`. 404 for a notice of an estate out of scope.
 */
import { randomBytes } from 'node:crypto';
import {
  type EstateNoticeInput,
  type EstateNoticeReplyInput,
  type Language,
  NOTICE_MSG,
  translate,
} from '@wasiat/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import {
  death_report_organisations,
  estate_notice_replies,
  estate_notices,
  type NoticeListedAsset,
  notice_recipients,
  organizations,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { attachmentPath, DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { deliverMail, queueMail } from '../../platform/mail/outbox.ts';
import { liveEntriesOf } from '../assets/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { memberOrganisationIds } from '../organisations/index.ts';
import { estateFacts } from './facts.ts';
import { noticeMail } from './notice-mail.ts';
import { findEstateReport, isEstateStaff } from './policy.ts';
import { recipientBody, recipientsOf } from './recipients.ts';
import type { Actor } from './service.ts';

type Report = Awaited<ReturnType<typeof findEstateReport>>;

/** The registering organisations of report `id` whose lists the caller may use (staff: all of them). */
async function usableOrganisations(db: Db, user: AuthUser, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: death_report_organisations.organization_id })
    .from(death_report_organisations)
    .where(eq(death_report_organisations.death_report_id, id));
  const registering = rows.map((r) => r.id);
  if (isEstateStaff(user)) return registering;
  const mine = new Set(await memberOrganisationIds(db, user));
  return registering.filter((o) => mine.has(o));
}

/** The live entries of the deceased's asset map (none when the deceased had no account). */
async function deceasedMap(db: Db, report: Report) {
  return report.deceased_user_id ? liveEntriesOf(db, report.deceased_user_id) : [];
}

/** The notices of report `id`, newest first, each with its replies (oldest first) and their scans' links. */
async function noticesOf(db: Db, id: string) {
  const rows = await db
    .select()
    .from(estate_notices)
    .where(eq(estate_notices.death_report_id, id))
    .orderBy(asc(estate_notices.sent_at));
  const replies = rows.length
    ? await db
        .select()
        .from(estate_notice_replies)
        .where(
          inArray(
            estate_notice_replies.notice_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(estate_notice_replies.created_at))
    : [];
  return rows.map((n) => ({
    id: n.id,
    recipient_id: n.recipient_id,
    recipient_name: n.recipient_name,
    to_email: n.to_email,
    reference: n.reference,
    listed: n.listed,
    contact: n.contact,
    resend: n.resend,
    sent_at: n.sent_at,
    replies: replies
      .filter((r) => r.notice_id === n.id)
      .map((r) => ({
        id: r.id,
        text: r.text,
        received_on: r.received_on,
        created_at: r.created_at,
        file_url: r.attachment_id ? attachmentPath(r.attachment_id) : null,
      })),
  }));
}

/** `GET /api/death-report/{id}/estate-notice` (see the file comment). @throws 404 out of scope. */
export async function listNotices(db: Db, user: AuthUser, id: string) {
  const report = await findEstateReport(db, user, id);
  const orgIds = await usableOrganisations(db, user, id);
  const orgs = orgIds.length
    ? await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, orgIds))
    : [];
  return {
    notices: await noticesOf(db, id),
    recipients: (await recipientsOf(db, orgIds)).map(recipientBody),
    organisations: orgs,
    assets: (await deceasedMap(db, report)).map((a) => ({
      id: a.id,
      kind: a.kind,
      description: a.description,
      institution: a.institution,
      reference: a.reference,
    })),
  };
}

/** Whether an entry's institution is the recipient (case-insensitive, surrounding spaces ignored). */
const sameName = (a: string | null, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/** `POST /api/death-report/{id}/estate-notice` (see the file comment). */
export async function sendNotices(ctx: Ctx, actor: Actor, id: string, body: EstateNoticeInput, lang: Language) {
  const report = await findEstateReport(ctx.db, actor.user, id);
  const orgIds = await usableOrganisations(ctx.db, actor.user, id);
  const wanted = [...new Set(body.recipient_ids)];
  const recipients = orgIds.length
    ? await ctx.db
        .select()
        .from(notice_recipients)
        .where(
          and(
            inArray(notice_recipients.id, wanted),
            inArray(notice_recipients.organization_id, orgIds),
            isNull(notice_recipients.deleted_at),
          ),
        )
    : [];
  if (recipients.length !== wanted.length) throw notFound();
  const map = await deceasedMap(ctx.db, report);
  const ticked = new Set(body.asset_ids ?? []);
  if ([...ticked].some((a) => !map.some((m) => m.id === a))) throw fieldError('asset_ids', NOTICE_MSG.assetUnknown);
  const facts = await estateFacts(ctx.db, report);
  const orgs = await ctx.db.select().from(organizations).where(inArray(organizations.id, orgIds));

  const mailIds = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const earlier = await t
      .select({ recipient_id: estate_notices.recipient_id })
      .from(estate_notices)
      .where(and(eq(estate_notices.death_report_id, id), inArray(estate_notices.recipient_id, wanted)));
    const dup = recipients.find((r) => earlier.some((e) => e.recipient_id === r.id));
    if (dup && !body.resend) throw fieldError('recipient_ids', NOTICE_MSG.alreadySent, { name: dup.name });
    const ids: string[] = [];
    for (const r of recipients) {
      const listed: NoticeListedAsset[] = map
        .filter((a) => sameName(a.institution, r.name) || ticked.has(a.id))
        .map((a) => ({
          asset_id: a.id,
          kind: a.kind,
          description: a.description,
          institution: a.institution,
          reference: a.reference,
          by: sameName(a.institution, r.name) ? 'match' : 'ticked',
        }));
      const org = orgs.find((o) => o.id === r.organization_id);
      const contact =
        body.contact ?? [org?.name, org?.email, org?.phone_number].filter((x): x is string => !!x).join(', ');
      const reference = `EN-${randomBytes(5).toString('hex').toUpperCase()}`;
      const mail = noticeMail({
        institution: r.name,
        name: facts.deceased.name ?? report.deceased_ic,
        ic: report.deceased_ic,
        dateOfDeath: report.date_of_death,
        certificate: report.certificate_no,
        listed,
        contact,
        reference,
      });
      const mailId = await queueMail(t, {
        kind: 'estate_notice',
        subjectRef: id,
        refs: { organization_id: r.organization_id },
        to: r.email,
        ...mail,
      });
      const noticeId = newId();
      await t.insert(estate_notices).values({
        id: noticeId,
        death_report_id: id,
        recipient_id: r.id,
        recipient_name: r.name,
        to_email: r.email,
        reference,
        listed,
        contact,
        resend: earlier.some((e) => e.recipient_id === r.id),
        death_mail_id: mailId,
        sent_by: actor.user.id,
      });
      await recordAudit(t, {
        actorId: actor.user.id,
        action: 'estate.notice',
        entityType: 'DeathReport',
        entityId: id,
        after: {
          notice_id: noticeId,
          recipient_id: r.id,
          to: r.email,
          reference,
          listed: listed.map((l) => l.asset_id),
        },
        ip: actor.ip,
      });
      ids.push(mailId);
    }
    return ids;
  });
  await deliverMail(ctx, { ids: mailIds });
  return { message: translate(NOTICE_MSG.sent, lang), notices: await noticesOf(ctx.db, id) };
}

/** The report a notice belongs to (for the scope check and the attachment reader). */
async function reportOfNotice(db: Db, noticeId: string): Promise<string | null> {
  const [n] = await db
    .select({ id: estate_notices.death_report_id })
    .from(estate_notices)
    .where(eq(estate_notices.id, noticeId));
  return n?.id ?? null;
}

/** The report a reply belongs to (for the attachment reader). */
export async function reportOfReply(db: Db, replyId: string): Promise<string | null> {
  const [r] = await db
    .select({ id: estate_notices.death_report_id })
    .from(estate_notice_replies)
    .innerJoin(estate_notices, eq(estate_notices.id, estate_notice_replies.notice_id))
    .where(eq(estate_notice_replies.id, replyId));
  return r?.id ?? null;
}

/** `POST /api/estate-notice/{id}/reply` (see the file comment). */
export async function recordReply(
  ctx: Ctx,
  actor: Actor,
  noticeId: string,
  body: EstateNoticeReplyInput,
  lang: Language,
) {
  const reportId = await reportOfNotice(ctx.db, noticeId);
  if (!reportId) throw notFound();
  await findEstateReport(ctx.db, actor.user, reportId);
  const replyId = newId();
  const uploads = new Uploads(ctx.store);
  const staged = body.scan
    ? await uploads.stage({
        ownerType: 'EstateNoticeReply',
        ownerId: replyId,
        data: decodeBase64(body.scan, 'scan'),
        allowed: DOCUMENT_TYPES,
        field: 'scan',
      })
    : null;
  const work = ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const att = staged
      ? await uploads.record(t, staged, {
          attachableType: 'EstateNoticeReply',
          attachableId: replyId,
          type: 'estate-notice-reply',
          originalFilename: body.filename ?? null,
          uploadedBy: actor.user.id,
        })
      : null;
    await t.insert(estate_notice_replies).values({
      id: replyId,
      notice_id: noticeId,
      text: body.text,
      received_on: body.received_on,
      attachment_id: att?.id ?? null,
      recorded_by: actor.user.id,
    });
    await recordAudit(t, {
      actorId: actor.user.id,
      action: 'estate.notice_reply',
      entityType: 'DeathReport',
      entityId: reportId,
      after: { notice_id: noticeId, reply_id: replyId, received_on: body.received_on, attachment_id: att?.id ?? null },
      ip: actor.ip,
    });
  });
  await uploads.settle(work);
  return { message: translate(NOTICE_MSG.replyRecorded, lang), notices: await noticesOf(ctx.db, reportId) };
}
