import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import { importCattle } from './imports.routes';
import { fileTooLarge, importHerd, MAX_IMPORT_BYTES } from './imports.service';

export const importsRouter = createRouter().openapi(importCattle, async (c) => {
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (declared > MAX_IMPORT_BYTES) throw fileTooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const { dryRun, skipInvalid } = c.req.valid('query');
  const report = await importHerd(requestScope(c), bytes, {
    dryRun: dryRun === 'true',
    skipInvalid: skipInvalid === 'true',
  });
  return c.json({ data: report }, 200);
});
