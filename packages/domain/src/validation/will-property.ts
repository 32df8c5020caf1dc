/**
 * The property of a will (part e; reference §3.7): movable and immovable property and each receiver's
 * share of one property (spec §5). Amounts in sen; errors are message KEYS. Reached through `wills.ts`.
 *
 * Value (issue 37 item 2; ADR 0257): every property of a will carries the testator's ESTIMATE of its value
 * (`value_sen`, integer sen) and the date of that estimate (`value_estimated_on`, 'YYYY-MM-DD', Kuala Lumpur
 * calendar, not in the future). The field schemas keep both optional because a hibah's property and the 2021
 * client's amendment calls share them (that client sends no value for a will's property); the will's own
 * bodies ({@link willMoveableFieldsSchema}, {@link willImmoveableFieldsSchema}, {@link moveableSchema},
 * {@link immoveableSchema}) and a will amendment's draft rows require them. The one-third rule
 * (faraid/one-third.ts) counts a share of a property at this value.
 */
import { z } from 'zod';
import { IMMOVEABLE_CATEGORIES, LAND_TITLE_TYPES, MOVEABLE_PROPERTY_TYPES } from '../catalogues.ts';
import { klToday } from '../datetime.ts';
import { SEPENCARIAN_BASES, SEPENCARIAN_WHOLE_BP } from '../faraid/harta-sepencarian.ts';
import { catalogueStr, isMykadDate, requiredString, V } from './common.ts';
import { isIsoDate } from './programmes.ts';
import { portion } from './shares.ts';
import { opt, optSen, optText, ownerType, state } from './will-fields.ts';

/** Message keys of a property's value. */
export const PROPERTY_VALUE_ERRORS = {
  /** The value (or its date) is required for a will's property. */
  valueRequired: 'wills.property_value_required',
  dateRequired: 'wills.property_value_date_required',
  dateInvalid: 'wills.property_value_date_invalid',
  dateFuture: 'wills.property_value_date_future',
} as const;

/** Today's date in Kuala Lumpur (UTC+8), 'YYYY-MM-DD'. */

/** The date of a value's estimate: 'YYYY-MM-DD', a real date from 1900, not after today (Kuala Lumpur). */
export const valueDate = () =>
  opt(
    z
      .string()
      .trim()
      .refine((d) => isIsoDate(d) && d >= '1900-01-01', { error: PROPERTY_VALUE_ERRORS.dateInvalid })
      .refine((d) => d <= klToday(), { error: PROPERTY_VALUE_ERRORS.dateFuture }),
  );

/** A property's value fields as the rule reads them. */
interface ValueFields {
  value_sen?: number;
  value_estimated_on?: string;
}
/** Refinement: a will's property must carry its estimated value and the date of the estimate. */
export const requireValue = (v: ValueFields, ctx: z.RefinementCtx) => {
  if (v.value_sen === undefined) {
    ctx.addIssue({ code: 'custom', message: PROPERTY_VALUE_ERRORS.valueRequired, path: ['value_sen'] });
  }
  if (v.value_estimated_on === undefined) {
    ctx.addIssue({ code: 'custom', message: PROPERTY_VALUE_ERRORS.dateRequired, path: ['value_estimated_on'] });
  }
};

/** Message keys of a harta sepencarian declaration (ADR 0286). */
export const SEPENCARIAN_ERRORS = {
  /** The spouse's portion is not a number 0 < p ≤ 100 (% with up to two decimals; sent as basis points). */
  percentInvalid: 'wills.sepencarian_percent_invalid',
  percentRequired: 'wills.sepencarian_percent_required',
  basisRequired: 'wills.sepencarian_basis_required',
  basisNoteRequired: 'wills.sepencarian_basis_note_required',
  spouseRequired: 'wills.sepencarian_spouse_required',
  /** `sepencarian_spouse_heir_id` is not a husband or wife among the will's heirs (checked by the API). */
  spouseHeirInvalid: 'wills.sepencarian_spouse_heir_invalid',
  /** The heir is not the testator's spouse by the testator's gender (a man's wife, a woman's husband). */
  spouseHeirGender: 'wills.sepencarian_spouse_heir_gender',
  /** An heir named as the spouse of a declaration may not stop being a husband or wife, nor be removed. */
  spouseHeirInUse: 'wills.sepencarian_spouse_heir_in_use',
  spouseIcInvalid: 'wills.sepencarian_spouse_ic_invalid',
  /**
   * A new single amount `harta_sepencarian_sen` while a property of the will is declared (ADR 0290): the declared
   * portions replace it, so it is refused (the amount unchanged, or cleared, is accepted).
   */
  amountReplaced: 'wills.sepencarian_amount_replaced',
} as const;

/** The declaration's stored fields (the flag `harta_sepencarian` is not stored). */
export const SEPENCARIAN_FIELDS = [
  'sepencarian_spouse_heir_id',
  'sepencarian_spouse_name',
  'sepencarian_spouse_ic',
  'sepencarian_bp',
  'sepencarian_basis',
  'sepencarian_basis_note',
] as const;

/**
 * A will's property declared harta sepencarian (issue 41 item 5; ADR 0286; faraid/harta-sepencarian.ts):
 * - `harta_sepencarian`: true declares, false clears the declaration (every field below null); absent: declared
 *   when any field below is sent;
 * - `sepencarian_spouse_heir_id`: the spouse among the will's heirs (husband/wife), whose name and MyKad the API
 *   copies; else `sepencarian_spouse_name` (free text) and optionally `sepencarian_spouse_ic` (12-digit MyKad);
 * - `sepencarian_bp`: the spouse's portion in basis points, an integer 1..10,000 (0% < portion ≤ 100%);
 * - `sepencarian_basis`: `agreed` (dipersetujui) | `estimated` (anggaran), with `sepencarian_basis_note`, the basis
 *   in the testator's words (up to 1,000 characters).
 */
const sepencarianShape = {
  harta_sepencarian: opt(z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())),
  sepencarian_spouse_heir_id: optText(60),
  sepencarian_spouse_name: optText(150),
  sepencarian_spouse_ic: opt(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
      z
        .string()
        .regex(/^\d{12}$/, { error: SEPENCARIAN_ERRORS.spouseIcInvalid, abort: true })
        .refine(isMykadDate, { error: SEPENCARIAN_ERRORS.spouseIcInvalid }),
    ),
  ),
  sepencarian_bp: opt(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: SEPENCARIAN_ERRORS.percentInvalid })
        .int({ error: SEPENCARIAN_ERRORS.percentInvalid })
        .min(1, { error: SEPENCARIAN_ERRORS.percentInvalid })
        .max(SEPENCARIAN_WHOLE_BP, { error: SEPENCARIAN_ERRORS.percentInvalid }),
    ),
  ),
  sepencarian_basis: opt(z.enum(SEPENCARIAN_BASES, { error: V.choose })),
  sepencarian_basis_note: optText(1000),
};
type SepencarianValues = {
  harta_sepencarian?: boolean;
  sepencarian_spouse_heir_id?: string;
  sepencarian_spouse_name?: string;
  sepencarian_spouse_ic?: string;
  sepencarian_bp?: number;
  sepencarian_basis?: string;
  sepencarian_basis_note?: string;
};
/** Whether the values declare harta sepencarian (see {@link sepencarianShape}). */
const declares = (v: SepencarianValues) =>
  v.harta_sepencarian ?? SEPENCARIAN_FIELDS.some((f) => v[f] !== undefined && v[f] !== null);
/** Refinement: a declaration names the spouse and gives the portion, the basis and its note (422 on each field). */
export const requireSepencarian = (v: SepencarianValues, ctx: z.RefinementCtx) => {
  if (!declares(v)) return;
  const need = (ok: unknown, path: string, message: string) => {
    if (ok === undefined || ok === null || ok === '') ctx.addIssue({ code: 'custom', message, path: [path] });
  };
  need(
    v.sepencarian_spouse_heir_id ?? v.sepencarian_spouse_name,
    'sepencarian_spouse_name',
    SEPENCARIAN_ERRORS.spouseRequired,
  );
  need(v.sepencarian_bp, 'sepencarian_bp', SEPENCARIAN_ERRORS.percentRequired);
  need(v.sepencarian_basis, 'sepencarian_basis', SEPENCARIAN_ERRORS.basisRequired);
  need(v.sepencarian_basis_note, 'sepencarian_basis_note', SEPENCARIAN_ERRORS.basisNoteRequired);
};
/** Output: the flag dropped; `harta_sepencarian: false` sends every declaration field as null (cleared). */
const settleSepencarian = <T extends SepencarianValues>(v: T) => {
  const { harta_sepencarian: flag, ...rest } = v;
  if (flag === false)
    return { ...rest, ...Object.fromEntries(SEPENCARIAN_FIELDS.map((f) => [f, null])) } as Omit<T, 'harta_sepencarian'>;
  return rest;
};

/** Which detail fields each movable property type needs (reference §3.7). */
export const MOVEABLE_REQUIRED: Record<string, readonly string[]> = {
  shares: ['institution_name', 'account_number'],
  company: ['institution_name', 'company_registration_number'],
  insurance: ['institution_name', 'policy_number'],
  savings: ['institution_name', 'account_number'],
  bank: ['institution_name', 'account_number'],
  vehicle: ['transport_type', 'transport_manufacturer', 'transport_model', 'transport_registration_number'],
};

const moveableObject = z.object({
  property_type: catalogueStr(MOVEABLE_PROPERTY_TYPES),
  institution_name: optText(),
  account_number: optText(60),
  policy_number: optText(60),
  company_registration_number: optText(60),
  transport_type: optText(60),
  transport_manufacturer: optText(60),
  transport_model: optText(60),
  transport_registration_number: optText(20),
  value_sen: optSen(),
  value_estimated_on: valueDate(),
});
type MoveableFields = z.output<typeof moveableObject>;
const requireMoveableDetails = (v: MoveableFields, ctx: z.RefinementCtx) => {
  for (const f of MOVEABLE_REQUIRED[v.property_type] ?? []) {
    if (!v[f as keyof MoveableFields]) ctx.addIssue({ code: 'custom', message: V.required, path: [f] });
  }
};
/** Movable property fields (part e), with the details its type needs; the value optional (see the module comment). */
export const moveableFieldsSchema = moveableObject.superRefine(requireMoveableDetails);
/**
 * A will's movable property (`PATCH /moveable-property/{id}`): the fields with the value and its date required,
 * and the harta sepencarian declaration (ADR 0286).
 */
export const willMoveableFieldsSchema = moveableObject
  .extend(sepencarianShape)
  .superRefine((v, ctx) => {
    requireMoveableDetails(v, ctx);
    requireValue(v, ctx);
    requireSepencarian(v, ctx);
  })
  .transform(settleSepencarian);
/**
 * The route body of `PATCH /moveable-property/{id}`: the movable fields (value optional, as the 2021 client sends
 * none) with the harta sepencarian declaration (ADR 0286).
 */
export const willMoveablePatchSchema = moveableObject
  .extend(sepencarianShape)
  .superRefine((v, ctx) => {
    requireMoveableDetails(v, ctx);
    requireSepencarian(v, ctx);
  })
  .transform(settleSepencarian);
/**
 * `POST /moveable-property`: fields plus owner (`moveable_type: "Wasiat"`, `moveable_id`); value and date required;
 * the harta sepencarian declaration optional (ADR 0286).
 */
export const moveableSchema = moveableObject
  .extend({ moveable_type: ownerType(), moveable_id: requiredString(), ...sepencarianShape })
  .superRefine((v, ctx) => {
    requireMoveableDetails(v, ctx);
    requireValue(v, ctx);
    requireSepencarian(v, ctx);
  })
  .transform(settleSepencarian);

/** Town kind of an immovable property's location (reference §3.7 `city_type`). */
export const CITY_TYPES = ['bandar', 'pekan', 'mukim'] as const;

/** Immovable property fields (part e; reference §3.7). */
export const immoveableFieldsSchema = z.object({
  category: catalogueStr(IMMOVEABLE_CATEGORIES),
  property_type: catalogueStr(LAND_TITLE_TYPES),
  property_no: requiredString().max(60),
  lot_number: requiredString().max(60),
  // the 2021 screens send the labels `Bandar`, `Pekan`, `Mukim` (reference §6.11 c): matched case-insensitively
  city_type: opt(
    z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(CITY_TYPES, { error: V.choose })),
  ),
  city: requiredString().max(100),
  district: requiredString().max(100),
  state: state(),
  address: requiredString().max(500),
  value_sen: optSen(),
  value_estimated_on: valueDate(),
});
/**
 * A will's immovable property (`PATCH /immoveable-property/{id}`): the fields with the value and its date required,
 * and the harta sepencarian declaration (ADR 0286).
 */
export const willImmoveableFieldsSchema = immoveableFieldsSchema
  .extend(sepencarianShape)
  .superRefine((v, ctx) => {
    requireValue(v, ctx);
    requireSepencarian(v, ctx);
  })
  .transform(settleSepencarian);
/**
 * The route body of `PATCH /immoveable-property/{id}`: the immovable fields (value optional, as the 2021 client
 * sends none) with the harta sepencarian declaration (ADR 0286).
 */
export const willImmoveablePatchSchema = immoveableFieldsSchema
  .extend(sepencarianShape)
  .superRefine(requireSepencarian)
  .transform(settleSepencarian);
/**
 * `POST /immoveable-property`: fields plus owner (`immoveable_type: "Wasiat"`, `immoveable_id`); value and date
 * required; the harta sepencarian declaration optional (ADR 0286).
 */
export const immoveableSchema = immoveableFieldsSchema
  .extend({
    immoveable_type: ownerType(),
    immoveable_id: requiredString(),
    ...sepencarianShape,
  })
  .superRefine((v, ctx) => {
    requireValue(v, ctx);
    requireSepencarian(v, ctx);
  })
  .transform(settleSepencarian);

/** A receiver's share of one property: `portion` "25%" or "1/4" (spec §5). */
export const propertyReceiverSchema = z.object({
  receiver_id: requiredString(),
  portion: portion(),
  propertyable_type: z.enum(['MoveableProperty', 'ImmoveableProperty'], { error: V.choose }),
  propertyable_id: requiredString(),
});
/** PATCH of a property receiver: a new portion, optionally another receiver. */
export const propertyReceiverUpdateSchema = z.object({
  portion: portion(),
  receiver_id: opt(z.string().trim().min(1)),
});
