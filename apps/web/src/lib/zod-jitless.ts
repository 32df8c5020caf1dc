/**
 * zod 4 probes `new Function` when it builds a schema unless its global configuration says `jitless`; the CSP
 * forbids eval (issue 11; ADR 0082). This module is main.tsx's first import, so it runs before any module
 * that builds a schema (it is the first module of the base chunk, vite.config.ts; ADR 0194). It replaces the
 * separate `/zod-jitless.js` script, one request less on every first load.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
