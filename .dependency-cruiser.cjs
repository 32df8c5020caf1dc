/**
 * The boundary rules of DESIGN.md §2 (issue 34 item 3; ADR 0217), checked by `npm run lint` and CI:
 * - no import cycle, anywhere;
 * - a module of the API (`apps/api/src/modules/<m>/`) or a feature of the SPA (`apps/web/src/features/<f>/`) is
 *   imported by anything outside it only through its `index.ts`; the composition root (`modules.ts`, `app.ts`)
 *   alone registers a module's routes from its `routes.ts`, so an index never pulls its module's routes (and
 *   every module those routes reach) into the module that imports it;
 * - `apps/api/src/platform/`, `apps/web/src/lib/` and `apps/web/src/components/` import no module, feature,
 *   `compat/` or `app/`;
 * - nothing but the composition root (`apps/api/src/modules.ts`, `app.ts`) imports `apps/api/src/compat/`.
 * Production code only: a test may reach into its own module and its fixtures. The imports that broke these
 * rules when they were introduced are listed in `.dependency-cruiser-known-violations.json` and tolerated until
 * fixed (`scripts/structure.mjs` prints how many remain); a new one fails lint. Regenerate the list only when
 * it shrinks: `npm run lint:boundaries:baseline`.
 */
const TESTS = ['\\.test\\.tsx?$', 'test-fixtures', '^apps/api/test/', '^apps/web/src/test/', 'test-utils\\.tsx$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: modules and features depend one way (a registration turns a back edge around).',
      from: { pathNot: TESTS },
      to: { circular: true, pathNot: TESTS },
    },
    {
      name: 'api-module-through-index',
      severity: 'error',
      comment: "Another module's files are reached only through its index.ts.",
      from: { pathNot: ['^apps/api/src/modules/', '^apps/api/src/(app|modules)\\.ts$', ...TESTS] },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: ['^apps/api/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'api-module-through-index',
      severity: 'error',
      comment: "The composition root registers a module's routes from its routes.ts; all else through its index.ts.",
      from: { path: '^apps/api/src/(app|modules)\\.ts$' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/[^/]+/(index|routes)\\.ts$'],
      },
    },
    {
      name: 'api-module-through-index',
      severity: 'error',
      comment: "Another module's files are reached only through its index.ts.",
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      comment: 'platform/ is what every module uses; it imports no module, compat/ or the composition root.',
      from: { path: '^apps/api/src/platform/', pathNot: TESTS },
      to: { path: ['^apps/api/src/(modules|compat)/', '^apps/api/src/(app|modules|main)\\.ts$'] },
    },
    {
      name: 'nothing-imports-compat',
      severity: 'error',
      comment: 'compat/v2021 is an adapter at the edge: only the composition root registers it.',
      from: { pathNot: ['^apps/api/src/compat/', '^apps/api/src/(app|modules)\\.ts$', ...TESTS] },
      to: { path: '^apps/api/src/compat/' },
    },
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment: "Another feature's files are reached only through its index.ts.",
      from: { pathNot: ['^apps/web/src/features/', '^apps/web/src/app/router\\.tsx$', ...TESTS] },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: ['^apps/web/src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment: "The router lazy-loads a feature's routes.tsx (its own chunk); all else through the feature's index.",
      from: { path: '^apps/web/src/app/router\\.tsx$' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/[^/]+/(index\\.tsx?|routes\\.tsx)$'],
      },
    },
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment: "Another feature's files are reached only through its index.ts.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-knows-no-feature',
      severity: 'error',
      comment: 'lib/ and components/ are shared: they import no feature and not app/.',
      from: { path: '^apps/web/src/(lib|components)/', pathNot: TESTS },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '^apps/api/src/db/migrations/'] },
    includeOnly: '^(apps|packages)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
