/**
 * The field lists of the people forms, written once for every instrument (issue 34 "One instrument": parties
 * with one set of rules; ADR 0233), labelled in the UI language and used with the row form (RecordForm):
 * - the parties of a will, a hibah and their amendments: heir (reference §3.1 Part F / part D), witness (Part H /
 *   part G; spec §5), receiver of property (part E), guardian of minor children (part E);
 * - the particulars of the person who makes the instrument — a will amendment's testator (part b) and a hibah's
 *   grantor (part D; reference §3.1 Part B, §3.2 part D) — each page adding its own address block;
 * - a bequest (wasiat am) of a will (part E) and of a will amendment (part e; reference §3.1 Part E, §3.5);
 * - a caretaker of minor receivers of a hibah (part G) and of a hibah amendment (reference §3.2 part G, §3.6),
 *   with the allowance in ringgit kept as integer sen.
 * Every relationship, designation and other choice is a catalogue of @wasiat/domain; labels are translation keys
 * passed through `t`; nothing here knows a feature (components/ imports none).
 */
import {
  type CatalogueEntry,
  DESIGNATIONS,
  FREQUENCIES,
  GENDERS,
  heirMobileProblem,
  MARITAL_STATUSES,
  NATIONALITIES,
  RACES,
  RELATIONSHIPS,
  RELIGIONS,
} from '@wasiat/domain';

type Values = Record<string, any>;
type T = (k: string) => string;

/** One input of a record form (features/wills RecordForm, which re-exports it as `FieldSpec`). */
export interface RecordFieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'state' | 'catalogue' | 'select' | 'switch' | 'ringgit' | 'percent';
  catalogue?: readonly CatalogueEntry<string | number>[];
  options?: { value: string; label: string }[];
  /**
   * Whether the field is marked required ("*"); a function decides from the current values (e.g. an heir's
   * mobile number, optional for a minor by the MyKad — `heirMobileProblem`, issue 37 item 6.4).
   */
  required?: boolean | ((values: Values) => boolean);
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  type?: string;
  description?: string;
  /** Shown only when this returns true for the current values (e.g. type-specific property fields). */
  visible?: (values: Values) => boolean;
  /** A `select` the user may type in to filter its options (e.g. the institutions of a bequest; ADR 0268). */
  searchable?: boolean;
}

/** The relationship to the maker, from the domain's catalogue (RELATIONSHIPS); the same field on every party. */
const relationshipSpec = (t: T, required = true): RecordFieldSpec => ({
  name: 'relationship',
  label: t('wills.f.relationship'),
  kind: 'catalogue',
  catalogue: RELATIONSHIPS,
  required,
});

/**
 * The maker's particulars without an address: designation, name, MyKad, gender, race, religion, nationality,
 * marital status (catalogues of @wasiat/domain), e-mail and mobile number, all required (`userDetailSchema`).
 */
export const particularsSpecs = (t: T): RecordFieldSpec[] => [
  { name: 'designation', label: t('wills.f.designation'), kind: 'catalogue', catalogue: DESIGNATIONS, required: true },
  { name: 'name', label: t('wills.f.name'), required: true },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric', required: true },
  { name: 'gender', label: t('wills.f.gender'), kind: 'catalogue', catalogue: GENDERS, required: true },
  { name: 'race', label: t('wills.f.race'), kind: 'catalogue', catalogue: RACES, required: true },
  { name: 'religion', label: t('wills.f.religion'), kind: 'catalogue', catalogue: RELIGIONS, required: true },
  { name: 'nationality', label: t('wills.f.nationality'), kind: 'catalogue', catalogue: NATIONALITIES, required: true },
  {
    name: 'marital_status',
    label: t('wills.f.marital_status'),
    kind: 'catalogue',
    catalogue: MARITAL_STATUSES,
    required: true,
  },
  { name: 'email', label: t('wills.f.email'), type: 'email', required: true },
  { name: 'mobile_number', label: t('wills.f.mobile_number'), inputMode: 'tel', required: true },
];

/** A bequest: beneficiary (required), optional MyKad, relationship and purpose, and the portion ("10%", "1/4"). */
export const bequestSpecs = (t: T): RecordFieldSpec[] => [
  { name: 'beneficiary_name', label: t('wills.f.beneficiary_name'), required: true },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric' },
  relationshipSpec(t, false),
  { name: 'purpose', label: t('wills.f.purpose'), kind: 'textarea' },
  { name: 'portion', label: t('wills.f.portion'), required: true, description: t('wills.e.portion_help') },
];

/** Whether a caretaker form's allowance switch is on (a boolean, or 1/"1" as the server may send it). */
const allowanceOn = (v: Values) => v.has_allowance === true || v.has_allowance === 1 || v.has_allowance === '1';

/**
 * A caretaker of a hibah's minor receivers: the person fields the page passes (`person`: the will's guardian
 * fields without the wards), the minor in their care (`minorLabel`; a select of `minors`, none = every minor),
 * e-mail, bank and account number, and the allowance: on/off, the amount typed in ringgit and kept in sen, the
 * frequency (FREQUENCIES) and, for "other", the frequency in words — the amount and frequency shown and
 * required only when the allowance is on (`hibahCaretakerSchema`).
 */
export function minorCaretakerSpecs(
  t: T,
  person: RecordFieldSpec[],
  minors: readonly { id: string; name?: string }[],
  minorLabel: string,
): RecordFieldSpec[] {
  return [
    ...person,
    {
      name: 'receiver_id',
      label: minorLabel,
      kind: 'select',
      options: minors.map((m) => ({ value: m.id, label: m.name ?? '' })),
    },
    // One e-mail field: the person's fields may carry it already (a will's guardian has one since ADR 0276).
    ...(person.some((s) => s.name === 'email')
      ? []
      : [{ name: 'email', label: t('wills.f.email'), type: 'email' } as RecordFieldSpec]),
    { name: 'bank_name', label: t('hibah.f.bank_name') },
    { name: 'bank_account_number', label: t('hibah.f.bank_account_number') },
    { name: 'has_allowance', label: t('hibah.g.has_allowance'), kind: 'switch' },
    {
      name: 'allowance_amount_sen',
      label: t('hibah.g.allowance_amount'),
      kind: 'ringgit',
      required: true,
      visible: allowanceOn,
    },
    {
      name: 'allowance_frequency',
      label: t('hibah.f.allowance_frequency'),
      kind: 'catalogue',
      catalogue: FREQUENCIES,
      required: true,
      visible: allowanceOn,
    },
    {
      name: 'other_allowance_frequency',
      label: t('hibah.g.other_allowance_frequency'),
      required: true,
      visible: (v) => allowanceOn(v) && v.allowance_frequency === 'other',
    },
  ];
}

/** Address, postcode, city, state; `required` marks city/state too. */
const addressSpecs = (t: T, required = true): RecordFieldSpec[] => [
  { name: 'address', label: t('wills.f.address'), kind: 'textarea', required },
  { name: 'postcode', label: t('wills.f.postcode'), inputMode: 'numeric', required },
  { name: 'city', label: t('wills.f.city'), required },
  { name: 'state', label: t('wills.f.state'), kind: 'state', required },
];

/**
 * Heir: name, relationship, MyKad (optional), mobile, home phone, e-mail, address (part D). The mobile number is
 * marked required only when the domain rule requires it: not for a minor by the MyKad (`heirMobileProblem`).
 */
export const heirSpecs = (t: T): RecordFieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  relationshipSpec(t),
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
export const witnessSpecs = (t: T): RecordFieldSpec[] => [
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
export const receiverSpecs = (t: T): RecordFieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  relationshipSpec(t),
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric' },
  { name: 'mobile_number', label: t('wills.f.mobile_number'), inputMode: 'tel' },
  { name: 'email', label: t('wills.f.email'), type: 'email' },
  ...addressSpecs(t, false),
];

/** Guardian of minor children: name, MyKad, relationship, mobile, e-mail, the children, address (part E). */
export const caretakerSpecs = (t: T): RecordFieldSpec[] => [
  { name: 'name', label: t('wills.f.name'), required: true },
  { name: 'ic_number', label: t('wills.f.ic_number'), inputMode: 'numeric', required: true },
  relationshipSpec(t),
  { name: 'mobile_number', label: t('wills.f.mobile_number'), inputMode: 'tel', required: true },
  // where the guardian's link to accept the role is mailed once the will is registered (ADR 0276)
  { name: 'email', label: t('wills.f.email'), type: 'email' },
  { name: 'wards', label: t('wills.f.wards'), kind: 'textarea', required: true, description: t('wills.e.wards_help') },
  ...addressSpecs(t),
];

/** Empty values for a field list, overlaid with a row being edited (nulls become ''). */
export function defaultsFor(specs: RecordFieldSpec[], row?: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of specs) {
    const v = row?.[s.name];
    out[s.name] = v === null || v === undefined ? (s.kind === 'catalogue' || s.kind === 'state' ? null : '') : v;
  }
  return out;
}
