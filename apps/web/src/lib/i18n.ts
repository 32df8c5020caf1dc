/**
 * i18n (react-i18next): `ms` default, `en` selectable, the choice kept in localStorage `LOCALIZATION`
 * (spec §1). Resources: the web's own `locales/<lang>/*.json` (one file per feature, namespaces merged)
 * plus the shared server messages of @wasiat/domain (`packages/domain/src/locales/<lang>/*.json`:
 * validation/error keys), so a rule's message is the same in the browser and in a 422 from the server.
 *
 * Each language is two code-split chunks, loaded when first needed: the CORE messages (`common`, `auth`, the
 * server's `validation` and `errors`: what the public frame and the login pages show) and the rest. A page load
 * fetches the stored language's core (`main.tsx` waits for it before the first render); every route but the
 * light ones (`handle: { light: true }`, app/router.tsx) waits for the whole language (`loadLanguage`, called from the
 * router), so /login never downloads the other features' messages (issue 18 item 4; ADRs 0116, 0143).
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

/**
 * The core files (file names, both sides): their keys are the public frame's, the login pages' and the shared
 * validation/error messages. The build puts them in the `locale-<lang>-core` chunk (vite.config.ts).
 */
export const CORE_FILES = ['common', 'auth', 'validation', 'errors'] as const;
const isCore = (path: string) => (CORE_FILES as readonly string[]).includes(path.replace(/^.*\/|\.json$/g, ''));

type Part = 'core' | 'all';

/**
 * The files of one language (the core, or every file): server messages first, then the web's own (which may
 * add to a namespace), each side in file-name order — the same merge whether the core came first or not.
 */
async function resourcesFor(lang: Language, part: Part): Promise<Tree> {
  const pick = (files: Record<string, () => Promise<Tree>>) =>
    Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${lang}/`) && (part === 'all' || isCore(path)))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, load]) => load());
  const server = await Promise.all(pick(serverFiles));
  const web = await Promise.all(pick(webFiles));
  let merged: Tree = {};
  for (const content of [...server, ...web]) merged = deepMerge(merged, content);
  return merged;
}

const loading = new Map<string, Promise<void>>();
function load(lang: Language, part: Part): Promise<void> {
  const key = `${lang}:${part}`;
  let p = loading.get(key);
  if (!p) {
    p = resourcesFor(lang, part).then((tree) => {
      // The whole language overwrites; the core never does (it may arrive after the whole language did).
      i18n.addResourceBundle(lang, 'translation', tree, true, part === 'all');
    });
    loading.set(key, p);
  }
  return p;
}

/** Load a language's core messages into i18next once (the public frame and the login pages). */
export function loadCoreMessages(lang: Language): Promise<void> {
  return loading.get(`${lang}:all`) ?? load(lang, 'core');
}

/** Load all of a language's messages into i18next once (later calls share the first load). */
export function loadLanguage(lang: Language): Promise<void> {
  return load(lang, 'all');
}

/**
 * All messages of the language in use and of Malay, the fallback: what every route but the core-only ones
 * waits for (app/router.tsx).
 */
export function loadAllMessages(): Promise<void> {
  const lang = (i18n.language as Language | undefined) ?? storedLanguage();
  return Promise.all([loadLanguage(lang === 'en' ? 'en' : DEFAULT_LANGUAGE), loadLanguage(DEFAULT_LANGUAGE)]).then(
    () => undefined,
  );
}

/** The stored language, or ms. */
export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(KEYS.language) : null;
  return v === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/** Switch language and remember it (spec §1). */
export async function setLanguage(lang: Language) {
  // Remembered at once: a page opened right after the click (before the messages arrive) is in that language.
  localStorage.setItem(KEYS.language, lang);
  await loadLanguage(lang);
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

/**
 * Resolves when the stored language's core messages are loaded (main.tsx renders after them); Malay's core, the
 * fallback, follows for an English user.
 */
export const i18nReady: Promise<void> = loadCoreMessages(storedLanguage()).then(() => {
  if (storedLanguage() !== DEFAULT_LANGUAGE) void loadCoreMessages(DEFAULT_LANGUAGE);
});

export default i18n;
