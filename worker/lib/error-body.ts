import { z } from 'zod';
import { jsonContent } from './http';

/** The body of every error response. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    requestId: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error answer in a route's contract: the one body shape, with what the status means on that route. */
export const errorResponse = (description: string) => jsonContent(errorBodySchema, description);
