/**
 * What a hibah certificate states about the gift itself (issue 21 item 2), read from the hibah's content
 * (the live rows through `loadHibahContent`, or a stored version's `hibah_versions.content`; ADR 0037) —
 * never from constants: per receiver the property and the share given (spec §5 portions as entered), the
 * relationship, whether the receiver is a minor and which caretaker (penjaga) looks after them with the
 * allowance (ringgit from integer sen, frequency); the property by its catalogue labels (Malay / English),
 * not its raw codes; a relationship as the will words it (the domain's `relationshipLabel`: a child reads
 * "Anak lelaki / Son" or "Anak perempuan / Daughter" from the person's MyKad; issue 34); and the trust's
 * terms as entered in part D (issue 37 item 5; ADR 0252): purpose, source of the property, period and the
 * distribution instructions. Pure: content in, printable facts out (ADR 0119).
 */
import {
  FREQUENCIES,
  formatRinggit,
  HIBAH_PROPERTY_SOURCES,
  IMMOVEABLE_CATEGORIES,
  LAND_TITLE_TYPES,
  labelOf,
  MOVEABLE_PROPERTY_TYPES,
  relationshipLabel,
  TRUST_PURPOSE_TYPES,
  translate,
} from '@wasiat/domain';
import type { HibahContent } from './content.ts';

type Row = Record<string, unknown>;

/** "Malay / English" of a catalogue code (the code itself when unknown; "" when null). */
export function biLabel<C extends string | number>(
  c: readonly { code: C; ms: string; en: string }[],
  code: C | null | undefined,
): string {
  const ms = labelOf(c, code, 'ms');
  const en = labelOf(c, code, 'en');
  return ms === en ? ms : `${ms} / ${en}`;
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * "Malay / English" of a person's relationship, worded as the will words it (`relationshipLabel`: the child
 * code by the person's MyKad — odd last digit male, even female).
 */
function biRelationship(code: unknown, ic: unknown): string {
  const ms = relationshipLabel(str(code), str(ic), 'ms');
  const en = relationshipLabel(str(code), str(ic), 'en');
  return ms === en ? ms : `${ms} / ${en}`;
}

/** A caretaker as printed: name, MyKad, relationship label and the allowance (null: none). */
export interface CertificateCaretaker {
  name: string;
  ic: string;
  relationship: string;
  /** "RM 1,234.50" from `allowance_amount_sen` and the frequency label (or the "other" text). */
  allowance: { amount: string; frequency: string } | null;
}

/** One property's share given to a receiver. */
export interface CertificateShare {
  property: string;
  /** The portion as entered: "50%" or a fraction "1/2" (spec §5). */
  portion: string;
}

/** A receiver as printed. */
export interface CertificateReceiver {
  name: string;
  ic: string;
  relationship: string;
  /** Under 18 at registration (`hibah_receivers.is_minor`, from the MyKad birth date). */
  minor: boolean;
  shares: CertificateShare[];
  /** The caretaker(s) of a minor receiver (their own or one who covers every minor); [] for an adult. */
  caretakers: CertificateCaretaker[];
  /** The caretaker who gave the acceptance (qabul) for a minor, when one did (issue 21 item 4). */
  acceptedBy: string | null;
  /** When the receiver (or their caretaker) accepted (`signed_at`); null = not yet (e.g. added by an amendment). */
  acceptedAt: Date | null;
}

/** One property line: "<type label> · institution · number · lot" and its kind label. */
export interface CertificateProperty {
  line: string;
  kind: string;
}

/**
 * The printable line of a property: its type's catalogue label (moveable: MOVEABLE_PROPERTY_TYPES;
 * immoveable: LAND_TITLE_TYPES, with the category) then the identifying numbers.
 */
export function propertyLine(p: Row, kind: 'moveable' | 'immoveable'): string {
  const type =
    kind === 'moveable'
      ? biLabel(MOVEABLE_PROPERTY_TYPES, str(p.property_type))
      : biLabel(LAND_TITLE_TYPES, str(p.property_type));
  const category = kind === 'immoveable' && p.category ? biLabel(IMMOVEABLE_CATEGORIES, str(p.category)) : null;
  return [
    category,
    type,
    p.institution_name,
    p.account_number,
    p.policy_number,
    p.company_registration_number,
    p.transport_registration_number,
    p.property_no,
    p.lot_number,
  ]
    .map(str)
    .filter(Boolean)
    .join(' · ');
}

/** The kind of a property, "Harta alih / Moveable property" or "Harta tak alih / Immoveable property". */
const KINDS = [
  { code: 'moveable', ms: 'Harta alih', en: 'Moveable property' },
  { code: 'immoveable', ms: 'Harta tak alih', en: 'Immoveable property' },
];

/** A caretaker row as printed (allowance only when `has_allowance`). */
function caretakerOf(c: Row): CertificateCaretaker {
  const sen = c.allowance_amount_sen;
  const freq = str(c.allowance_frequency);
  return {
    name: String(c.name ?? ''),
    ic: String(c.ic_number ?? ''),
    relationship: biRelationship(c.relationship, c.ic_number),
    allowance:
      c.has_allowance && typeof sen === 'number'
        ? {
            amount: formatRinggit(sen),
            frequency: freq === 'other' ? (str(c.other_allowance_frequency) ?? '') : biLabel(FREQUENCIES, freq),
          }
        : null,
  };
}

/**
 * The receivers and property of a hibah's content as the certificate prints them (module comment).
 * A receiver's caretakers: those linked to them (`receiver_id`) and, for a minor, those covering every
 * minor (`receiver_id` null).
 */
export function certificateFacts(
  content: Pick<HibahContent, 'receivers' | 'moveables' | 'immoveables' | 'caretakers'>,
): {
  receivers: CertificateReceiver[];
  properties: CertificateProperty[];
} {
  const props = [
    ...content.moveables.map((p) => ({ p, kind: 'moveable' as const })),
    ...content.immoveables.map((p) => ({ p, kind: 'immoveable' as const })),
  ];
  const receivers = content.receivers.map((r): CertificateReceiver => {
    const minor = r.is_minor === true;
    const cs = content.caretakers.filter((c) => c.receiver_id === r.id || (minor && !c.receiver_id));
    const acceptedBy = r.accepted_by_caretaker_id
      ? ((content.caretakers.find((c) => c.id === r.accepted_by_caretaker_id)?.name as string | undefined) ?? null)
      : null;
    return {
      name: String(r.name ?? ''),
      ic: str(r.ic_number) ?? '-',
      relationship: biRelationship(r.relationship, r.ic_number),
      minor,
      shares: props.flatMap(({ p, kind }) =>
        p.shares
          .filter((s) => s.receiver_id === r.id)
          .map((s) => ({ property: propertyLine(p, kind), portion: String(s.portion) })),
      ),
      caretakers: cs.map(caretakerOf),
      acceptedBy,
      acceptedAt: r.signed_at ? new Date(r.signed_at as string) : null,
    };
  });
  return {
    receivers,
    properties: props.map(({ p, kind }) => ({ line: propertyLine(p, kind), kind: biLabel(KINDS, kind) })),
  };
}

/**
 * The trust's terms as printed (issue 37 item 5; ADR 0252), each as entered in part D (`hibahs` columns,
 * domain `hibahFieldsSchema`), null when not entered: the purpose type (catalogue label "Malay / English")
 * and the purpose text; the source of the property (catalogue label, or the "other" text); the period
 * ("10 tahun / 10 years" when a whole number of years was entered, else the text) and its other
 * instructions; the distribution instructions during the grantor's life and after death.
 */
export interface CertificateTrustTerms {
  purposeType: string | null;
  purpose: string | null;
  propertySource: string | null;
  period: string | null;
  otherPeriodInstructions: string | null;
  distributionLifetime: string | null;
  distributionAfterDeath: string | null;
}

/** "10 tahun / 10 years" for a whole number of years; other text as entered. */
function periodText(v: unknown): string | null {
  const p = str(v)?.trim();
  if (!p) return null;
  if (!/^\d+$/.test(p)) return p;
  const n = Number(p);
  return `${translate('hibah.certificate.years', 'ms', { n })} / ${translate('hibah.certificate.years', 'en', { n })}`;
}

/** The trust's terms of a hibah's content `fields` (see {@link CertificateTrustTerms}). */
export function trustTerms(fields: Row): CertificateTrustTerms {
  const source = str(fields.hibah_property_source);
  return {
    purposeType: str(fields.trust_purpose_type) ? biLabel(TRUST_PURPOSE_TYPES, str(fields.trust_purpose_type)) : null,
    purpose: str(fields.trust_purpose),
    propertySource: !source
      ? null
      : source === 'other'
        ? (str(fields.hibah_property_source_other) ?? biLabel(HIBAH_PROPERTY_SOURCES, source))
        : biLabel(HIBAH_PROPERTY_SOURCES, source),
    period: periodText(fields.period),
    otherPeriodInstructions: str(fields.other_period_instructions),
    distributionLifetime: str(fields.distribution_lifetime_instruction),
    distributionAfterDeath: str(fields.distribution_after_death_instruction),
  };
}

/** Whether any term was entered (a certificate without terms prints, and fingerprints, as before). */
export const hasTrustTerms = (t: CertificateTrustTerms) => Object.values(t).some((v) => v !== null);
