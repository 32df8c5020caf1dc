/**
 * Field lists of the people forms that more than one kind of instrument asks (issue 34 "One instrument";
 * ADR 0233), written once as data for the will wizard's row form (features/wills RecordForm, whose field type
 * {@link RecordFieldSpec} is this one):
 * - the particulars of the person who makes the instrument — a will amendment's testator (part b) and a hibah's
 *   grantor (part D; reference §3.1 Part B, §3.2 part D) — each page adding its own address block;
 * - a bequest (wasiat am) of a will (part E) and of a will amendment (part e; reference §3.1 Part E, §3.5);
 * - a caretaker of minor receivers of a hibah (part G) and of a hibah amendment (reference §3.2 part G, §3.6),
 *   with the allowance in ringgit kept as integer sen.
 * Labels are translation keys passed through `t`; nothing here knows a feature (components/ imports none).
 */
import {
  type CatalogueEntry,
  DESIGNATIONS,
  FREQUENCIES,
  GENDERS,
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
  { name: 'relationship', label: t('wills.f.relationship'), kind: 'catalogue', catalogue: RELATIONSHIPS },
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
