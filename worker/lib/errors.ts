import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** One field that failed validation, as the API reports it. */
export interface FieldIssue {
  field: string;
  message: string;
}

export interface AppErrorOptions {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  /** The first failing field, for clients that show one message. */
  field?: string;
  /** Every failing field, for forms that show each in place. */
  issues?: FieldIssue[];
  headers?: Record<string, string>;
  /** A report that goes with the error, answered beside it as `data` (an import's rows). */
  data?: unknown;
}

/** The one error type of the API. It becomes `{ error: { code, message, field?, issues?, requestId } }`. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field?: string;
  readonly issues?: FieldIssue[];
  readonly headers?: Record<string, string>;
  readonly data?: unknown;

  constructor({ status, code, message, field, issues, headers, data }: AppErrorOptions) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.issues = issues;
    this.headers = headers;
    this.data = data;
  }
}

/** A path of a validation issue (zod's, or our own) as the API names the field: `motherInfo.motherCattleId`. */
const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The one mapping from validation issues (zod's or a details parser's) to the API's 400: the first issue's message
 * and field, and every issue under `issues`. `prefix` names where the validated value sits (`details`).
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  options: { code?: string; prefix?: readonly PropertyKey[] } = {},
): AppError {
  const prefix = options.prefix ?? [];
  const mapped = issues.map((i) => ({ field: fieldName([...prefix, ...i.path]), message: i.message }));
  const first = mapped[0];
  return new AppError({
    status: 400,
    code: options.code ?? 'VALIDATION_ERROR',
    message: first?.message ?? 'Invalid request',
    field: first?.field || undefined,
    issues: mapped,
  });
}

export const validationError = (message: string, field?: string, code = 'VALIDATION_ERROR') =>
  new AppError({ status: 400, code, message, field });
export const unauthorized = (message: string, headers?: Record<string, string>) =>
  new AppError({ status: 401, code: 'UNAUTHORIZED', message, headers });
export const forbidden = (message: string) => new AppError({ status: 403, code: 'FORBIDDEN', message });
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError({ status: 404, code, message });
export const conflict = (message: string, code = 'CONFLICT', field?: string) =>
  new AppError({ status: 409, code, message, field });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError({
    status: 429,
    code: 'TOO_MANY_REQUESTS',
    message,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
