import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The web app's component tests (*.test.tsx beside the components) in a DOM (happy-dom) with Testing Library, apart
 * from the Worker's tests, which run in the workers pool (vitest.config.ts).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@worker': path.join(import.meta.dirname, 'worker') } },
  test: {
    environment: 'happy-dom',
    include: ['web/src/**/*.test.tsx'],
    restoreMocks: true,
  },
});
