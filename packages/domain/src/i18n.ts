/**
 * Server-side and shared translation of message keys (DESIGN.md §3: messages in the request's
 * language; issue 2: "server messages from the same keys"). All JSON files under `locales/<lang>/`
 * are merged; a key is a dotted path such as `validation.email_invalid`.
 */
import enAcceptances from './locales/en/acceptances.json';
import enAmendments from './locales/en/amendments.json';
import enAssets from './locales/en/assets.json';
import enConsents from './locales/en/consents.json';
import enDeaths from './locales/en/deaths.json';
import enDocuments from './locales/en/documents.json';
import enEkyc from './locales/en/ekyc.json';
import enErrors from './locales/en/errors.json';
import enEstates from './locales/en/estates.json';
import enExecutedOriginal from './locales/en/executed-original.json';
import enFaraid from './locales/en/faraid.json';
import enGrants from './locales/en/grants.json';
import enHeirBequests from './locales/en/heir-bequests.json';
import enHibah from './locales/en/hibah.json';
import enInstitutions from './locales/en/institutions.json';
import enInstruments from './locales/en/instruments.json';
import enMail from './locales/en/mail.json';
import enNotices from './locales/en/notices.json';
import enOrganisations from './locales/en/organisations.json';
import enPayments from './locales/en/payments.json';
import enProducts from './locales/en/products.json';
import enProgrammes from './locales/en/programmes.json';
import enReminders from './locales/en/reminders.json';
import enSealed from './locales/en/sealed.json';
import enSecurity from './locales/en/security.json';
import enSupport from './locales/en/support.json';
import enValidation from './locales/en/validation.json';
import enWajibah from './locales/en/wajibah.json';
import enWills from './locales/en/wills.json';
import msAcceptances from './locales/ms/acceptances.json';
import msAmendments from './locales/ms/amendments.json';
import msAssets from './locales/ms/assets.json';
import msConsents from './locales/ms/consents.json';
import msDeaths from './locales/ms/deaths.json';
import msDocuments from './locales/ms/documents.json';
import msEkyc from './locales/ms/ekyc.json';
import msErrors from './locales/ms/errors.json';
import msEstates from './locales/ms/estates.json';
import msExecutedOriginal from './locales/ms/executed-original.json';
import msFaraid from './locales/ms/faraid.json';
import msGrants from './locales/ms/grants.json';
import msHeirBequests from './locales/ms/heir-bequests.json';
import msHibah from './locales/ms/hibah.json';
import msInstitutions from './locales/ms/institutions.json';
import msInstruments from './locales/ms/instruments.json';
import msMail from './locales/ms/mail.json';
import msNotices from './locales/ms/notices.json';
import msOrganisations from './locales/ms/organisations.json';
import msPayments from './locales/ms/payments.json';
import msProducts from './locales/ms/products.json';
import msProgrammes from './locales/ms/programmes.json';
import msReminders from './locales/ms/reminders.json';
import msSealed from './locales/ms/sealed.json';
import msSecurity from './locales/ms/security.json';
import msSupport from './locales/ms/support.json';
import msValidation from './locales/ms/validation.json';
import msWajibah from './locales/ms/wajibah.json';
import msWills from './locales/ms/wills.json';

export const LANGUAGES = ['ms', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Default language (spec §1, §9). */
export const DEFAULT_LANGUAGE: Language = 'ms';

/** The merged message resources per language (also loaded into i18next by the web client). */
export const MESSAGES: Record<Language, Record<string, unknown>> = {
  ms: {
    ...msAcceptances,
    ...msAmendments,
    ...msAssets,
    ...msConsents,
    ...msDeaths,
    ...msDocuments,
    ...msEstates,
    ...msEkyc,
    ...msExecutedOriginal,
    ...msErrors,
    ...msFaraid,
    ...msGrants,
    ...msHeirBequests,
    ...msHibah,
    ...msInstitutions,
    ...msInstruments,
    ...msMail,
    ...msNotices,
    ...msOrganisations,
    ...msPayments,
    ...msProducts,
    ...msReminders,
    ...msSealed,
    ...msSecurity,
    ...msSupport,
    ...msProgrammes,
    ...msValidation,
    ...msWajibah,
    ...msWills,
  },
  en: {
    ...enAcceptances,
    ...enAmendments,
    ...enAssets,
    ...enConsents,
    ...enDeaths,
    ...enDocuments,
    ...enEstates,
    ...enEkyc,
    ...enExecutedOriginal,
    ...enErrors,
    ...enFaraid,
    ...enGrants,
    ...enHeirBequests,
    ...enHibah,
    ...enInstitutions,
    ...enInstruments,
    ...enMail,
    ...enNotices,
    ...enOrganisations,
    ...enPayments,
    ...enProducts,
    ...enReminders,
    ...enSealed,
    ...enSecurity,
    ...enSupport,
    ...enProgrammes,
    ...enValidation,
    ...enWajibah,
    ...enWills,
  },
};

/** Pick a supported language from a header value (`ms`, `en`, `en-GB,en;q=0.9`, `my`…); default `ms`. */
export function pickLanguage(...candidates: (string | undefined | null)[]): Language {
  for (const c of candidates) {
    if (!c) continue;
    for (const part of c.split(',')) {
      const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
      if (tag === 'en') return 'en';
      if (tag === 'ms' || tag === 'my') return 'ms';
    }
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Translate a dotted key, interpolating `{{name}}` params. An unknown key is returned as is
 * (so a plain sentence passes through unchanged).
 */
export function translate(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  let node: unknown = MESSAGES[lang];
  for (const p of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n] ?? ''));
}
