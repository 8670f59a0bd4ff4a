/** Folder boundaries (docs/decisions/016-one-way-to-write.md): Biome's noImportCycles sees file cycles only. */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'Folders import each other in one direction only.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'worker/domain holds pure rules: no D1, Hono, drizzle or other folders of ours.',
      severity: 'error',
      from: { path: '^worker/domain/' },
      to: { pathNot: ['^worker/domain/', '^node_modules/(zod)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '/test/', 'routeTree\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
