import { createRouter } from '../lib/http';
import { sheetResponse } from '../lib/sheet';
import { registerSheet } from './inseminations.export';
import { registerOf } from './inseminations.queries';
import * as routes from './inseminations.routes';

/** GET /inseminations/register: across every farm the caller is a member of. */
export const inseminationsRouter = createRouter().openapi(routes.register, async (c) => {
  const { from, to, format } = c.req.valid('query');
  const rows = await registerOf(c.env, c.get('userId'), { from, to });
  if (!format) return c.json({ data: rows }, 200);
  const { sheet, basename } = registerSheet(rows);
  return sheetResponse(`${basename}.${format}`, sheet);
});
