/**
 * The texts of the acceptances module's mails (issue 41 item 3; ADR 0276), Malay then English, composed when the
 * platform's mail outbox sends them (outbox.ts registers the composers; ADR 0280):
 * - `ask`: to a guardian — the testator, the will's number, the role and the children, and the signed link
 *   (links.ts) with its expiry;
 * - `executor`: to the registering organisation — the will names it executor; its partners answer on the will's page;
 * - `declined`: to the testator — who declined which role, the reason given, and the will's page to name another.
 */
import { formatKlDate, type Language, translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { type role_acceptances, users, wills } from '../../db/schema/index.ts';
import { acceptanceLink } from './links.ts';

type Acceptance = typeof role_acceptances.$inferSelect;

/** A mail's kind: `ask` (a guardian's link), `executor` (the organisation told), `declined` (the testator told). */
export type AcceptanceMailKind = 'ask' | 'executor' | 'declined';

/** Subject and body in both languages, Malay first. */
const bilingual = (subject: (l: Language) => string, body: (l: Language) => string) => ({
  subject: `${subject('ms')} / ${subject('en')}`,
  text: `${body('ms')}\n\n---\n\n${body('en')}\n`,
});

/** The testator's name and e-mail and the will's number of request `a`. */
export async function willFacts(ctx: Pick<Ctx, 'db'>, a: Pick<Acceptance, 'wasiat_id'>) {
  const [w] = await ctx.db
    .select({ reference: wills.wasiat_no, testator: users.name, email: users.email, user_id: wills.user_id })
    .from(wills)
    .innerJoin(users, eq(users.id, wills.user_id))
    .where(eq(wills.id, a.wasiat_id));
  return w;
}

/** The mail of `kind` for request `a`. @returns `{ subject, text }`. */
export async function composeAcceptanceMail(ctx: Ctx, kind: AcceptanceMailKind, a: Acceptance, now = new Date()) {
  const w = await willFacts(ctx, a);
  const role = (l: Language) => translate(`acceptances.role.${a.role}`, l);
  const willPage = `${ctx.appUrl.replace(/\/$/, '')}/wasiat/${a.wasiat_id}/details`;
  const p = { testator: w.testator, reference: w.reference ?? '', person: a.person_name };
  if (kind === 'ask') {
    const link = acceptanceLink(ctx, a.id, now);
    return bilingual(
      (l) => translate('acceptances.mail.ask_subject', l, p),
      (l) =>
        translate('acceptances.mail.ask_body', l, {
          ...p,
          role: role(l),
          wards: a.wards ?? '',
          url: link.url,
          expires: formatKlDate(link.expires, l),
        }),
    );
  }
  if (kind === 'executor') {
    return bilingual(
      (l) => translate('acceptances.mail.executor_subject', l, p),
      (l) =>
        translate('acceptances.mail.executor_body', l, {
          ...p,
          organisation: a.person_name,
          // The organisation's page of executorships: its partner may not see the will itself (executorships.ts).
          url: `${ctx.appUrl.replace(/\/$/, '')}/pelantikan-wasi`,
        }),
    );
  }
  return bilingual(
    (l) => translate('acceptances.mail.declined_subject', l, p),
    (l) =>
      translate('acceptances.mail.declined_body', l, {
        ...p,
        role: role(l),
        reason: a.reason ? translate('acceptances.mail.reason_line', l, { reason: a.reason }) : '',
        url: willPage,
      }),
  );
}
