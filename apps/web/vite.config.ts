import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * What every page's first load needs, /login's whole first load included: React, the router, i18next, Mantine's
 * style system and the handful of components of the public frame and the auth pages, the API client with its
 * toast/dialog managers (not their hosts, app/feedback.tsx), in ONE chunk beside the entry. Left to itself the
 * bundler cut them into ~20 chunks of a few hundred bytes each, and every response costs ~540 bytes of headers
 * and a request on a slow link (issue 18 item 4; ADR 0143).
 */
const MANTINE_BASE = [
  'Box',
  'Button',
  'Loader',
  'Input',
  'InputBase',
  'TextInput',
  'PasswordInput',
  'Alert',
  'CloseButton',
  'Title',
  'Anchor',
  'Text',
  'Paper',
  'Stack',
  'Group',
  'Container',
  'SegmentedControl',
  'FloatingIndicator',
  'UnstyledButton',
  'ActionIcon',
  'Transition',
  'Portal',
  'VisuallyHidden',
].join('|');
const FIRST_LOAD = new RegExp(
  [
    `node_modules[\\\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|clsx|@mantine[\\\\/]hooks|@mantine[\\\\/]store)[\\\\/]`,
    `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${MANTINE_BASE}))[\\\\/]`,
    `node_modules[\\\\/]@mantine[\\\\/](notifications[\\\\/]esm[\\\\/]notifications\\.store|modals[\\\\/]esm[\\\\/]events)\\.mjs$`,
    `apps[\\\\/]web[\\\\/]src[\\\\/](app[\\\\/](api|notify|storage|feedback|zod-jitless)|components[\\\\/](FormError|form-errors|PasswordField)|features[\\\\/]auth[\\\\/]AuthCard)\\.tsx?$`,
    // The role table the router's checks read, and the not-found page the router shows: each was a chunk of
    // its own of under 1 kB (ADR 0205).
    `packages[\\\\/]domain[\\\\/]src[\\\\/](permissions|original-roles)\\.ts$|apps[\\\\/]web[\\\\/]src[\\\\/]app[\\\\/]layout[\\\\/]NotFoundPage\\.tsx$`,
  ].join('|'),
);

/** The core message files of a language (app/i18n.ts `CORE_FILES`), in their own chunk. */
const CORE_LOCALE = (lang: string) =>
  new RegExp(`[\\\\/]locales[\\\\/]${lang}[\\\\/](common|auth|validation|errors)\\.json$`);

/**
 * index.html fetches every chunk of the first load at once, in parallel with the entry, instead of each after the
 * code that imports it ran (one round trip per step on a slow link):
 * - the chunks of the boot's stages (the entry's dynamic imports, main.tsx) and their static imports;
 * - Malay's core messages (`locale-ms-core`: the default language, spec §1), which app/i18n.ts loads at start.
 * Each is a `modulepreload` link (issue 18 item 4; ADRs 0116, 0205).
 */
function preloadFirstLoad(): Plugin {
  return {
    name: 'wasiat:preload-first-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map(
          Object.entries(ctx.bundle ?? {}).filter((e): e is [string, Rolldown.OutputChunk] => e[1].type === 'chunk'),
        );
        const files = new Set<string>();
        const add = (f: string) => {
          if (files.has(f)) return;
          files.add(f);
          for (const i of chunks.get(f)?.imports ?? []) add(i);
        };
        for (const c of chunks.values()) if (c.isEntry) for (const d of c.dynamicImports) add(d);
        for (const f of chunks.keys()) if (/(^|\/)locale-ms-core-[^/]*\.js$/.test(f)) add(f);
        return [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The SPA: built into dist/ and served by the API process (DESIGN.md §1). Dev server proxies /api.
 * Every text asset is also written precompressed (`.br` at quality 11, `.gz` at level 9) so the server sends
 * it with `Content-Encoding` without compressing per request (issue 18 item 4; ADR 0116).
 */
export default defineConfig({
  plugins: [
    react(),
    preloadFirstLoad(),
    compression({
      include: /\.(html|css|js|mjs|json|svg|txt)$/,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Two chunks per language (web and server messages), fetched only for the language in use: the core
        // (the login pages' and the shared validation messages) and the rest (app/i18n.ts; ADR 0143).
        codeSplitting: {
          groups: [
            { name: 'base-react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'base-router', test: /node_modules[\\/]react-router[\\/]/, priority: 4 },
            { name: 'base', test: FIRST_LOAD, priority: 3 },
            { name: 'locale-ms-core', test: CORE_LOCALE('ms'), priority: 2 },
            { name: 'locale-en-core', test: CORE_LOCALE('en'), priority: 2 },
            { name: 'locale-ms', test: /[\\/]locales[\\/]ms[\\/]/, priority: 1 },
            { name: 'locale-en', test: /[\\/]locales[\\/]en[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
