import type { ErrorBody } from '@worker/lib/error-body';

/** An API answer other than 2xx, with the field errors the forms show in place. */
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

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The API's error body (worker/lib/error-body.ts) checked as its schema checks it, by hand: this module is in the first
 * download, and the schema would be built on every start for answers that are rarely errors.
 */
export function errorOf(body: unknown): ErrorBody['error'] | null {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return null;
  const { code, message, field, issues, requestId } = error;
  if (!isText(code) || !isText(message) || !isText(requestId)) return null;
  if (field !== undefined && !isText(field)) return null;
  if (issues === undefined) return { code, message, field, requestId };
  if (!Array.isArray(issues) || !issues.every((i) => isRecord(i) && isText(i.field) && isText(i.message))) return null;
  return { code, message, field, requestId, issues: issues.map((i) => ({ field: i.field, message: i.message })) };
}
