/**
 * Who a deceased's registered instruments name, for the release of their documents (issue 40 item 3; ADR 0267):
 *
 * - a will (status 2): its executor (wasi) — the organisation that registered it, which the will's declaration
 *   names as executor (ADR 0259); identified by the MyKad of an individual partner (type `individual`), else by
 *   the organisation's registration number, at the organisation's e-mail — its heirs (`heirs`), the receivers of
 *   its property (`receivers`, role `beneficiary`), the beneficiaries of its bequests (`bequests`) and the guardians
 *   of the testator's minor children (`caretakers`, role `guardian`);
 * - a hibah (status 5): its receivers (`hibah_receivers`) and the caretakers of minor receivers (`hibah_caretakers`).
 *
 * People are merged per instrument by their identity number (upper case, letters and digits only): one person named
 * as an heir and as a receiver is one release with both roles, under the strongest (domain `RELEASE_ROLES` order).
 * A person is released to only when the instrument records both an e-mail and an identity number for them: the
 * link goes by mail, and the identity check compares the number (a bequest and a will's guardian carry no e-mail
 * of their own, so they are reached when the same number is recorded elsewhere in the will with one). Pure reads.
 */
import { normaliseIdNumber, RELEASE_ROLES, type ReleaseRole } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import {
  bequests,
  caretakers,
  heirs,
  hibah_caretakers,
  hibah_receivers,
  organizations,
  receivers,
} from '../../db/schema/index.ts';
import type { Conn, Instrument } from './queries.ts';

/** A person named by one instrument, with every role it gives them. */
export interface NamedPerson {
  name: string;
  /** As compared (domain `normaliseIdNumber`). */
  idNumber: string;
  email: string;
  role: ReleaseRole;
  roles: ReleaseRole[];
}

interface Mention {
  name: string;
  id: string | null;
  email: string | null;
  role: ReleaseRole;
}

/** The executor of a will: its registering organisation, by MyKad (an individual) or registration number. */
async function executorOf(db: Conn, organizationId: string | null): Promise<Mention[]> {
  if (!organizationId) return [];
  const [o] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!o) return [];
  const id = o.type === 'individual' ? o.mykad_number : o.registration_number;
  return [{ name: o.name, id, email: o.email, role: 'executor' }];
}

/** Every mention of a person in will `id` (see the file comment). */
async function willMentions(db: Conn, i: Instrument): Promise<Mention[]> {
  const hs = await db
    .select({ name: heirs.name, id: heirs.ic_number, email: heirs.email })
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, i.id)));
  const rs = await db
    .select({ name: receivers.name, id: receivers.ic_number, email: receivers.email })
    .from(receivers)
    .where(and(eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, i.id)));
  const bs = await db
    .select({ name: bequests.beneficiary_name, id: bequests.ic_number })
    .from(bequests)
    .where(eq(bequests.wasiat_id, i.id));
  const cs = await db
    .select({ name: caretakers.name, id: caretakers.ic_number })
    .from(caretakers)
    .where(and(eq(caretakers.caretakerable_type, 'Wasiat'), eq(caretakers.caretakerable_id, i.id)));
  return [
    ...(await executorOf(db, i.organization_id)),
    ...hs.map((x) => ({ ...x, role: 'heir' as const })),
    ...rs.map((x) => ({ ...x, role: 'beneficiary' as const })),
    ...bs.map((x) => ({ ...x, email: null, role: 'beneficiary' as const })),
    ...cs.map((x) => ({ ...x, email: null, role: 'guardian' as const })),
  ];
}

/** Every mention of a person in hibah `id`: its receivers and caretakers. */
async function hibahMentions(db: Conn, i: Instrument): Promise<Mention[]> {
  const rs = await db
    .select({ name: hibah_receivers.name, id: hibah_receivers.ic_number, email: hibah_receivers.email })
    .from(hibah_receivers)
    .where(eq(hibah_receivers.hibah_id, i.id));
  const cs = await db
    .select({ name: hibah_caretakers.name, id: hibah_caretakers.ic_number, email: hibah_caretakers.email })
    .from(hibah_caretakers)
    .where(eq(hibah_caretakers.hibah_id, i.id));
  return [
    ...rs.map((x) => ({ ...x, role: 'receiver' as const })),
    ...cs.map((x) => ({ ...x, role: 'caretaker' as const })),
  ];
}

/** Mentions merged by identity number; those without an e-mail or a number left out. */
function mergeMentions(mentions: Mention[]): NamedPerson[] {
  const byId = new Map<string, Mention[]>();
  for (const m of mentions) {
    const id = normaliseIdNumber(m.id ?? '');
    if (id.length < 6) continue;
    byId.set(id, [...(byId.get(id) ?? []), m]);
  }
  const out: NamedPerson[] = [];
  for (const [idNumber, ms] of byId) {
    const email = ms.map((m) => m.email?.trim().toLowerCase()).find((e) => !!e);
    if (!email) continue;
    const roles = RELEASE_ROLES.filter((r) => ms.some((m) => m.role === r));
    const first = ms.find((m) => m.role === roles[0]) ?? ms[0];
    out.push({ name: first.name, idNumber, email, role: roles[0], roles });
  }
  return out;
}

/** The people instrument `i` (a registered will or hibah) names, to release its documents to. */
export async function peopleNamedBy(db: Conn, i: Instrument): Promise<NamedPerson[]> {
  return mergeMentions(i.type === 'Wasiat' ? await willMentions(db, i) : await hibahMentions(db, i));
}
