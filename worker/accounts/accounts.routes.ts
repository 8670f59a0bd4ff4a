import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../auth/require-auth';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import {
  completeBodySchema,
  completeResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  registerBodySchema,
  registerResponseSchema,
  verifyBodySchema,
} from './accounts.schemas';

const tags = ['Auth'];

export const register = createRoute({
  method: 'post',
  path: '/register',
  tags,
  summary: 'Provisional registration: sends a verification mail',
  request: { body: jsonBody(registerBodySchema) },
  responses: {
    200: jsonContent(registerResponseSchema, 'The same answer for every address; the mail goes after it'),
    400: errorResponse('Invalid email'),
  },
});

export const verify = createRoute({
  method: 'post',
  path: '/verify',
  tags,
  summary: 'Check a verification token',
  request: { body: jsonBody(verifyBodySchema) },
  responses: {
    200: jsonContent(messageResponseSchema, 'Token is valid'),
    400: errorResponse('Invalid or expired token'),
    409: errorResponse('Already completed'),
  },
});

export const complete = createRoute({
  method: 'post',
  path: '/complete',
  tags,
  summary: 'Complete registration with a name, a password and the farm name; signs the user in',
  request: { body: jsonBody(completeBodySchema) },
  responses: {
    200: jsonContent(completeResponseSchema, 'Registration complete: signed in, as POST /auth/login answers'),
    400: errorResponse('Invalid input or token'),
  },
});

export const login = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Sign in with email and password',
  request: { body: jsonBody(loginBodySchema) },
  responses: {
    200: jsonContent(loginResponseSchema, 'Signed in'),
    400: errorResponse('Invalid input'),
    401: errorResponse('Wrong email or password'),
    429: errorResponse('Too many failed attempts (Retry-After), or TURNSTILE_REQUIRED: send turnstileToken'),
  },
});

export const logout = createRoute({
  method: 'post',
  path: '/logout',
  tags,
  summary: 'Sign out: the session and its token stop working',
  security: [{ bearer: [] }],
  middleware: requireAuth,
  responses: { 200: jsonContent(messageResponseSchema, 'Signed out'), 401: errorResponse('Not signed in') },
});

export const logoutAll = createRoute({
  method: 'post',
  path: '/logout-all',
  tags,
  summary: 'Sign out everywhere: every session of the caller ends',
  security: [{ bearer: [] }],
  middleware: requireAuth,
  responses: { 200: jsonContent(messageResponseSchema, 'Signed out everywhere'), 401: errorResponse('Not signed in') },
});

export const passwordReset = createRoute({
  method: 'post',
  path: '/password-reset',
  tags,
  summary: 'Mail a password reset link (the same answer for known and unknown addresses)',
  request: { body: jsonBody(passwordResetBodySchema) },
  responses: { 200: jsonContent(messageResponseSchema, 'Requested'), 400: errorResponse('Invalid email') },
});

export const passwordResetConfirm = createRoute({
  method: 'post',
  path: '/password-reset/confirm',
  tags,
  summary: 'Set a new password from a reset link; every session of the user ends',
  request: { body: jsonBody(passwordResetConfirmBodySchema) },
  responses: {
    200: jsonContent(messageResponseSchema, 'Password set'),
    400: errorResponse('Invalid or expired link, or an invalid password'),
  },
});

export const providers = createRoute({
  method: 'get',
  path: '/providers',
  tags,
  summary: 'Which sign-in methods are configured',
  responses: {
    200: jsonContent(z.object({ data: z.object({ google: z.boolean(), line: z.boolean() }) }), 'Configured providers'),
  },
});
