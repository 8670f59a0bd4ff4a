import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { AppEnv } from '../env';
import { AppError } from './errors';

/** The first failing field of a zod error becomes the API's 400: the SPEC message and the field name. */
export function toValidationError(error: ZodError): AppError {
  const first = error.issues[0];
  const field = first?.path.length ? first.path.join('.') : undefined;
  const err = new AppError(400, 'VALIDATION_ERROR', first?.message ?? 'Invalid request', field);
  (err as AppError & { issues?: unknown }).issues = error.issues.map((i) => ({
    field: i.path.join('.'),
    message: i.message,
  }));
  return err;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result) => {
      if (!result.success) throw toValidationError(result.error as ZodError);
    },
  });
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true as const,
});

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
