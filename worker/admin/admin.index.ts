import { directoryDb } from '../db/client';
import { csvResponse } from '../lib/csv';
import { createRouter } from '../lib/http';
import * as routes from './admin.routes';
import { REGISTRATIONS_CSV_COLUMNS } from './admin.schemas';
import { findRegistrations, registrationCsvRow } from './registrations';

export const adminRouter = createRouter()
  .openapi(routes.listRegistrations, async (c) => {
    const { limit, offset, ...filters } = c.req.valid('query');
    return c.json({ data: await findRegistrations(directoryDb(c.env), filters, { limit, offset }) }, 200);
  })
  .openapi(routes.exportRegistrations, async (c) => {
    const { limit, offset, ...filters } = c.req.valid('query');
    const { items } = await findRegistrations(directoryDb(c.env), filters, { limit, offset });
    return csvResponse('registrations.csv', REGISTRATIONS_CSV_COLUMNS, items.map(registrationCsvRow));
  });
