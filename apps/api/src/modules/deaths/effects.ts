/**
 * What a verified death does, inside the verifying transaction (issue 40 item 1; ADR 0261):
 * - the deceased's account (the MyKad's owner) is recorded on the report, which locks every will, hibah and
 *   amendment they own against change (instruments/deceased-lock.ts, checked where each kind lets a record change)
 *   and stops their reminders (the will-review reminders and the hibah draft reminders leave them out);
 * - each will and hibah is recorded with its state then (`death_closures`): registered (locked), submitted before
 *   the death (a will signed and witnessed in life, left for staff to decide), or not completed (closed); each
 *   open amendment is cancelled (status 5) with the reason — one audit event per record;
 * - each organisation that registered one of them is recorded (`death_report_organisations`: it then sees the
 *   report) and told by mail (its own address and its active Partner users'), audited per organisation.
 * - each person a registered will or hibah names (its executor, heirs, receivers, guardians, caretakers) with an
 *   e-mail and an identity number gets a release and a signed link by mail (release-issue.ts; issue 40 item 3,
 *   ADR 0267).
 * The reason is written in Malay and English ("Ditutup: kematian pemilik disahkan pada 12 Dis 2026. / Closed: …").
 */
import {
  AMENDMENT_STATUS,
  formatKlDate,
  HIBAH_STATUS,
  OPEN_AMENDMENT_STATUSES,
  translate,
  WILL_STATUS,
} from '@wasiat/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  amendments,
  death_closures,
  death_report_organisations,
  type death_reports,
  organizations,
  user_accesses,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { organisationMail } from './mail.ts';
import { type Conn, type Instrument, instrumentsOf } from './queries.ts';
import { issueReleases } from './release-issue.ts';

type Report = typeof death_reports.$inferSelect;
type Closure = { type: 'Wasiat' | 'Hibah' | 'Amendment'; id: string; reference: string | null; state: string };

/** The state a will or hibah is recorded in when its owner's death is verified. */
function stateOf(i: Instrument): string {
  if (i.type === 'Wasiat') {
    if (i.status === WILL_STATUS.registered) return 'registered';
    if (i.status === WILL_STATUS.awaitingConfirmation) return 'submitted';
    return 'closed';
  }
  return i.status === HIBAH_STATUS.registered ? 'registered' : 'closed';
}

/** "Ditutup: … / Closed: …" with the verification's date in each language. */
const closedReason = (now: Date) =>
  `${translate('deaths.closed_reason', 'ms', { date: formatKlDate(now, 'ms') })} / ${translate('deaths.closed_reason', 'en', { date: formatKlDate(now, 'en') })}`;

/** The e-mail addresses an organisation is told at: its own and its active Partner users'. */
async function organisationAddresses(tx: Conn, orgId: string) {
  const [org] = await tx
    .select({ name: organizations.name, email: organizations.email })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const partners = await tx
    .select({ email: users.email })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .where(
      and(
        eq(user_accesses.organization_id, orgId),
        eq(user_accesses.status, 1),
        eq(users.role, 'Partner'),
        isNotNull(users.email),
      ),
    );
  const to = [...new Set([org?.email, ...partners.map((p) => p.email)].filter((e): e is string => !!e))];
  return { name: org?.name ?? '', to };
}

/**
 * Locks, closes and tells (see the file comment) for the verified report `r` of the account `owner`.
 * @returns the outbox ids of the organisations' and the releases' mails, to deliver after commit.
 */
export async function applyVerifiedDeath(
  ctx: Ctx,
  tx: Conn,
  actor: { id: string; ip?: string },
  r: Report,
  owner: { id: string; name: string },
  now: Date,
): Promise<string[]> {
  const reason = closedReason(now);
  const audit = (
    action: Parameters<typeof recordAudit>[1]['action'],
    type: string,
    id: string,
    after: unknown,
    before?: unknown,
  ) =>
    recordAudit(tx as unknown as Db, {
      actorId: actor.id,
      action,
      entityType: type,
      entityId: id,
      before,
      after,
      ip: actor.ip,
    });
  const byOrg = new Map<string, Closure[]>();
  const close = async (c: Closure, organizationId: string | null) => {
    await tx.insert(death_closures).values({
      death_report_id: r.id,
      record_type: c.type,
      record_id: c.id,
      organization_id: organizationId,
      reference: c.reference ?? '',
      state: c.state,
      reason,
    });
    if (organizationId) byOrg.set(organizationId, [...(byOrg.get(organizationId) ?? []), c]);
  };

  for (const i of await instrumentsOf(tx, owner.id)) {
    const state = stateOf(i);
    await close({ type: i.type, id: i.id, reference: i.reference, state }, i.organization_id);
    await audit(i.type === 'Wasiat' ? 'will.closed_by_death' : 'hibah.closed_by_death', i.type, i.id, {
      status: i.status,
      reason,
    });
  }
  const open = await tx
    .update(amendments)
    .set({ status: AMENDMENT_STATUS.cancelled, cancelled_at: now, expires_at: null, reason })
    .where(and(eq(amendments.user_id, owner.id), inArray(amendments.status, [...OPEN_AMENDMENT_STATUSES])))
    .returning({
      id: amendments.id,
      reference: amendments.reference_no,
      organization_id: amendments.organization_id,
    });
  for (const a of open) {
    await close({ type: 'Amendment', id: a.id, reference: a.reference, state: 'amendment_closed' }, a.organization_id);
    await audit('amendment.closed_by_death', 'Amendment', a.id, {
      status: AMENDMENT_STATUS.cancelled,
      cancelled_at: now,
      reason,
    });
  }

  const mails: string[] = [];
  for (const [orgId, records] of byOrg) {
    await tx
      .insert(death_report_organisations)
      .values({ death_report_id: r.id, organization_id: orgId })
      .onConflictDoNothing();
    const { name, to } = await organisationAddresses(tx, orgId);
    const m = organisationMail(ctx.appUrl, {
      name: owner.name,
      ic: r.deceased_ic,
      dateOfDeath: r.date_of_death,
      certificate: r.certificate_no,
      organisation: name,
      records,
    });
    for (const addr of to) {
      mails.push(
        await queueMail(tx, {
          kind: 'organisation',
          subjectRef: r.id,
          refs: { organization_id: orgId },
          to: addr,
          subject: m.subject,
          body: m.body,
        }),
      );
    }
    await audit('death.organisation_notified', 'DeathReport', r.id, { organization_id: orgId, emails: to });
  }
  // The release: a signed link to each person the registered instruments name (release-issue.ts; ADR 0267).
  mails.push(...(await issueReleases(ctx, tx, actor, r, owner, now)));
  return mails;
}
