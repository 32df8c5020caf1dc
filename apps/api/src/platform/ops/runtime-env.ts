/**
 * The environment the API server process runs with (ADR 0190), set where the server is started — the
 * `start` and `start:prod` scripts of package.json and the Dockerfile's `ENV` — and by bench/ekyc.ts, which
 * measures the server's memory and so must run as the server does. `runtime-env.test.ts` checks that each of
 * those places carries every variable here.
 *
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates concurrently an arena of its own, up to 8 per
 *   core; libvips (sharp), the tesseract.js worker thread and the WASM backends allocate from several threads,
 *   and the arenas' unused pages stay resident. Two arenas cost no measurable throughput here and ~40 MB of
 *   RSS less with the face model and the OCR worker loaded (bench/ekyc.ts: 587 → 542–547 MB).
 */
export const SERVER_RUNTIME_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
