import { createRoute } from '@hono/zod-openapi';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { preRegisterBodySchema, preRegisterResponseSchema, waitingListConfigSchema } from './waiting-list.schemas';

const tags = ['Pre-registration'];

export const preRegister = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Join the waiting list: verifies the Turnstile token and sends a confirmation mail',
  request: { body: jsonBody(preRegisterBodySchema) },
  responses: {
    201: jsonContent(preRegisterResponseSchema, 'Registered; confirmation mail sent'),
    200: jsonContent(preRegisterResponseSchema, 'Already on the waiting list (alreadyRegistered: true)'),
    400: errorResponse('Invalid input or Turnstile verification failed'),
    429: errorResponse('Too many attempts from this address'),
    502: errorResponse('The confirmation mail could not be sent (the registration is kept)'),
  },
});

export const config = createRoute({
  method: 'get',
  path: '/config',
  tags,
  summary: 'Public settings of the waiting-list form (Turnstile site key)',
  responses: { 200: jsonContent(waitingListConfigSchema, 'Form settings') },
});
