import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, jsonContent } from '../lib/http';
import { googleProvider } from './oauth-google';
import { lineProvider } from './oauth-line';
import { finishSignIn, type OAuthProvider, startSignIn } from './oauth-shared';

const tags = ['OAuth'];
const initErrorSchema = z.object({
  error: z.object({
    code: z.literal('OAUTH_INIT_FAILED'),
    message: z.literal('OAuth initialization failed'),
    details: z.string().optional().describe('Outside production only'),
    requestId: z.string(),
  }),
});
const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional().describe('Set by the provider when the user cancels or the request is refused'),
  error_description: z.string().optional(),
});
const redirect = (description: string) => ({
  description,
  headers: z.object({ Location: z.string(), 'Set-Cookie': z.string() }),
});

const startRoute = (provider: OAuthProvider) =>
  createRoute({
    method: 'get',
    path: `/${provider.name}`,
    tags,
    summary: `Start ${provider.label} sign-in`,
    description: 'Sets the state, PKCE verifier and nonce cookies (HttpOnly, 600 s) and redirects to the provider.',
    responses: {
      302: redirect(`To ${provider.label}'s authorization page`),
      500: jsonContent(initErrorSchema, 'OAuth initialization failed'),
      503: errorResponse(`${provider.label} sign-in is not configured`),
    },
  });

const callbackRoute = (provider: OAuthProvider) =>
  createRoute({
    method: 'get',
    path: `/${provider.name}/callback`,
    tags,
    summary: `Finish ${provider.label} sign-in`,
    description:
      'On success redirects to `APP_URL/auth/callback?token=…` with a 30-day session; on other failures to ' +
      '`APP_URL/login?error=oauth_failed&details=…`. The OAuth cookies are removed either way.',
    request: { query: callbackQuery },
    responses: {
      302: redirect('To the app with a token, or to the login page with the reason'),
      400: errorResponse('Missing required OAuth parameters / Invalid OAuth state / Google email not verified'),
      500: errorResponse(
        'No valid access token received / Failed to fetch user information from Google / Network error',
      ),
      503: errorResponse(`${provider.label} sign-in is not configured`),
    },
  });

export const oauthRouter = createRouter()
  .openapi(startRoute(googleProvider), (c) => startSignIn(c, googleProvider))
  .openapi(callbackRoute(googleProvider), (c) => finishSignIn(c, googleProvider, c.req.valid('query')))
  .openapi(startRoute(lineProvider), (c) => startSignIn(c, lineProvider))
  .openapi(callbackRoute(lineProvider), (c) => finishSignIn(c, lineProvider, c.req.valid('query')));
