import { requestScope } from '../db/scope';
import { csvResponse } from '../lib/csv';
import { createRouter } from '../lib/http';
import { filingsCsv } from './filings.export';
import { allFilings, listFilings } from './filings.queries';
import * as routes from './filings.routes';
import { FILING_MESSAGES } from './filings.schemas';
import { farmerCodeOf, markFilings } from './filings.service';

export const filingsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const farmerCode = await farmerCodeOf(c.env, c.get('farmId'));
    return c.json(await listFilings(requestScope(c), farmerCode, c.req.valid('query')), 200);
  })
  .openapi(routes.mark, async (c) => {
    const input = c.req.valid('json');
    const farmerCode = await farmerCodeOf(c.env, c.get('farmId'));
    const data = await markFilings(requestScope(c), farmerCode, input);
    return c.json({ data, message: input.filed ? FILING_MESSAGES.marked : FILING_MESSAGES.unmarked }, 200);
  })
  .openapi(routes.exportCsv, async (c) => {
    const query = c.req.valid('query');
    const farmerCode = await farmerCodeOf(c.env, c.get('farmId'));
    const { filename, headers, cells } = filingsCsv(await allFilings(requestScope(c), farmerCode, query), query.kind);
    return csvResponse(filename, headers, cells);
  });
