import { requestScope } from '../db/scope';
import { eventNotFound } from '../events/events.queries';
import { csvResponse } from '../lib/csv';
import { validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { xlsxResponse } from '../lib/xlsx';
import { registerSheet } from './inseminations.export';
import { certificateOf, directoryFacts, eventWithCow, registerOf } from './inseminations.queries';
import * as routes from './inseminations.routes';
import { INSEMINATION_MESSAGES } from './inseminations.schemas';

/** GET /events/{id}/certificate, mounted beside the events routes. */
export const certificateRouter = createRouter().openapi(routes.certificate, async (c) => {
  const scope = requestScope(c);
  const event = await eventWithCow(scope.db, scope.farmId, c.req.valid('param').id);
  if (!event) throw eventNotFound();
  if (event.eventType !== 'INSEMINATION') throw validationError(INSEMINATION_MESSAGES.notInsemination, 'eventType');
  const { farm, recorder } = await directoryFacts(c.env, scope.farmId, event.createdBy);
  return c.json({ data: certificateOf(event, farm, recorder) }, 200);
});

/** GET /inseminations/register: across every farm the caller is a member of. */
export const inseminationsRouter = createRouter().openapi(routes.register, async (c) => {
  const { from, to, format } = c.req.valid('query');
  const rows = await registerOf(c.env, c.get('userId'), { from, to });
  if (!format) return c.json({ data: rows }, 200);
  const { sheet, basename } = registerSheet(rows);
  if (format === 'xlsx') return xlsxResponse(`${basename}.xlsx`, sheet) as never;
  return csvResponse(
    `${basename}.csv`,
    sheet.columns.map((col) => col.header),
    sheet.rows,
  ) as never;
});
