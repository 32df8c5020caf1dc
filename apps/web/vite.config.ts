import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Malay (the default language, spec §1) messages are fetched with the entry instead of after it ran: a
 * `modulepreload` of the `locale-ms` chunk in index.html (app/i18n.ts loads it at start; ADR 0116).
 */
function preloadDefaultLocale(): Plugin {
  return {
    name: 'wasiat:preload-default-locale',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.keys(ctx.bundle ?? {}).find((f) => /(^|\/)locale-ms-[^/]*\.js$/.test(f));
        return chunk
          ? [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk}` }, injectTo: 'head' }]
          : [];
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
    preloadDefaultLocale(),
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
        // One chunk per language (web and server messages), fetched only for the language in use (app/i18n.ts).
        codeSplitting: {
          groups: [
            { name: 'locale-ms', test: /[\\/]locales[\\/]ms[\\/]/ },
            { name: 'locale-en', test: /[\\/]locales[\\/]en[\\/]/ },
          ],
        },
      },
    },
  },
});
