import { z } from '@hono/zod-openapi';
import { errorResponse } from './http';

export const security = [{ bearer: [] }];
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
export const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};
export const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
