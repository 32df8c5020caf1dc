/**
 * Reading an organisation's preference flags (spec §3 "Organisation preference"; issue 17 item 7): ONE reader
 * for the server (database booleans) and the web client (the wire's 1 = yes / 2 = no, reference §3.8), so the
 * screens never offer what the server refuses.
 */
import { HIBAH_TYPES } from './catalogues.ts';
import { CORPORATE_HIBAH_TYPES } from './hibah-rules.ts';

/** The yes/no flags of a preference. */
export type PreferenceFlagName =
  | 'allow_public'
  | 'allow_payments'
  | 'allow_wasiat'
  | 'allow_hibah'
  | 'allow_corporate'
  | 'allow_property'
  | 'allow_guardians'
  | 'allow_beneficiaries';

/** What an organisation without a preference row allows (the server's defaults; organisations/service.ts). */
export const PREFERENCE_DEFAULTS: Record<PreferenceFlagName, boolean> = {
  allow_public: true,
  allow_payments: true,
  allow_wasiat: true,
  allow_hibah: false,
  allow_corporate: false,
  allow_property: true,
  allow_guardians: true,
  allow_beneficiaries: true,
};

/** A preference as either side holds it: booleans (database), 1/2 or "1"/"2" (wire), missing flags. */
export type PreferenceLike = Partial<Record<PreferenceFlagName, unknown>> | null | undefined;

/**
 * Whether the flag says yes: `true`, 1 and "1" are yes; `false`, 2, "2", 0 and "0" are no (2 is "No" on the
 * wire, never truthy); anything else (missing, null) is the default of {@link PREFERENCE_DEFAULTS}.
 */
export function preferenceAllows(pref: PreferenceLike, flag: PreferenceFlagName): boolean {
  const v = pref?.[flag];
  if (v === true || v === 1 || v === '1') return true;
  if (v === false || v === 2 || v === '2' || v === 0 || v === '0') return false;
  return PREFERENCE_DEFAULTS[flag];
}

/** Why an organisation does not take a hibah product, or null when it does. */
export type HibahProductRefusal = 'not_allowed' | 'corporate_not_allowed';

/**
 * Whether an organisation with `pref` takes hibah product `type` (spec §3: allow hibah; corporate products also
 * need allow corporate hibah and trust). @returns null when it does, else the reason.
 */
export function hibahProductRefusal(pref: PreferenceLike, type: number): HibahProductRefusal | null {
  if (!preferenceAllows(pref, 'allow_hibah')) return 'not_allowed';
  if ((CORPORATE_HIBAH_TYPES as readonly number[]).includes(type) && !preferenceAllows(pref, 'allow_corporate')) {
    return 'corporate_not_allowed';
  }
  return null;
}

/**
 * The hibah/trust products to offer. `pref` is the organisation's preference; `null` when no organisation is
 * chosen yet (a client alone chooses it in part C, where the list holds only organisations that allow hibah):
 * then every product is offered and the organisation's preference is applied when it is chosen.
 */
export function offeredHibahProducts(pref: PreferenceLike) {
  if (pref === null || pref === undefined) return [...HIBAH_TYPES];
  return HIBAH_TYPES.filter((p) => hibahProductRefusal(pref, p.code as number) === null);
}
