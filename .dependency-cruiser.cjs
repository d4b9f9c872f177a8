// The monorepo's boundaries (ARCHITECTURE.md "Shape"), checked by `npm run check:boundaries` in
// `npm test`. A workspace import resolves to the package's folder when its dist is built and stays
// `@falcon/<name>` when not: each rule names both forms.
const pkg = (name) => `^(packages|apps)/${name}/|^@falcon/${name}($|/)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'ui-is-standalone',
      comment: 'packages/ui takes data, texts and callbacks as props: no API, no app, no mock.',
      severity: 'error',
      from: { path: '^packages/ui/src/' },
      to: {
        path: [
          pkg('api-client'),
          pkg('mock-server'),
          pkg('demo-data'),
          pkg('contract-testing'),
          pkg('locales'),
          '^apps/',
          '^@falcon/(web|server|storybook)',
        ],
      },
    },
    {
      name: 'locales-imports-nothing-of-ours',
      comment:
        'packages/locales (languages, the cz/cs mapping, translations) is the root: it reads no package of ours.',
      severity: 'error',
      from: { path: '^packages/locales/' },
      to: { path: '^(packages|apps)/|^@falcon/', pathNot: pkg('locales') },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment:
        'packages/api-client is the spine every other package reads; it reads none of them but the languages.',
      severity: 'error',
      from: { path: '^packages/api-client/(src|scripts|test)/' },
      to: { path: '^(packages|apps)/|^@falcon/', pathNot: [pkg('api-client'), pkg('locales')] },
    },
    {
      name: 'features-never-import-each-other',
      comment:
        'A route composes features; a feature shares through lib/ or components/, not another feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'server-never-imports-the-front-end',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: [pkg('web'), pkg('ui'), pkg('storybook')] },
    },
    {
      name: 'web-never-imports-the-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: pkg('server') },
    },
    {
      name: 'mock-is-not-a-backend-dependency',
      comment: 'The server runs without the mock; demo data comes from @falcon/demo-data.',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: { path: pkg('mock-server') },
    },
    {
      name: 'contract-tests-only-from-tests',
      comment:
        'The server may run the contract scenarios, matrix and fuzzer against itself in its tests and scripts (a devDependency), never in production code.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.ts$' },
      to: { path: pkg('contract-testing') },
    },
    {
      name: 'mock-runs-the-contract-tests-only-in-its-tests',
      comment: 'The mock is what the scenarios test: its own code never imports them.',
      severity: 'error',
      from: { path: '^packages/mock-server/src/' },
      to: { path: pkg('contract-testing') },
    },
    {
      name: 'contract-testing-needs-only-contract-and-data',
      comment: 'The scenarios test an implementation through HTTP: they import none of them.',
      severity: 'error',
      from: { path: '^packages/contract-testing/' },
      to: {
        path: '^(packages|apps)/|^@falcon/',
        pathNot: [pkg('contract-testing'), pkg('demo-data'), pkg('api-client')],
      },
    },
    {
      name: 'demo-data-needs-only-the-contract',
      severity: 'error',
      from: { path: '^packages/demo-data/' },
      to: { path: '^(packages|apps)/|^@falcon/', pathNot: [pkg('demo-data'), pkg('api-client')] },
    },
    {
      name: 'mock-needs-only-contract-and-data',
      severity: 'error',
      from: { path: '^packages/mock-server/' },
      to: {
        path: '^(packages|apps)/|^@falcon/',
        pathNot: [pkg('mock-server'), pkg('demo-data'), pkg('api-client'), pkg('contract-testing')],
      },
    },
    {
      name: 'no-reading-another-packages-source',
      comment: "Packages meet through their public entry points, never through each other's src/.",
      severity: 'error',
      from: { path: '^(packages|apps)/([^/]+)/' },
      to: { path: '^(packages|apps)/([^/]+)/src/', pathNot: '^(packages|apps)/$2/src/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle of value imports; a type-only import is erased and may point back.',
      severity: 'error',
      from: { path: '^(packages|apps)/[^/]+/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    // Imports of a built workspace package end in its dist/: kept as a dependency, never followed.
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
