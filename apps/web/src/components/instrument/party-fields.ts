/**
 * Field lists of the people forms (reference §3.1 Part F heir, Part H witness; §3.6 people forms),
 * labelled in the UI language. Used with {@link RecordForm}.
 */
import { heirMobileProblem, RELATIONSHIPS } from '@wasiat/domain';
import type { FieldSpec } from './RecordForm.tsx';

type T = (k: string) => string;

/** Address, postcode, city, state; `required` marks city/state too. */
const addressSpecs = (t: T, required = true): FieldSpec[] => [
  { name: 'address', label: t('wills.f.address'), kind: 'textarea', required },
  { name: 'postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required },
  { name: 'city', label: t('wills.f.city'), required },
  { name: 'state', label: t('wills.f.state'), kind: 'state', required },
];

/**
 * Heir: name, relationship, MyKad (optional), mobile, home phone, e-mail, address (part D). The mobile number is
 * marked required only when the domain rule requires it: not for a minor by the MyKad (`heirMobileProblem`).
 */
export const heirSpecs = (t: T): FieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  {
    name: 'relationship',
    label: t('wills.f.relationship'),
    kind: 'catalogue',
    catalogue: RELATIONSHIPS,
    required: true,
  },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric' },
  {
    name: 'mobile_number',
    label: t('wills.f.mobile_number'),
    inputMode: 'tel',
    required: (v) => heirMobileProblem({ ic_number: v.ic_number, mobile_number: '' }) !== null,
  },
  { name: 'home_phone_number', label: t('wills.f.home_phone_number'), inputMode: 'tel' },
  { name: 'email', label: t('wills.f.email'), type: 'email' },
  ...addressSpecs(t),
];

/** Witness: name, MyKad, e-mail, address, postcode, city, state (spec §5; part G). */
export const witnessSpecs = (t: T): FieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric', required: true },
  { name: 'email', label: t('wills.f.email'), type: 'email', required: true },
  { name: 'address', label: t('wills.f.address'), kind: 'textarea', required: true },
  { name: 'postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required: true },
  { name: 'city', label: t('wills.f.city') },
  { name: 'state', label: t('wills.f.state'), kind: 'state' },
  // the witness rule refuses the spouse of an heir or a receiver (ADR 0259)
  { name: 'spouse_ic_number', label: t('witness_ui.spouse_ic_number'), inputMode: 'numeric' },
];

/** Receiver of property: name, relationship, optional MyKad, mobile, e-mail and address (part E). */
export const receiverSpecs = (t: T): FieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  {
    name: 'relationship',
    label: t('wills.f.relationship'),
    kind: 'catalogue',
    catalogue: RELATIONSHIPS,
    required: true,
  },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric' },
  { name: 'mobile_number', label: t('wills.f.mobile_number'), inputMode: 'tel' },
  { name: 'email', label: t('wills.f.email'), type: 'email' },
  ...addressSpecs(t, false),
];

/** Guardian of minor children: name, MyKad, relationship, mobile, e-mail, the children, address (part E). */
export const caretakerSpecs = (t: T): FieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric', required: true },
  {
    name: 'relationship',
    label: t('wills.f.relationship'),
    kind: 'catalogue',
    catalogue: RELATIONSHIPS,
    required: true,
  },
  { name: 'mobile_number', label: t('wills.f.mobile_number'), inputMode: 'tel', required: true },
  // where the guardian's link to accept the role is mailed once the will is registered (ADR 0276)
  { name: 'email', label: t('wills.f.email'), type: 'email' },
  { name: 'wards', label: t('wills.f.wards'), kind: 'textarea', required: true, description: t('wills.e.wards_help') },
  ...addressSpecs(t),
];

/** Empty values for a field list, overlaid with a row being edited (nulls become ''). */
export function defaultsFor(specs: FieldSpec[], row?: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of specs) {
    const v = row?.[s.name];
    out[s.name] = v === null || v === undefined ? (s.kind === 'catalogue' || s.kind === 'state' ? null : '') : v;
  }
  return out;
}
