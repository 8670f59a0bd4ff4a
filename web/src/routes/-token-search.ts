import { z } from 'zod';

/** `?token=` of the links in mails (verification, completion, password reset, invitation). */
export const tokenSearch = z.object({ token: z.string().optional().catch(undefined) });
