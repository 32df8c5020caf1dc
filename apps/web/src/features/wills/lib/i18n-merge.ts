/**
 * Keeps the server's `wills.*` message keys (packages/domain/src/locales/<lang>/wills.json) next to the
 * web's own `wills.*` screen texts (apps/web/src/locales/<lang>/wills.json). app/i18n.ts merges the
 * resource files shallowly, so the web file's top-level `wills` object would hide the domain's; this adds
 * the domain's keys back with a deep merge that never overwrites a screen text.
 */
import { MESSAGES } from '@wasiat/domain';
import i18n from '@/app/i18n.ts';

/** Deep-merge the domain's `wills` and `public` messages into the loaded i18next resources (idempotent). */
export function mergeDomainWillMessages() {
  for (const lang of ['ms', 'en'] as const) {
    const domain = MESSAGES[lang] as Record<string, unknown>;
    const bundle: Record<string, unknown> = {};
    for (const ns of ['wills', 'public']) if (domain[ns]) bundle[ns] = domain[ns];
    i18n.addResourceBundle(lang, 'translation', bundle, true, false);
  }
}
