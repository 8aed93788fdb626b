// The import graph (`npm run imports:check`, a stage of `npm test`): no cycle anywhere in src/ or
// widgets/, type-only imports included, since a type cycle still ties two rooms together. The
// directions between rooms are ESLint's (eslint.config.js); this check covers what a per-file lint
// rule cannot see.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Two modules that import each other (through any path) are one room split in two.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['widgets/vendor/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
