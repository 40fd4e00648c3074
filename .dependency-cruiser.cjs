// The arrows of the house (docs in STYLE.md): domain rules import nothing of ours, faces reach the database only through
// use cases, and no module imports itself in a circle. Known breaches are listed in .dependency-cruiser-known-violations.json
// (regenerate with `npm run check:deps:baseline` after removing one); any new one fails `npm run check`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds pure rules: it may import Node built-ins and packages, never another module of ours outside src/domain.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'faces-call-use-cases',
      comment:
        'REST routes, GraphQL resolvers and pages call use cases, never stores. Type-only imports count too: a face that names a ' +
        'store document shapes its view from the persistence record (and a status type kept in a store belongs in src/domain).',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/store/' },
    },
    {
      name: 'no-circular',
      comment: 'A circle of imports hides which module owns what and breaks under module-initialisation order.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'src-not-to-tests',
      comment: 'Production code never imports tests, benchmarks or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing fails at run time.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
