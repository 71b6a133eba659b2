/**
 * Import cycles including type-only imports (`import type`), which eslint-plugin-import-x's
 * no-cycle skips by design. Run by `npm run lint` (see package.json) — issue 13.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle means two modules can only be understood together, also when one side only imports types.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Keep imports that vanish at build time (type-only): a type circle still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(out|dist|node_modules)/' },
  },
};
