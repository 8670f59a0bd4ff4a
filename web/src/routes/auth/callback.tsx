import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthCallbackPage } from '../../features/accounts/auth-callback-page';

export const Route = createFileRoute('/auth/callback')({
  validateSearch: z.object({
    token: z.string().optional().catch(undefined),
    redirect: z.string().optional().catch(undefined),
  }),
  component: AuthCallbackPage,
});
