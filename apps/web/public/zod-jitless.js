// Loaded before the app's modules (index.html). The CSP forbids eval (issue 11; ADR 0082): zod 4 probes
// `new Function` when a schema is built, unless its global configuration says jitless; the app's modules
// build schemas as they load, so the configuration is set here, before any of them runs.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
