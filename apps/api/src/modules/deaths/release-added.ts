/**
 * A release for an heir added on the estate file after the will (born or married since; issue 40 items 4–5;
 * ADR 0282): the will does not name them, so the releases of the verification (release-issue.ts) did not reach
 * them. When estate staff or the registering organisation's partner add such an heir with an e-mail, this gives them
 * the same access as a will's heir (ADR 0267): a `death_releases` row on the deceased's will (role `heir`, their
 * MyKad as the identity compared), audited `death.release_issue`, and one mail in the platform's mail outbox (kind
 * `release`, Malay then English) with the signed link; the code to that e-mail and the MyKad open it. Through it
 * they see the will and consent to the bequests needing consent (consents module). Sent after commit by the caller.
 * When the correction is withdrawn the release is revoked ({@link revokeAddedHeirRelease}).
 */
import { formatKlDate, normaliseIdNumber, translate } from '@wasiat/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_releases, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { bilingual } from './mail.ts';
import type { Conn } from './queries.ts';
import { releaseLink } from './release-access.ts';

/**
 * Issue the release of an added heir (see the file comment) inside the caller's transaction.
 * @param person the heir's name, 12-digit MyKad and e-mail as entered on the estate file.
 * @returns the outbox ids to deliver after commit (`[]` when the same person already has a release on the will).
 */
export async function issueAddedHeirRelease(
  ctx: Ctx,
  tx: Conn,
  actor: { id: string; ip?: string },
  report: { id: string; deceased_name: string },
  willId: string,
  person: { name: string; ic_number: string; email: string },
  now = new Date(),
): Promise<string[]> {
  const [will] = await tx
    .select({ id: wills.id, wasiat_no: wills.wasiat_no, organization_id: wills.organization_id })
    .from(wills)
    .where(eq(wills.id, willId));
  if (!will) return [];
  const [row] = await tx
    .insert(death_releases)
    .values({
      death_report_id: report.id,
      instrument_type: 'Wasiat',
      instrument_id: will.id,
      instrument_reference: will.wasiat_no ?? '',
      organization_id: will.organization_id,
      person_name: person.name,
      person_id_number: normaliseIdNumber(person.ic_number),
      role: 'heir',
      roles: ['heir'],
      email: person.email,
      issued_at: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return [];
  await recordAudit(tx as unknown as Db, {
    actorId: actor.id,
    action: 'death.release_issue',
    entityType: 'DeathRelease',
    entityId: row.id,
    after: { death_report_id: report.id, instrument_type: 'Wasiat', instrument_id: will.id, role: 'heir', added: true },
    ip: actor.ip,
  });
  const link = releaseLink(ctx, row.id, now);
  const m = bilingual(
    'ms',
    (l) => translate('deaths.release.mail.subject', l, { name: report.deceased_name }),
    (l) =>
      // Their own text: the will does not name them; the estate file does (ADR 0282).
      translate('deaths.release.mail.added_body', l, {
        person: person.name,
        name: report.deceased_name,
        expires: formatKlDate(link.expires, l),
        links: translate('deaths.release.mail.line', l, {
          kind: translate('deaths.kind.Wasiat', l),
          reference: row.instrument_reference,
          role: translate('deaths.release.role.heir', l),
          url: link.url,
        }),
      }),
  );
  return [await queueMail(tx, { kind: 'release', subjectRef: report.id, to: person.email, ...m })];
}

/**
 * Revoke the release of an added heir whose correction was withdrawn (ADR 0282): their live releases on report
 * `reportId` with role `heir` for that MyKad and e-mail, each audited `death.release_revoke`. @returns how many.
 */
export async function revokeAddedHeirRelease(
  tx: Conn,
  actor: { id: string; ip?: string },
  reportId: string,
  person: { ic_number: string; email: string },
  now = new Date(),
): Promise<number> {
  const rows = await tx
    .update(death_releases)
    .set({ revoked_at: now, revoked_by: actor.id })
    .where(
      and(
        eq(death_releases.death_report_id, reportId),
        eq(death_releases.person_id_number, normaliseIdNumber(person.ic_number)),
        eq(death_releases.email, person.email),
        eq(death_releases.role, 'heir'),
        isNull(death_releases.revoked_at),
      ),
    )
    .returning({ id: death_releases.id });
  for (const r of rows) {
    await recordAudit(tx as unknown as Db, {
      actorId: actor.id,
      action: 'death.release_revoke',
      entityType: 'DeathRelease',
      entityId: r.id,
      after: { death_report_id: reportId, reason: 'estate.heir_change_withdrawn' },
      ip: actor.ip,
    });
  }
  return rows.length;
}
