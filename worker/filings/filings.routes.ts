import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { csvContent, errorResponse, jsonBody, jsonContent } from '../lib/http';
import { exportFilingsQuerySchema, filingSchema, listFilingsQuerySchema, markFilingsSchema } from './filings.schemas';

const common = { tags: ['Filings'], security: [{ bearer: [] }] };
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};

export const list = createRoute({
  ...common,
  middleware: farmAccess('viewer'),
  method: 'get',
  path: '/',
  summary: 'NLBC filings (出生・転入・転出・死亡) derived from events, oldest due first (docs/product.md §21)',
  request: { query: listFilingsQuerySchema },
  responses: {
    200: jsonContent(
      z.object({ data: z.array(filingSchema), nextCursor: z.string().nullable() }),
      'A page of filings, with each one’s fields and what is missing',
    ),
    400: errorResponse('Invalid query'),
    ...memberErrors,
  },
});

export const mark = createRoute({
  ...common,
  middleware: farmAccess('staff'),
  method: 'post',
  path: '/mark',
  summary:
    'Mark filings filed on a day, or (filed: false) undo it (staff, owner); one with fields missing needs acceptMissing',
  request: { body: jsonBody(markFilingsSchema) },
  responses: {
    200: jsonContent(z.object({ data: z.array(filingSchema), message: z.string() }), 'The filings as marked'),
    400: errorResponse('Invalid input'),
    ...memberErrors,
    404: errorResponse('A filing not of this farm, or none such'),
    409: errorResponse(
      'Marking filed a filing with fields missing, without acceptMissing: 未入力の項目がある届出は届出済みにできません（個体識別番号）',
    ),
  },
});

export const exportCsv = createRoute({
  ...common,
  middleware: farmAccess('viewer'),
  method: 'get',
  path: '/export',
  summary: 'Filings as CSV (UTF-8 with BOM, CRLF, Japanese headers): the NLBC form’s fields in its order',
  request: { query: exportFilingsQuerySchema },
  responses: { 200: csvContent('出生届出_YYYYMMDD.csv'), 400: errorResponse('Invalid query'), ...memberErrors },
});
