/**
 * i18n (react-i18next): `ms` default, `en` selectable, the choice kept in localStorage `LOCALIZATION`
 * (spec §1). Resources: the web's own `locales/<lang>/*.json` (one file per feature, namespaces merged)
 * plus the shared server messages of @wasiat/domain (`packages/domain/src/locales/<lang>/*.json`:
 * validation/error keys), so a rule's message is the same in the browser and in a 422 from the server.
 *
 * Each language is its own code-split chunk, loaded when first needed (`loadLanguage`): a page load fetches
 * only the stored language; `main.tsx` waits for it before the first render; Malay (the fallback) follows
 * in the background for an English user (issue 18 item 4; ADR 0116).
 */
import { DEFAULT_LANGUAGE, type Language } from '@wasiat/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { KEYS } from './storage.ts';

type Tree = Record<string, unknown>;
const webFiles = import.meta.glob<Tree>('../locales/*/*.json', { import: 'default' });
const serverFiles = import.meta.glob<Tree>('../../../../packages/domain/src/locales/*/*.json', { import: 'default' });

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge, so a web file's `wills.*` keys join the shared `wills.*` server messages instead of replacing them. */
function deepMerge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = isTree(cur) && isTree(v) ? deepMerge({ ...cur }, v) : v;
  }
  return into;
}

/** The files of one language: server messages first, then the web's own (which may add to a namespace). */
async function resourcesFor(lang: Language): Promise<Tree> {
  const pick = (files: Record<string, () => Promise<Tree>>) =>
    Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${lang}/`))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, load]) => load());
  const server = await Promise.all(pick(serverFiles));
  const web = await Promise.all(pick(webFiles));
  let merged: Tree = {};
  for (const content of [...server, ...web]) merged = deepMerge(merged, content);
  return merged;
}

const loading = new Map<Language, Promise<void>>();
/** Load a language's resources into i18next once (later calls share the first load). */
export function loadLanguage(lang: Language): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = resourcesFor(lang).then((tree) => {
      i18n.addResourceBundle(lang, 'translation', tree, true, true);
    });
    loading.set(lang, p);
  }
  return p;
}

/** The stored language, or ms. */
export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(KEYS.language) : null;
  return v === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/** Switch language and remember it (spec §1). */
export async function setLanguage(lang: Language) {
  await loadLanguage(lang);
  localStorage.setItem(KEYS.language, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: 'ms',
  interpolation: { escapeValue: false },
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = storedLanguage();

/** Resolves when the stored language is loaded (main.tsx renders after it); Malay, the fallback, follows. */
export const i18nReady: Promise<void> = loadLanguage(storedLanguage()).then(() => {
  if (storedLanguage() !== DEFAULT_LANGUAGE) void loadLanguage(DEFAULT_LANGUAGE);
});

export default i18n;
