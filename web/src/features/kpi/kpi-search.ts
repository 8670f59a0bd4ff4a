import { z } from 'zod';

/** The /kpi screen keeps its period in the URL, so a chosen period survives a reload and can be shared. */
export const kpiSearchSchema = z.object({
  period: z.enum(['last365', 'thisYear', 'custom']).optional().catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
});
export type KpiSearch = z.infer<typeof kpiSearchSchema>;
