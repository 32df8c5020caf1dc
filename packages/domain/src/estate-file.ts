/**
 * The estate file (issue 40 item 4; ADR 0274): what the executor, staff and the registering organisation correct on
 * it and the pure rules around the distribution (faraid/estate-distribution.ts):
 * - the heirs asked again: a will heir who died since the will (`died`), an heir born or married since the will
 *   (`added`) — {@link estateHeirChangeSchema}; heirs under guardianship are marked with the consents (ADR 0275);
 * - the claims entered after the death: funeral costs and debts the asset map does not list (sen) —
 *   {@link estateClaimsSchema};
 * - each asset counted once: an asset-map entry the will also lists is the will's property ({@link sameAsset});
 * - (who may consent is estate-consent.ts `consentCapacity`);
 * - a hibah of the deceased complete, so outside the estate, or not ({@link hibahState}).
 * Amounts are integer sen; dates 'YYYY-MM-DD' (Kuala Lumpur).
 */
import { z } from 'zod';
import { isMykadDate, V } from './validation/common.ts';
import { isIsoDate } from './validation/programmes.ts';

/** Message keys (locales/{ms,en}/estates.json under `estates.file`). */
export const ESTATE_FILE_MSG = {
  heirUnknown: 'estates.file.heir_unknown',
  heirRequired: 'estates.file.heir_required',
  alreadyMarked: 'estates.file.already_marked',
  dateInvalid: 'estates.file.date_invalid',
  relationshipInvalid: 'estates.file.relationship_invalid',
  changeSaved: 'estates.file.change_saved',
  changeWithdrawn: 'estates.file.change_withdrawn',
  claimsSaved: 'estates.file.claims_saved',
  valueInvalid: 'estates.value_invalid',
} as const;

/** How an heir is corrected on the estate file. */
export const ESTATE_HEIR_CHANGE_KINDS = ['died', 'added'] as const;
export type EstateHeirChangeKind = (typeof ESTATE_HEIR_CHANGE_KINDS)[number];
/**
 * Relationships an added heir may have (those the faraid mapping reads: will-estate.ts `willHeirsToFaraid`).
 * `sons_child`: a child of a son who died before the deceased — a son's son or son's daughter by the MyKad's sex —
 * who inherits by faraid where no son survives (the engine's rules and sources: al-Nisa' 4:11, Bukhari 6732/6736;
 * faraid/asabah.ts, blocking.ts). ADR 0294.
 */
export const ADDED_HEIR_RELATIONSHIPS = [
  'husband',
  'wife',
  'son',
  'sons_child',
  'father',
  'mother',
  'sibling',
] as const;

const klToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const day = z
  .string({ error: ESTATE_FILE_MSG.dateInvalid })
  .trim()
  .refine((d) => isIsoDate(d) && d >= '1900-01-01' && d <= klToday(), { error: ESTATE_FILE_MSG.dateInvalid });
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * `POST /api/death-report/{id}/estate-file/heirs`: `died` names the will's heir (`heir_id`);
 * `added` gives the new heir's `name`, `relationship` (ADDED_HEIR_RELATIONSHIPS) and MyKad or MyKid
 * (`ic_number`, 12 digits: the faraid mapping reads the sex from it) and, optionally, `email`: an adult added heir
 * with an e-mail gets a release link to the will, through which they consent (ADR 0282). `event_date`: the death,
 * the birth or the marriage; not in the future. A field missing or malformed is a 422 naming it.
 */
export const estateHeirChangeSchema = z
  .object({
    kind: z.enum(ESTATE_HEIR_CHANGE_KINDS, { error: V.choose }),
    heir_id: text(64),
    name: text(150),
    relationship: text(20),
    ic_number: text(12),
    email: z
      .string()
      .trim()
      .max(254, { error: V.emailInvalid })
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || z.email().safeParse(v).success, { error: V.emailInvalid }),
    event_date: day,
    note: text(500),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.kind !== 'added') {
      if (!v.heir_id) issue('heir_id', ESTATE_FILE_MSG.heirRequired);
      return;
    }
    if (!v.name) issue('name', V.required);
    if (!v.relationship) issue('relationship', V.required);
    else if (!(ADDED_HEIR_RELATIONSHIPS as readonly string[]).includes(v.relationship))
      issue('relationship', ESTATE_FILE_MSG.relationshipInvalid);
    if (!v.ic_number) issue('ic_number', V.required);
    else if (!/^\d{12}$/.test(v.ic_number)) issue('ic_number', V.mykadLength);
    else if (!isMykadDate(v.ic_number)) issue('ic_number', V.mykadDate);
  });
export type EstateHeirChangeInput = z.output<typeof estateHeirChangeSchema>;

const sen = z
  .number({ error: ESTATE_FILE_MSG.valueInvalid })
  .int(ESTATE_FILE_MSG.valueInvalid)
  .min(0, ESTATE_FILE_MSG.valueInvalid)
  .max(1_000_000_000_000, ESTATE_FILE_MSG.valueInvalid);

/** `PUT /api/death-report/{id}/estate-file/claims`: funeral costs and debts not on the asset map, in sen. */
export const estateClaimsSchema = z.object({ funeral_sen: sen, other_debts_sen: sen });
export type EstateClaimsInput = z.output<typeof estateClaimsSchema>;

const norm = (s: string | null | undefined) => (s ?? '').replace(/[\s-]/g, '').toUpperCase();

/**
 * Whether an asset-map entry is a property the will lists (ADR 0274): the entry's reference (account, registration
 * or title number) equals the will property's account number, vehicle registration or title number, ignoring
 * spaces, dashes and case. The map's "add to will" copies that reference (assets/to-will.ts), so an entry added
 * to the will matches it; an entry without a reference never matches (it is counted as its own asset).
 */
export function sameAsset(
  entry: { reference?: string | null },
  property: {
    account_number?: string | null;
    transport_registration_number?: string | null;
    property_no?: string | null;
  },
): boolean {
  const ref = norm(entry.reference);
  if (!ref) return false;
  return [property.account_number, property.transport_registration_number, property.property_no].some(
    (x) => norm(x) === ref,
  );
}

/** What a hibah still lacks to be complete: registration, every receiver's acceptance, delivery (qabd). */
export type HibahMissing = 'registration' | 'acceptance' | 'delivery';

/**
 * Whether a hibah of the deceased is complete, so that its property stays outside the estate (ADR 0274). A hibah
 * is complete with the offer (ijab), the acceptance (qabul) and the delivery (qabd) in the grantor's life — the
 * Shafi'i school as the Malaysian Syariah courts apply it (Mughni al-Muhtaj, kitab al-hibah; JAKIM, Garis Panduan
 * Hibah) — so here: registered (status 5), every receiver signed (a minor through the caretaker), and delivered.
 * Delivery is recorded only for the trusts with an asset ledger (money credited to the trustee); for other
 * hibahs the platform holds no record of delivery (transfer of title), so it is listed as missing for the
 * executor to check.
 */
export function hibahState(h: {
  registered: boolean;
  receivers: readonly { accepted: boolean }[];
  /** null: no ledger (delivery not recorded here); else the trust's credited balance in sen. */
  ledger_balance_sen: number | null;
}): { complete: boolean; missing: HibahMissing[] } {
  const missing: HibahMissing[] = [];
  if (!h.registered) missing.push('registration');
  if (!h.receivers.length || h.receivers.some((r) => !r.accepted)) missing.push('acceptance');
  if (h.ledger_balance_sen === null || h.ledger_balance_sen <= 0) missing.push('delivery');
  return { complete: missing.length === 0, missing };
}
