/**
 * Boundary rules (docs/decisions/0008-boundary-rules.md), run by `npm run lint` and by the lint
 * stage of `npm test`. Patterns name layers, never today's domain folders, so a domain added
 * tomorrow is covered. The violations that existed when the rules were written are all removed
 * (the baseline file is gone); any violation fails.
 * The optional prefix before apps/ lets test fixtures (scripts/boundary-fixtures/) mirror the tree.
 */
const SERVER = '(?:^|/)apps/server/src/';
const WEB = '(?:^|/)apps/web/src/';
/** Layers every domain may use: they know no domain. */
const LOWER = 'plugins|db|auth|lib|mail|core';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycles, type-only ones included: a cycle means two modules are one, or a lower layer reaches up.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'portal-imports-no-server-code',
      severity: 'error',
      comment: 'The portal (apps/web) shares code with the server only through packages/ (contract, html).',
      from: { path: '(?:^|/)apps/web/' },
      to: { path: '(?:^|/)apps/server/' },
    },
    {
      name: 'lower-layers-import-no-domain',
      severity: 'error',
      comment: `plugins, db, auth, lib, mail and core know no domain: they may import only each other (and config.ts).`,
      from: { path: `${SERVER}(?:${LOWER})/` },
      to: { path: `${SERVER}[^/]+/`, pathNot: `${SERVER}(?:${LOWER})/` },
    },
    {
      name: 'domains-import-no-pages',
      severity: 'error',
      comment: 'Domains know no page rendering: sites/ (the career pages) uses domains, never the reverse.',
      from: { path: `${SERVER}[^/]+/`, pathNot: [`${SERVER}sites/`, `${SERVER}seed/`, '\\.test\\.tsx?$'] },
      to: { path: `${SERVER}sites/` },
    },
    {
      name: 'only-the-demo-seeder-imports-the-seed-registry',
      severity: 'error',
      comment:
        'Only seed/ knows the list of seeders; a domain seed takes the DemoContext type from core/demo-context.ts. main.ts (which runs the demo seed at start) and tests may call it.',
      from: { pathNot: [`${SERVER}seed/`, `${SERVER}main\\.ts$`, '\\.test\\.tsx?$'] },
      to: { path: `${SERVER}seed/` },
    },
    {
      name: 'no-deep-import-into-another-domain',
      severity: 'error',
      comment:
        "Another domain is used through its index.ts only; shared pieces live in core/, lib/ or plugins/. Tests, and seed/ (which lists every domain's seed.ts), may reach in.",
      from: { path: `^(.*apps/server/src/[^/]+)/`, pathNot: ['\\.test\\.tsx?$', `${SERVER}seed/`] },
      to: {
        path: `${SERVER}[^/]+/`,
        pathNot: ['^$1/', `${SERVER}(?:${LOWER}|seed)/`, `${SERVER}[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'no-deep-import-into-another-feature',
      severity: 'error',
      comment:
        "A portal feature (apps/web/src/features/<name>/) uses another feature through its index.ts only; shared pieces live in components/ or lib/. The router and the shell (layout/) register the features' screens and may reach in.",
      from: { path: `^(.*apps/web/src/features/[^/]+)/` },
      to: { path: `${WEB}features/[^/]+/`, pathNot: ['^$1/', `${WEB}features/[^/]+/index\\.tsx?$`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)\\.test-output/'] },
    preserveSymlinks: false,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
