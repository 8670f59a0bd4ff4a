import { FILING_KINDS } from '@worker/domain/filings';
import { z } from 'zod';

/** /filings keeps the kind and the pending/filed view in the URL. */
export const filingsSearchSchema = z.object({
  kind: z.enum(FILING_KINDS).optional().catch(undefined),
  status: z.enum(['pending', 'filed']).optional().catch(undefined),
});
export type FilingsSearch = z.infer<typeof filingsSearchSchema>;
