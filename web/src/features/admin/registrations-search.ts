import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** URL search of /admin/registrations: filters and page survive reloads and can be shared. */
export const registrationsSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  source: z.string().optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});
export type RegistrationsSearch = z.infer<typeof registrationsSearchSchema>;
