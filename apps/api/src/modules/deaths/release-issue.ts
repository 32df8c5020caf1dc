/**
 * Issuing the releases of a verified death (issue 40 item 3; ADR 0267), inside the verifying transaction
 * (effects.ts): for each registered will (status 2) and hibah (status 5) of the deceased, each person it names with
 * an e-mail and an identity number (release-people.ts) gets a row of `death_releases` (instrument, person, roles,
 * e-mail, issued) audited `death.release_issue`, and each e-mail address one mail in the platform's mail outbox
 * (kind `release`; ADR 0280) listing its signed links (release-access.ts), Malay then English. The mails are sent
 * after commit; the `mail.outbox` job retries what failed. Nothing is sent inside the transaction.
 */
import { formatKlDate, translate } from '@wasiat/domain';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_releases, type death_reports } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { queueMail } from '../../platform/mail/outbox.ts';
import { bilingual } from './mail.ts';
import { type Conn, instrumentsOf } from './queries.ts';
import { releaseLink } from './release-access.ts';
import { peopleNamedBy } from './release-people.ts';

type Report = typeof death_reports.$inferSelect;
type Release = typeof death_releases.$inferSelect;

/** The mail to one address with every link issued to it (the person's name from their first release). */
function releaseMail(p: {
  deceased: string;
  person: string;
  expires: Date;
  links: { type: string; reference: string; role: string; url: string }[];
}) {
  return bilingual(
    'ms',
    (l) => translate('deaths.release.mail.subject', l, { name: p.deceased }),
    (l) =>
      translate('deaths.release.mail.body', l, {
        person: p.person,
        name: p.deceased,
        expires: formatKlDate(p.expires, l),
        links: p.links
          .map((x) =>
            translate('deaths.release.mail.line', l, {
              kind: translate(`deaths.kind.${x.type}`, l),
              reference: x.reference,
              role: translate(`deaths.release.role.${x.role}`, l),
              url: x.url,
            }),
          )
          .join('\n'),
      }),
  );
}

/**
 * Issues the releases of report `r` (verified) for the deceased `owner` (see the file comment).
 * @returns the outbox ids of the mails, to deliver after commit.
 */
export async function issueReleases(
  ctx: Ctx,
  tx: Conn,
  actor: { id: string; ip?: string },
  r: Report,
  owner: { id: string; name: string },
  now: Date,
): Promise<string[]> {
  const issued: Release[] = [];
  for (const i of await instrumentsOf(tx, owner.id, true)) {
    for (const p of await peopleNamedBy(tx, i)) {
      const [row] = await tx
        .insert(death_releases)
        .values({
          death_report_id: r.id,
          instrument_type: i.type,
          instrument_id: i.id,
          instrument_reference: i.reference ?? '',
          organization_id: i.organization_id,
          person_name: p.name,
          person_id_number: p.idNumber,
          role: p.role,
          roles: p.roles,
          email: p.email,
          issued_at: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      issued.push(row);
      await recordAudit(tx as unknown as Db, {
        actorId: actor.id,
        action: 'death.release_issue',
        entityType: 'DeathRelease',
        entityId: row.id,
        after: {
          death_report_id: r.id,
          instrument_type: i.type,
          instrument_id: i.id,
          role: p.role,
          roles: p.roles,
          email: p.email,
        },
        ip: actor.ip,
      });
    }
  }
  const byEmail = new Map<string, Release[]>();
  for (const x of issued) byEmail.set(x.email, [...(byEmail.get(x.email) ?? []), x]);
  const ids: string[] = [];
  for (const [email, rows] of byEmail) {
    const links = rows.map((x) => ({ row: x, ...releaseLink(ctx, x.id, now) }));
    const m = releaseMail({
      deceased: owner.name,
      person: rows[0].person_name,
      expires: links[0].expires,
      links: links.map((x) => ({
        type: x.row.instrument_type,
        reference: x.row.instrument_reference,
        role: x.row.role,
        url: x.url,
      })),
    });
    ids.push(await queueMail(tx, { kind: 'release', subjectRef: r.id, to: email, subject: m.subject, body: m.body }));
  }
  return ids;
}
