import type { ErrorBody } from '@worker/lib/error-body';
import { clearToken, getToken } from './auth-token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly issues: { field: string; message: string }[] = [],
  ) {
    super(message);
  }

  /** Field name → message, for showing errors beside their inputs. */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const issue of this.issues) if (issue.field && !errors[issue.field]) errors[issue.field] = issue.message;
    if (this.field && !errors[this.field]) errors[this.field] = this.message;
    return errors;
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

/** Fetch against /api/v1 with the signed-in token; an error body becomes an ApiError. */
export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as (ErrorBody & T) | null;
  if (!response.ok) {
    const error = body?.error;
    if (response.status === 401 && token) clearToken();
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? response.statusText,
      error?.field,
      error?.issues,
    );
  }
  return body as T;
}
