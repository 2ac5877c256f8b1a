/**
 * The module boundaries of ../shared/DESIGN.md §4, checked by `npm run lint` (dependency-cruiser)
 * rather than only written down. Why each rule exists: docs/decisions/0015-module-boundaries.md.
 * `architecture/boundaries.test.ts` shows every rule failing on a planted violation and the real
 * tree passing.
 *
 * Paths are relative to the repository root; a module is a folder `apps/server/src/modules/<name>/`.
 */
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;

/**
 * The server's modules from upstream to downstream. A module may import a module of a lower rank,
 * never one of a higher rank (rule "upstream-never-imports-downstream"); modules of the same rank
 * never import each other. Ranks come from the graph the code had when the rule was written, with
 * its loops broken: the audit journal knows no one (every module writes to it, the schools'
 * module too); auth signs people up and in, so it calls access, and access does not know auth; the
 * cash desk and receipts react to payments, payments knows neither. A foreign key from an upstream
 * table to a downstream one is declared by the downstream module's migration (decisions/0015). A new module takes the rank of what it
 * needs plus one; a new dependency against this order is a design change, not a rank change.
 */
const MODULE_RANKS = [
  ['audit', 'psp'],
  ['organizations'],
  ['messaging', 'ledger'],
  ['access', 'public'],
  ['auth'],
  ['programmes', 'settings'],
  ['students'],
  ['billing'],
  ['payments'],
  ['receipts'],
  ['cash-desk'],
  ['payer'],
  ['marketing'],
  ['admissions'],
  ['analytics'],
  ['dashboard', 'search', 'operator', 'notifications'],
  ['automations'],
  ['accounting'],
];

const anyOf = (names) => `(${names.join('|')})`;

/** One rule per rank: a module of that rank importing any module ranked at or after it. */
function upstreamRules() {
  return MODULE_RANKS.slice(0, -1).flatMap((rank, index) => {
    const downstream = MODULE_RANKS.slice(index + 1).flat();
    const rules = [
      {
        name: 'upstream-never-imports-downstream',
        comment:
          `${rank.join(', ')} ${rank.length > 1 ? 'are' : 'is'} upstream of ${downstream.join(', ')}: ` +
          'they must not know it. Downstream reacts to events or registers what it adds ' +
          '(a port handed by the composition root).',
        severity: 'error',
        from: { path: `${MODULES}${anyOf(rank)}/`, pathNot: TEST_FILES },
        to: { path: `${MODULES}${anyOf(downstream)}/` },
      },
    ];
    if (rank.length > 1) {
      // Modules sharing a rank are independent of each other.
      rules.push(
        ...rank.map((name) => ({
          name: 'upstream-never-imports-downstream',
          comment: `${name} and ${rank.filter((other) => other !== name).join(', ')} share a rank: independent.`,
          severity: 'error',
          from: { path: `${MODULES}${name}/`, pathNot: TEST_FILES },
          to: { path: `${MODULES}${anyOf(rank.filter((other) => other !== name))}/` },
        })),
      );
    }
    return rules;
  });
}

/**
 * Test code sets up and inspects data across modules (it may import any module's tables, or
 * db-schema.ts); the rules are about the product's code. Tests, their helpers and the fault
 * harness that tests run in a child process.
 */
const TEST_FILES = ['\\.test\\.ts$', '\\.test-support\\.ts$', `${MODULES}payments/faults/`];
const TABLES_OR_READS = '\\.(tables|reads)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'only-through-index',
      comment:
        '(a) A module imports another module only through its index.ts, its public API: never its ' +
        'tables, repositories, services or any other file.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: [...TEST_FILES, TABLES_OR_READS] },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'tables-and-reads-only-reach-tables',
      comment:
        "(a) Exceptions: a *.tables.ts may import another module's *.tables.ts (foreign keys); a " +
        "named read-only query file *.reads.ts may import another module's *.tables.ts to join " +
        '(listed in docs/architecture.md, never writes: architecture/boundaries.test.ts).',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/.+${TABLES_OR_READS}` },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, '\\.tables\\.ts$'],
      },
    },
    {
      name: 'index-exports-no-tables',
      comment:
        "(b) A module's index.ts does not hand out its tables (others would query them); the types " +
        'of its rows may be exported with `export type`.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/index\\.ts$` },
      to: { path: '\\.tables\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    ...upstreamRules(),
    {
      name: 'routes-never-reach-repositories',
      comment:
        '(d) routes and jobs → services → repositories: a *.routes.ts or *.job(s).ts never ' +
        'imports a *.repository.ts nor a *.reads.ts.',
      severity: 'error',
      from: { path: `${SERVER}.+\\.(routes|jobs?)\\.ts$` },
      to: { path: '\\.(repository|reads)\\.ts$' },
    },
    {
      name: 'platform-knows-no-domain',
      comment:
        '(e) platform/ has no domain knowledge: it imports no module, not even through ' +
        'db-schema.ts. The composition root (main.ts, app.ts, test helpers) hands it the schema. ' +
        "(A platform test may exercise modules: the rule is about the platform's code.)",
      severity: 'error',
      from: { path: `${SERVER}platform/`, pathNot: TEST_FILES },
      to: { path: [`${MODULES}`, `${SERVER}db-schema\\.ts$`] },
    },
    {
      name: 'modules-never-reach-the-schema',
      comment:
        "(a) db-schema.ts gathers every module's tables for drizzle-kit and the composition root; " +
        "a module's code importing it would reach every other module's tables.",
      severity: 'error',
      from: { path: MODULES, pathNot: TEST_FILES },
      to: { path: `${SERVER}db-schema\\.ts$` },
    },
    {
      name: 'composition-only-through-index',
      comment:
        '(a) The composition root (app.ts, main.ts, composition/, the demo seed) wires modules ' +
        "through their index.ts too; only db-schema.ts gathers the modules' tables files.",
      severity: 'error',
      from: {
        path: `${SERVER}(app\\.ts|main\\.ts|composition/|seed/)`,
        pathNot: TEST_FILES,
      },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'web-imports-no-server',
      comment: 'The web app imports only packages/*, never apps/server (DESIGN.md §4).',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/(server|psp-sandbox)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    // `import type` counts: a type from a downstream module is knowledge of that module too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
