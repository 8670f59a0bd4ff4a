import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The web app's component tests (*.test.tsx beside the components) in a DOM (happy-dom) with Testing Library, apart
 * from the Worker's tests, which run in the workers pool. vitest.config.ts runs this config as its `web` project, so
 * `npm test` runs every suite in one Vitest run.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@worker': path.join(import.meta.dirname, 'worker') } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['web/src/**/*.test.tsx'],
    restoreMocks: true,
  },
});
