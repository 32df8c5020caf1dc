import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { unusedMantineCss } from './build/unused-mantine-css.ts';

/**
 * What every page's first load needs, /login's whole first load included: React, the router, i18next, Mantine's
 * style system and the handful of components of the public frame and the auth pages, the API client with its
 * toast/dialog managers (not their hosts, lib/feedback.tsx), in ONE chunk beside the entry. Left to itself the
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
    `apps[\\\\/]web[\\\\/]src[\\\\/](lib[\\\\/](api|notify|storage|feedback|zod-jitless)|components[\\\\/](FormError|form-errors|PasswordField)|features[\\\\/]auth[\\\\/]AuthCard)\\.tsx?$`,
    // The role table the router's checks read, and the not-found page the router shows: each was a chunk of
    // its own of under 1 kB (ADR 0205).
    `packages[\\\\/]domain[\\\\/]src[\\\\/]permissions\\.ts$|apps[\\\\/]web[\\\\/]src[\\\\/]app[\\\\/]layout[\\\\/]NotFoundPage\\.tsx$`,
  ].join('|'),
);

/** The core message files of a language (lib/i18n.ts `CORE_FILES`), in their own chunk. */
const CORE_LOCALE = (lang: string) =>
  new RegExp(`[\\\\/]locales[\\\\/]${lang}[\\\\/](common|auth|validation|errors)\\.json$`);

/** The chunks of a bundle (not its assets), by file name. */
const chunksOf = (bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>) =>
  new Map(Object.entries(bundle).filter((e): e is [string, Rolldown.OutputChunk] => e[1].type === 'chunk'));

/**
 * `roots` and every chunk they import statically, recursively, in depth-first order, leaving out `known` (and what
 * only they import).
 */
function withImports(
  chunks: Map<string, Rolldown.OutputChunk>,
  roots: Iterable<string>,
  known: ReadonlySet<string> = new Set(),
): Set<string> {
  const files = new Set<string>();
  const add = (f: string) => {
    if (files.has(f) || known.has(f)) return;
    files.add(f);
    for (const i of chunks.get(f)?.imports ?? []) add(i);
  };
  for (const r of roots) add(r);
  return files;
}

/**
 * index.html fetches every chunk of the first load at once, in parallel with the entry, instead of each after the
 * code that imports it ran (one round trip per step on a slow link):
 * - the chunks of the boot's stages (the entry's dynamic imports, main.tsx) and their static imports;
 * - Malay's core messages (`locale-ms-core`: the default language, spec §1), which lib/i18n.ts loads at start.
 * Each is a `modulepreload` link (issue 18 item 4; ADRs 0116, 0205).
 */
function preloadFirstLoad(): Plugin {
  return {
    name: 'wasiat:preload-first-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = chunksOf(ctx.bundle ?? {});
        const entries = [...chunks.values()].filter((c) => c.isEntry);
        const files = withImports(chunks, [
          ...entries.flatMap((c) => c.dynamicImports),
          ...[...chunks.keys()].filter((f) => /(^|\/)locale-ms-core-[^/]*\.js$/.test(f)),
        ]);
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
 * The private frame's code, asked for as soon as index.html is read when a session is stored: every logged-in
 * page (/dashboard, the wizards, the lists) renders inside the frame (app/router.tsx: the TanStack Query layout,
 * `AppLayout` with its menu, and all messages of the language, which the menu needs), and without this the frame's
 * chunks were asked for only after the boot chunks had arrived and run — a second wave of requests behind the
 * first on a phone's slow link (issue 18 item 4; ADR 0208).
 *
 * The build writes `assets/warm-<hash>.js`, a module of a few lines with no imports that index.html loads `async`
 * (it runs as soon as it arrives, not after the entry's imports): when `localStorage` holds a session token it adds
 * a `modulepreload` link at low priority (`fetchpriority="low"`: after the boot chunks) for each chunk of the frame
 * and for the messages of the stored language and of Malay, the fallback. A visitor without a session fetches
 * nothing more; the router imports the same files later and finds them loaded.
 */
function warmPrivateFrame(): Plugin {
  let fileName: string | undefined;
  const FRAME = /[\\/](lib[\\/]query|app[\\/]layout[\\/]AppLayout)\.tsx$/;
  return {
    name: 'wasiat:warm-private-frame',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entries = [...chunks.values()].filter((c) => c.isEntry);
      // The first load (index.html's script and preloads) is already asked for.
      const firstLoad = withImports(chunks, [
        ...entries.map((c) => c.fileName),
        ...entries.flatMap((c) => c.dynamicImports),
      ]);
      // The chunks that hold the frame's modules (a module's chunk is not always the one named after it).
      const frame = withImports(
        chunks,
        [...chunks.values()].filter((c) => Object.keys(c.modules).some((m) => FRAME.test(m))).map((c) => c.fileName),
        firstLoad,
      );
      if (frame.size === 0) throw new Error('warm-private-frame: the frame chunks (lib/query.tsx, AppLayout) are gone');
      const locale = (lang: string) =>
        [...chunks.keys()].find((f) => new RegExp(`(^|/)locale-${lang}-[^/]*\\.js$`).test(f) && !f.includes('-core-'));
      const ms = locale('ms');
      const en = locale('en');
      if (!ms || !en) throw new Error('warm-private-frame: the locale chunks are gone');
      const source = `// Generated by vite.config.ts warmPrivateFrame (ADR 0208).
try {
  if (localStorage.getItem('id_token')) {
    const files = ${JSON.stringify([...frame].map((f) => `/${f}`))};
    files.push(${JSON.stringify(`/${ms}`)});
    if (localStorage.getItem('LOCALIZATION') === 'en') files.push(${JSON.stringify(`/${en}`)});
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.fetchPriority = 'low';
      link.href = href;
      document.head.appendChild(link);
    }
  }
} catch {
  // no storage (a private window that refuses it): the router loads the frame as before
}
`;
      fileName = `assets/warm-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      // First in the document after its metadata, so it is asked for before the boot chunks, not after them.
      handler(html) {
        if (!fileName) throw new Error('warm-private-frame: index.html was written before the bundle');
        if (!html.includes('<title>')) throw new Error('warm-private-frame: index.html has no <title>');
        return html.replace('<title>', `<script type="module" async src="/${fileName}"></script>\n    <title>`);
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
    warmPrivateFrame(),
    unusedMantineCss(),
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
        // (the login pages' and the shared validation messages) and the rest (lib/i18n.ts; ADR 0143).
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
