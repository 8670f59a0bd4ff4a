import { z } from 'zod';

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
