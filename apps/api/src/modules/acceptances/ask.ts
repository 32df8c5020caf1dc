/**
 * Asking the people a registered will names to accept their role (issue 41 item 3; ADR 0276), inside the
 * transaction that registers the will (status 1 → 2) or lets an amendment take effect (instruments module
 * `namedPeopleChanged`):
 *
 * - the EXECUTOR (wasi) is the organisation that registered the will, which its declaration names as executor
 *   (ADR 0259) — a corporate executor; identified by its registration number (an individual partner's MyKad). Its
 *   partners answer in the app; the organisation's e-mail is told (mail kind `executor`).
 * - each GUARDIAN of the testator's minor children (`caretakers` of the will) is asked by a signed link mailed to the
 *   e-mail the will records for them (mail kind `ask`); one without an e-mail is asked once one is added and a
 *   partner or staff sends the link (service.ts `resendAcceptance`).
 *
 * What was asked is kept as a key (domain `guardianRoleKey`: the MyKad and the children in their care). A request
 * whose key the will no longer has is `superseded` (audited `acceptance.supersede`); a key without a live request
 * gets a new `pending` one (audited `acceptance.ask`). So an amendment that changes a guardian's children, or names
 * a new guardian, asks again; one that changes nothing asks nobody. Mails go to the platform's mail outbox
 * (outbox.ts; ADR 0280) and are composed and sent after commit (mail.ts). Not for a will that is not registered (status 2).
 */
import { guardianRoleKey, normaliseIdNumber } from '@wasiat/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caretakers, organizations, role_acceptances, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { NamedPeopleChange } from '../instruments/index.ts';
import { queueAcceptanceMail } from './outbox.ts';

interface Wanted {
  role: 'executor' | 'guardian';
  key: string;
  name: string;
  idNumber: string;
  email: string | null;
  caretakerId: string | null;
  wards: string | null;
}

/** The executor and guardians will `willId` names now, each with the key of what they are asked. */
async function wantedOf(tx: Db, will: { id: string; organization_id: string | null }): Promise<Wanted[]> {
  const out: Wanted[] = [];
  if (will.organization_id) {
    const [o] = await tx.select().from(organizations).where(eq(organizations.id, will.organization_id));
    if (o) {
      out.push({
        role: 'executor',
        key: `executor|${o.id}`,
        name: o.name,
        idNumber: normaliseIdNumber((o.type === 'individual' ? o.mykad_number : o.registration_number) ?? ''),
        email: o.email?.trim().toLowerCase() || null,
        caretakerId: null,
        wards: null,
      });
    }
  }
  const gs = await tx
    .select()
    .from(caretakers)
    .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, will.id)));
  for (const g of gs) {
    const key = guardianRoleKey(g.ic_number, g.wards);
    if (out.some((w) => w.key === key)) continue;
    out.push({
      role: 'guardian',
      key,
      name: g.name,
      idNumber: normaliseIdNumber(g.ic_number),
      email: g.email?.trim().toLowerCase() || null,
      caretakerId: g.id,
      wards: g.wards,
    });
  }
  return out;
}

/**
 * Brings will `change.id`'s requests in line with the people it names (see the file comment). Called in the
 * change's transaction; writes rows, audit events and outbox mails, sends nothing.
 */
export async function askAcceptances(tx: Db, change: NamedPeopleChange): Promise<void> {
  const [will] = await tx
    .select({ id: wills.id, status: wills.status, organization_id: wills.organization_id })
    .from(wills)
    .where(eq(wills.id, change.id));
  if (will?.status !== 2) return;
  const wanted = await wantedOf(tx, will);
  const live = await tx
    .select()
    .from(role_acceptances)
    .where(and(eq(role_acceptances.wasiat_id, will.id), ne(role_acceptances.state, 'superseded')));
  const audit = (action: 'acceptance.ask' | 'acceptance.supersede', id: string, after: unknown) =>
    recordAudit(tx, {
      actorId: change.actorId,
      action,
      entityType: 'RoleAcceptance',
      entityId: id,
      after,
      ip: change.ip,
    });
  for (const r of live) {
    if (wanted.some((w) => w.key === r.role_key)) continue;
    await tx
      .update(role_acceptances)
      .set({ state: 'superseded', superseded_at: change.now })
      .where(eq(role_acceptances.id, r.id));
    await audit('acceptance.supersede', r.id, { wasiat_id: will.id, role: r.role, was: r.state, event: change.event });
  }
  for (const w of wanted) {
    const kept = live.find((r) => r.role_key === w.key);
    if (kept) {
      // The same person asked the same thing: keep the answer; follow the row the will now has and its e-mail.
      if (kept.caretaker_id !== w.caretakerId || kept.email !== w.email) {
        await tx
          .update(role_acceptances)
          .set({ caretaker_id: w.caretakerId, email: w.email, person_name: w.name })
          .where(eq(role_acceptances.id, kept.id));
      }
      continue;
    }
    const [row] = await tx
      .insert(role_acceptances)
      .values({
        wasiat_id: will.id,
        organization_id: will.organization_id,
        role: w.role,
        caretaker_id: w.caretakerId,
        person_name: w.name,
        person_id_number: w.idNumber,
        email: w.email,
        wards: w.wards,
        role_key: w.key,
        state: 'pending',
        asked_at: change.now,
      })
      .returning();
    await audit('acceptance.ask', row.id, { wasiat_id: will.id, role: w.role, email: w.email, event: change.event });
    if (w.email) {
      await queueAcceptanceMail(tx, {
        acceptanceId: row.id,
        kind: w.role === 'executor' ? 'executor' : 'ask',
        to: w.email,
      });
    }
  }
}
