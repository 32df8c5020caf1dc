/**
 * The releases of a death report as staff and the registering organisation see them (issue 40 item 3; ADR 0267):
 *
 * - `GET /api/death-report/{id}/releases` → `{ releases: [...] }`, oldest first: per release the instrument (kind,
 *   id, number), the person (name, roles, e-mail — never the identity number), when it was issued, its mail sent,
 *   first opened, last identified, revoked (and by whom), and `can_revoke`. Staff (`death:verify`) see every
 *   release of the report; a partner (`death:read:organisation`) of an organisation that registered one of the
 *   instruments sees that organisation's only, read-only. Anyone else — the reporter too — gets a 404, as for a
 *   report out of scope (policy.ts).
 * - `POST /api/death-report/{id}/releases/{release_id}/revoke` (`death:verify`) → `{ message, release }`: the link
 *   answers 410 from then on. A release of another report → 404; already revoked → 422 on `_`
 *   (`deaths.release.already_revoked`). Audited `death.release_revoke`.
 */
import { type Language, RELEASE_MSG, translate } from '@wasiat/domain';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_releases, mail_outbox, user_accesses, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { type AuthUser, userCan } from '../auth/index.ts';
import { isDeathStaff } from './policy.ts';
import { type Conn, findVisibleReport } from './queries.ts';
import type { Actor } from './service.ts';

type Release = typeof death_releases.$inferSelect;

/** The wire shape of a release (see the file comment). */
function releaseBody(r: Release, extra: { revoked_by_name: string | null; mail_sent_at: Date | null }, staff: boolean) {
  return {
    id: r.id,
    instrument_type: r.instrument_type,
    instrument_id: r.instrument_id,
    instrument_reference: r.instrument_reference,
    organization_id: r.organization_id,
    person_name: r.person_name,
    role: r.role,
    roles: r.roles,
    email: r.email,
    issued_at: r.issued_at,
    mail_sent_at: extra.mail_sent_at,
    opened_at: r.opened_at,
    identified_at: r.identified_at,
    revoked_at: r.revoked_at,
    revoked_by_name: extra.revoked_by_name,
    can_revoke: staff && !r.revoked_at,
  };
}

/** The organisations `user` is an active member of. */
async function myOrganisations(db: Conn, user: AuthUser) {
  const rows = await db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, user.id), eq(user_accesses.status, 1)));
  return rows.map((r) => r.id);
}

/** `GET /api/death-report/{id}/releases` (see the file comment). @throws 404 out of scope. */
export async function listReleases(db: Conn, user: AuthUser, reportId: string) {
  const report = await findVisibleReport(db, user, reportId);
  const staff = isDeathStaff(user);
  let orgs: string[] | null = null;
  if (!staff) {
    if (!userCan(user, 'death:read:organisation') || report.status !== 'verified') throw notFound();
    orgs = await myOrganisations(db, user);
  }
  const revoker = sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${death_releases.revoked_by})`;
  const rows = await db
    .select({ r: death_releases, revoked_by_name: revoker })
    .from(death_releases)
    .where(
      and(
        eq(death_releases.death_report_id, report.id),
        orgs ? inArray(death_releases.organization_id, orgs.length ? orgs : ['']) : undefined,
      ),
    )
    .orderBy(asc(death_releases.issued_at), asc(death_releases.instrument_type), asc(death_releases.person_name));
  const sent = await db
    .select({ to: mail_outbox.to_email, at: max(mail_outbox.sent_at) })
    .from(mail_outbox)
    .where(and(eq(mail_outbox.subject_ref, report.id), eq(mail_outbox.kind, 'release')))
    .groupBy(mail_outbox.to_email);
  const sentAt = new Map(sent.map((s) => [s.to, s.at ? new Date(s.at) : null]));
  return {
    releases: rows.map((x) =>
      releaseBody(x.r, { revoked_by_name: x.revoked_by_name, mail_sent_at: sentAt.get(x.r.email) ?? null }, staff),
    ),
  };
}

/** `POST /api/death-report/{id}/releases/{release_id}/revoke` (see the file comment). */
export async function revokeRelease(
  ctx: Ctx,
  actor: Actor,
  reportId: string,
  releaseId: string,
  lang: Language,
  now = new Date(),
) {
  const row = await ctx.db.transaction(async (tx) => {
    const report = await findVisibleReport(tx, actor.user, reportId);
    const [r] = await tx
      .select()
      .from(death_releases)
      .where(and(eq(death_releases.id, releaseId), eq(death_releases.death_report_id, report.id)))
      .for('update');
    if (!r) throw notFound();
    if (r.revoked_at) throw fieldError('_', RELEASE_MSG.alreadyRevoked);
    const [after] = await tx
      .update(death_releases)
      .set({ revoked_at: now, revoked_by: actor.user.id })
      .where(eq(death_releases.id, r.id))
      .returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'death.release_revoke',
      entityType: 'DeathRelease',
      entityId: r.id,
      before: { revoked_at: null },
      after: { revoked_at: now, revoked_by: actor.user.id, email: r.email, instrument_id: r.instrument_id },
      ip: actor.ip,
    });
    return after;
  });
  return {
    message: translate(RELEASE_MSG.revoked, lang),
    release: releaseBody(row, { revoked_by_name: actor.user.name, mail_sent_at: null }, true),
  };
}
