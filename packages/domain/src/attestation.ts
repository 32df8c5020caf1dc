/**
 * The attestation view: the ONE projection every signed-link page answers with (issue 36 item 4; ADR 0228) —
 * the amendment witness page (`GET /api/amendment-witness/{id}`), the hibah receiver's (or a minor's caretaker's)
 * page (`GET /api/public/hibah/{id}/receiver/{rid}`) and the hibah witness's page
 * (`GET /api/public/hibah/{id}/witness/{wid}`). A signed link is a bearer credential that lives up to 14 days and
 * may be forwarded, so the page carries only what its holder attests:
 *
 * - `subject`: whose document it is — the testator's or grantor's name and MyKad masked ({@link maskMykad}); a
 *   corporate grantor's company name and SSM number (public record, `company: 1`);
 * - `document`: which document and which version — its kind (the SPA words the title), the hibah product, the
 *   reference number, the version number and the SHA-256 the signature event records;
 * - `step`: the record's status, whether this link may sign now, and the deadline;
 * - `party`: the holder's own row — id, role, name, done time, whether their one-time code is verified, and for a
 *   minor receiver the caretaker who accepts for them;
 * - `terms`: for a receiver only, what they accept (their share of each property; the caretaker(s) named for
 *   them, MyKad masked).
 *
 * Never an heir's or another party's contact details, the testator's e-mail, mobile or address, or a full MyKad:
 * the function copies the named fields only, so a field added to a row cannot leak through it.
 */
import { maskMykad } from './validation/common.ts';

/** Which document a signed link attests. */
export type AttestationKind = 'will_amendment' | 'hibah_amendment' | 'hibah';
/** The holder's role on the document. */
export type AttestationRole = 'witness' | 'receiver';

/** What the attestation page shows (see the file comment). Dates are ISO 8601 UTC strings. */
export interface AttestationView {
  subject: { name: string; ic_number: string | null; company: 0 | 1 };
  document: {
    kind: AttestationKind;
    /** The hibah product code (HIBAH_TYPES) of a hibah or hibah amendment, else null. */
    product: number | null;
    /** The amendment's reference number, or the hibah's number once registered (else null). */
    reference: string | null;
    /** The version this signature is given for (the amendment makes current + 1). */
    version: number;
    /** SHA-256 (hex) of the content signed: the signature event records the same value. */
    sha256: string;
  };
  step: { status: number; open: boolean; expires_at: string | null };
  party: {
    id: string;
    role: AttestationRole;
    name: string;
    done_at: string | null;
    otp_verified: 0 | 1;
    minor: 0 | 1;
    caretaker: { name: string } | null;
  };
  terms: {
    shares: { property: string; portion: string }[];
    caretakers: {
      name: string;
      ic: string;
      relationship: string;
      allowance: { amount: string; frequency: string } | null;
    }[];
  } | null;
}

/** The inputs of {@link attestationView}: rows may carry more fields; only the named ones are read. */
export interface AttestationInput {
  subject: { name: string | null | undefined; ic_number: string | null | undefined; company?: boolean };
  document: AttestationView['document'];
  step: { status: number; open: boolean; expires_at: Date | string | null | undefined };
  party: {
    id: string;
    role: AttestationRole;
    name: string;
    done_at: Date | string | null | undefined;
    otp_verified?: boolean;
    minor?: boolean;
    caretaker?: { name: string } | null;
  };
  terms?: AttestationView['terms'];
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : d instanceof Date ? d.toISOString() : d);

/** Build the attestation view (whitelist copy; a person's MyKad masked, a company's number kept). */
export function attestationView(i: AttestationInput): AttestationView {
  const ic = i.subject.ic_number ?? null;
  return {
    subject: {
      name: i.subject.name ?? '',
      ic_number: ic ? (i.subject.company ? ic : maskMykad(ic)) : null,
      company: i.subject.company ? 1 : 0,
    },
    document: {
      kind: i.document.kind,
      product: i.document.product ?? null,
      reference: i.document.reference ?? null,
      version: i.document.version,
      sha256: i.document.sha256,
    },
    step: { status: i.step.status, open: i.step.open, expires_at: iso(i.step.expires_at) },
    party: {
      id: i.party.id,
      role: i.party.role,
      name: i.party.name,
      done_at: iso(i.party.done_at),
      otp_verified: i.party.otp_verified ? 1 : 0,
      minor: i.party.minor ? 1 : 0,
      caretaker: i.party.caretaker ? { name: i.party.caretaker.name } : null,
    },
    terms: i.terms
      ? {
          shares: i.terms.shares.map((s) => ({ property: s.property, portion: s.portion })),
          caretakers: i.terms.caretakers.map((c) => ({
            name: c.name,
            ic: /^\d{12}$/.test(c.ic) ? maskMykad(c.ic) : c.ic,
            relationship: c.relationship,
            allowance: c.allowance ? { amount: c.allowance.amount, frequency: c.allowance.frequency } : null,
          })),
        }
      : null,
  };
}
