/**
 * i18n (react-i18next): `ms` default, `en` selectable, the choice kept in localStorage `LOCALIZATION`
 * (spec §1). Resources: the web's own `locales/<lang>/*.json` (one file per feature, namespaces merged)
 * plus the shared server messages of @wasiat/domain (validation/error keys), so a rule's message is the
 * same in the browser and in a 422 from the server.
 */
import { DEFAULT_LANGUAGE, type Language, MESSAGES } from '@wasiat/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { KEYS } from './storage.ts';

const files = import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }) as Record<
  string,
  Record<string, unknown>
>;

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge, so a web file's `wills.*` keys join the shared `wills.*` server messages instead of replacing them. */
function deepMerge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = isTree(cur) && isTree(v) ? deepMerge({ ...cur }, v) : v;
  }
  return into;
}

function resourcesFor(lang: Language) {
  let merged: Tree = deepMerge({}, MESSAGES[lang] as Tree);
  for (const [path, content] of Object.entries(files)) {
    if (path.includes(`/locales/${lang}/`)) merged = deepMerge(merged, content);
  }
  return merged;
}

/** The stored language, or ms. */
export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(KEYS.language) : null;
  return v === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/** Switch language and remember it (spec §1). */
export async function setLanguage(lang: Language) {
  localStorage.setItem(KEYS.language, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { ms: { translation: resourcesFor('ms') }, en: { translation: resourcesFor('en') } },
  lng: storedLanguage(),
  fallbackLng: 'ms',
  interpolation: { escapeValue: false },
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();

export default i18n;
