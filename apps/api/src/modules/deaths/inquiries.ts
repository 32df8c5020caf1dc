/**
 * "Is there a will?" (issue 40 item 2; ADR 0262): `POST /api/will-inquiry { deceased_ic_number, certificate_no,
 * email }`, open to anyone (no account), rate-limited per IP and audited.
 *
 * The HTTP reply is always the same 202 `{ message }` ("Your inquiry has been received…"): it never says whether a
 * death was reported or verified, or whether anything is registered. The inquiry is kept; it is answered by mail,
 * once, when a VERIFIED death report has the same MyKad and the same certificate number (compared without spaces,
 * dashes, dots or slashes, in upper case): at once when one already has, else in the transaction that verifies it.
 * The answer (mail.ts `inquiryMail`) is yes — each registered will (status 2) and hibah (status 5) of the MyKad's
 * owner, its reference and the organisation to contact — or no. An inquiry that no verified report ever matches is
 * never answered. A repeat of a waiting or answered inquiry (same MyKad, number and address) adds nothing.
 */
import { type Language, maskMykad, normaliseCertificateNo, translate, type WillInquiryInput } from '@wasiat/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_reports, will_inquiries } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { deliverMail, queueMail } from '../../platform/mail/outbox.ts';
import { inquiryMail } from './mail.ts';
import { type Conn, instrumentsOf, ownerOfMykad } from './queries.ts';

type Report = typeof death_reports.$inferSelect;

/**
 * Answers every waiting inquiry that report `r` (verified) matches: one mail each, the inquiry marked answered,
 * audited (`will_inquiry.answer`, with the answer yes/no). @returns the outbox ids to deliver after commit.
 */
export async function answerInquiries(tx: Conn, r: Report, now: Date, only?: string): Promise<string[]> {
  const waiting = await tx
    .select()
    .from(will_inquiries)
    .where(
      and(
        eq(will_inquiries.deceased_ic, r.deceased_ic),
        eq(will_inquiries.certificate_key, r.certificate_key),
        isNull(will_inquiries.answered_at),
        only ? eq(will_inquiries.id, only) : undefined,
      ),
    )
    .for('update');
  if (!waiting.length) return [];
  const owner = await ownerOfMykad(tx, r.deceased_ic);
  const registered = owner ? await instrumentsOf(tx, owner.id, true) : [];
  const ids: string[] = [];
  for (const q of waiting) {
    const m = inquiryMail(q.language === 'en' ? 'en' : 'ms', {
      askedAt: q.created_at,
      ic: q.deceased_ic,
      certificate: q.certificate_no,
      registered,
    });
    ids.push(
      await queueMail(tx, {
        kind: 'inquiry',
        subjectRef: r.id,
        refs: { will_inquiry_id: q.id },
        to: q.email,
        subject: m.subject,
        body: m.body,
      }),
    );
    await tx.update(will_inquiries).set({ answered_at: now, death_report_id: r.id }).where(eq(will_inquiries.id, q.id));
    await recordAudit(tx as unknown as Db, {
      actorId: null,
      action: 'will_inquiry.answer',
      entityType: 'WillInquiry',
      entityId: q.id,
      after: {
        death_report_id: r.id,
        email: q.email,
        answer: registered.length ? 'yes' : 'no',
        references: registered.map((i) => i.reference),
      },
    });
  }
  return ids;
}

/**
 * Records an inquiry (see the file comment) and answers it when a verified report already matches. The mail is
 * sent after the reply's commit without being waited for, so the reply takes the same time either way.
 * @returns 202 `{ message }`, the same for every well-formed inquiry.
 */
export async function makeInquiry(ctx: Ctx, body: WillInquiryInput, lang: Language, ip?: string, now = new Date()) {
  const key = normaliseCertificateNo(body.certificate_no);
  const email = body.email.trim().toLowerCase();
  const ids = await ctx.db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: will_inquiries.id })
      .from(will_inquiries)
      .where(
        and(
          eq(will_inquiries.deceased_ic, body.deceased_ic_number),
          eq(will_inquiries.certificate_key, key),
          eq(will_inquiries.email, email),
        ),
      )
      .limit(1);
    const [row] = same
      ? [same]
      : await tx
          .insert(will_inquiries)
          .values({
            deceased_ic: body.deceased_ic_number,
            certificate_no: body.certificate_no.trim(),
            certificate_key: key,
            email,
            language: lang,
          })
          .returning({ id: will_inquiries.id });
    await recordAudit(tx as unknown as Db, {
      actorId: null,
      action: 'will_inquiry.create',
      entityType: 'WillInquiry',
      entityId: row.id,
      after: {
        deceased_ic_number: maskMykad(body.deceased_ic_number),
        certificate_no: body.certificate_no,
        email,
        repeat: !!same,
      },
      ip,
    });
    if (same) return [];
    const [verified] = await tx
      .select()
      .from(death_reports)
      .where(
        and(
          eq(death_reports.deceased_ic, body.deceased_ic_number),
          eq(death_reports.certificate_key, key),
          eq(death_reports.status, 'verified'),
        ),
      );
    return verified ? answerInquiries(tx, verified, now, row.id) : [];
  });
  void deliverMail(ctx, { ids });
  return { message: translate('deaths.inquiry_received', lang) };
}
