import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: { '@worker': path.resolve(import.meta.dirname, '../worker') } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: { port: 3000, proxy: { '/api': 'http://127.0.0.1:8787' } },
});
