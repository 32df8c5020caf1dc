/**
 * The property of a will (part e; reference §3.7): movable and immovable property and each receiver's
 * share of one property (spec §5). Amounts in sen; errors are message KEYS. Reached through `wills.ts`.
 */
import { z } from 'zod';
import { IMMOVEABLE_CATEGORIES, LAND_TITLE_TYPES, MOVEABLE_PROPERTY_TYPES } from '../catalogues.ts';
import { catalogueStr, requiredString, V } from './common.ts';
import { portion } from './shares.ts';
import { opt, optSen, optText, ownerType, state } from './will-fields.ts';

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
});
type MoveableFields = z.output<typeof moveableObject>;
const requireMoveableDetails = (v: MoveableFields, ctx: z.RefinementCtx) => {
  for (const f of MOVEABLE_REQUIRED[v.property_type] ?? []) {
    if (!v[f as keyof MoveableFields]) ctx.addIssue({ code: 'custom', message: V.required, path: [f] });
  }
};
/** Movable property fields (part e), with the details its type needs. */
export const moveableFieldsSchema = moveableObject.superRefine(requireMoveableDetails);
/** `POST /moveable-property`: fields plus owner (`moveable_type: "Wasiat"`, `moveable_id`). */
export const moveableSchema = moveableObject
  .extend({ moveable_type: ownerType(), moveable_id: requiredString() })
  .superRefine(requireMoveableDetails);

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
});
/** `POST /immoveable-property`: fields plus owner (`immoveable_type: "Wasiat"`, `immoveable_id`). */
export const immoveableSchema = immoveableFieldsSchema.extend({
  immoveable_type: ownerType(),
  immoveable_id: requiredString(),
});

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
