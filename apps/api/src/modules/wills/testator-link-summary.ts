/**
 * The draft a testator reads through their signed link (ADR 0298): the will as it stands, the parts the document
 * version covers (signature-facts.ts `willDocumentContent`, ADR 0015), each person by name and relationship code and
 * each property by its type and a short description — MyKad numbers masked, no addresses or contact details of the
 * people named.
 */
import { maskMykad } from '@wasiat/domain';
import type { Conn, WillRow } from './queries.ts';
import { willDocumentContent } from './signature-facts.ts';

/** A person named in the will: name, relationship code and MyKad masked as the public pages show it (ADR 0166). */
const person = (p: { name: string; relationship: string | null; ic_number?: string | null }) => ({
  name: p.name,
  relationship: p.relationship ?? null,
  ic_number: p.ic_number ? maskMykad(p.ic_number) : null,
});

/**
 * @returns `{ wasiat_type, plan, version (SHA-256 hex), testator: { name, ic_number (masked) }, heirs, receivers,
 * caretakers: [{ name, relationship, ic_number (masked) }], properties: [{ kind: 'moveable'|'immoveable', type, description }],
 * bequests: [{ name, relationship, portion }], heirs_consent }`.
 */
export async function draftSummary(db: Conn, will: WillRow, version: string) {
  const c = await willDocumentContent(db, will.id);
  const ic = c.particulars?.ic_number;
  return {
    wasiat_type: will.wasiat_type,
    plan: will.plan,
    version,
    testator: { name: c.particulars?.name ?? '', ic_number: ic ? maskMykad(ic) : null },
    heirs: c.heirs.map(person),
    receivers: c.receivers.map(person),
    caretakers: c.caretakers.map(person),
    properties: [
      ...c.moveable_properties.map((p) => ({
        kind: 'moveable' as const,
        type: p.property_type,
        description:
          [p.institution_name, p.transport_manufacturer, p.transport_model, p.transport_registration_number]
            .filter(Boolean)
            .join(' ') || null,
      })),
      ...c.immoveable_properties.map((p) => ({
        kind: 'immoveable' as const,
        type: p.property_type,
        description: [p.address, p.lot_number && `Lot ${p.lot_number}`].filter(Boolean).join(', ') || null,
      })),
    ],
    bequests: c.bequests.map((b) => ({
      ...person({ name: b.beneficiary_name, relationship: b.relationship, ic_number: b.ic_number }),
      portion: b.portion,
    })),
    heirs_consent: will.heirs_consent,
  };
}
