import type { z } from 'zod';
import { ApiError } from './api-error';
import { translate } from './i18n';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed zod parse: the same rules and words as the API. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Splits a failed request into field errors (shown in place) and a general message. */
export function describeError(error: unknown): { fields: FieldErrors; message: string | null } {
  if (!error) return { fields: {}, message: null };
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR') return { fields: {}, message: translate('common.networkError') };
    const fields = error.fieldErrors;
    return { fields, message: Object.keys(fields).length ? null : error.message };
  }
  return { fields: {}, message: error instanceof Error ? error.message : String(error) };
}

/**
 * A form's errors after its zod parse, plus the typed-twice check of a new password: the confirmation field gets
 * 'パスワードが一致しません' when the password itself is valid but the two differ.
 */
export function withPasswordConfirmation(
  errors: FieldErrors,
  form: FormData,
  fields: { password: string; confirm: string },
): FieldErrors {
  const password = String(form.get(fields.password) ?? '');
  if (errors[fields.password] || password === String(form.get(fields.confirm) ?? '')) return errors;
  return { ...errors, [fields.confirm]: translate('accounts.passwordMismatch') };
}
