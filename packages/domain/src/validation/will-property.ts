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
import { catalogueStr, requiredString, V } from './common.ts';
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
const klToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

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
/** A will's movable property (`PATCH /moveable-property/{id}`): the fields with the value and its date required. */
export const willMoveableFieldsSchema = moveableObject.superRefine((v, ctx) => {
  requireMoveableDetails(v, ctx);
  requireValue(v, ctx);
});
/** `POST /moveable-property`: fields plus owner (`moveable_type: "Wasiat"`, `moveable_id`); value and date required. */
export const moveableSchema = moveableObject
  .extend({ moveable_type: ownerType(), moveable_id: requiredString() })
  .superRefine((v, ctx) => {
    requireMoveableDetails(v, ctx);
    requireValue(v, ctx);
  });

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
/** A will's immovable property (`PATCH /immoveable-property/{id}`): the fields with the value and its date required. */
export const willImmoveableFieldsSchema = immoveableFieldsSchema.superRefine(requireValue);
/** `POST /immoveable-property`: fields plus owner (`immoveable_type: "Wasiat"`, `immoveable_id`); value and date required. */
export const immoveableSchema = immoveableFieldsSchema
  .extend({
    immoveable_type: ownerType(),
    immoveable_id: requiredString(),
  })
  .superRefine(requireValue);

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
