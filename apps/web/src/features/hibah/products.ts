/**
 * The hibah/trust products and their wizards (spec §2 Trusts; reference §4.3): `/trust/` for types 1–11,
 * `/amanah/harta-pusaka/` for the estate trust (14), `/trust-onecent/` for the one-cent trust (12).
 */
import { ESTATE_HIBAH_TYPE, ONE_CENT_HIBAH_TYPE, offeredHibahProducts, type PreferenceLike } from '@wasiat/domain';

/** Base path of the wizard of a product. */
export function wizardBase(type: number) {
  if (type === ESTATE_HIBAH_TYPE) return '/amanah/harta-pusaka';
  if (type === ONE_CENT_HIBAH_TYPE) return '/trust-onecent';
  return '/trust';
}

export { PARTS, type Part } from './parts.ts';

/**
 * Products a user may register given the organisation preference (1 = yes / 2 = no on the wire), read by the
 * domain's one preference reader (`offeredHibahProducts`; the server applies the same rule); `null` = no
 * organisation chosen yet (a client alone): every product, the organisation's rule applies in part C.
 */
export function offeredProducts(pref: PreferenceLike) {
  return offeredHibahProducts(pref);
}

/** Status label key of a hibah status (reference §4.3). */
export const statusKey = (s: number) => `hibah.status.${s}`;

/** Ringgit text of an amount in sen ("RM 1,234.50"). */
export const rm = (sen: number | null | undefined) =>
  sen === null || sen === undefined ? '-' : `RM ${(sen / 100).toLocaleString('en-MY', { minimumFractionDigits: 2 })}`;

/** The grantor's amendments of a registered hibah (spec §2 /trust/part-listpindaan; ADR 0038). */
export const amendmentsUrl = (hibahId: string) => `/trust/part-listpindaan?id=${hibahId}`;

/** The one-cent redeem codes page of the provider's staff (ADR 0028; the spec names no path for it). */
export const COUPONS_PATH = '/trust-onecent/codes';
