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
    {
      name: 'a-service-serves-its-own-feature',
      comment:
        "A feature's *.service.ts is called by its own routes; another feature borrows its statements from " +
        '*.statements.ts, never from a service. The doors that exist to call use cases are the exceptions: the ' +
        "dev seeders, LINE messages, and sign-up, which makes the new user's own farm (docs/decisions/056-one-folder-per-path.md).",
      severity: 'error',
      from: { path: '^worker/([^/]+)/', pathNot: '^worker/(dev|line|accounts|oauth)/' },
      to: { path: '^worker/[^/]+/[^/]+[.]service[.]ts$', pathNot: '^worker/$1/' },
    },
    {
      name: 'features-stay-apart',
      comment:
        'A web feature imports components/, lib/, api/ and the domain, never another feature: a screen that shows ' +
        'several features is composed in web/src/routes (docs/decisions/038-web-house.md).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'shared-web-code-knows-no-screen',
      comment: 'components/, lib/ and api/ serve every feature, so they import no feature and no route.',
      severity: 'error',
      from: { path: '^web/src/(components|lib|api)/' },
      to: { path: '^web/src/(features|routes)/' },
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
