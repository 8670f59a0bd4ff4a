import { useMutation } from '@tanstack/react-query';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import type { z } from 'zod';
import { describeError, type FieldErrors, zodFieldErrors } from '../lib/form-errors';

type FieldProps = { label: string; error?: string; hint?: ReactNode; required?: boolean };

function FieldShell({ id, label, error, hint, required, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField({
  label,
  error,
  hint,
  required,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        required={required}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <select
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        required={required}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  required,
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        required={required}
        {...area}
      />
    </FieldShell>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert--error" role="alert">
      {message}
    </div>
  );
}

export function SubmitButton({
  pending,
  disabled = false,
  children,
  className,
}: {
  pending: boolean;
  /** Off for a reason other than saving (a check the form needs is not ready yet). */
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`button button--primary ${className ?? ''}`}
      disabled={pending || disabled}
      aria-busy={pending}
    >
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** An email address field: the keyboard, autofill and checks every email form shares (sign-in, invitations…). */
export function EmailField({
  label,
  error,
  name = 'email',
  ...input
}: { label: string; error?: string; name?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <TextField
      label={label}
      name={name}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      error={error}
      {...input}
    />
  );
}

/**
 * One form's whole cycle: the values read from the form, checked with the API's own zod schema (`check` adds a rule
 * the schema cannot see, e.g. a password typed twice), field errors shown in place — the form's own, else the API's
 * 400 details — the request's other failures as one message, and the submit state (saving, saved). A submit the
 * form refuses clears the last answer (its saved note or server error) and focuses the first refused field. `onFailed` sees a failed request (e.g. the
 * login's TURNSTILE_REQUIRED); `reset` forgets the answer, for a form that stays open after saving.
 */
export function useSchemaForm<Schema extends z.ZodType, Result>({
  schema,
  values,
  check,
  submit,
  onSaved,
  onFailed,
}: {
  schema: Schema;
  values: (form: FormData) => unknown;
  check?: (errors: FieldErrors, form: FormData) => FieldErrors;
  submit: (data: z.output<Schema>) => Promise<Result>;
  onSaved?: (result: Result) => unknown;
  onFailed?: (error: Error) => unknown;
}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const mutation = useMutation({ mutationFn: submit, onSuccess: onSaved, onError: onFailed });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = schema.safeParse(values(form));
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    const errors = check ? check(found, form) : found;
    setClientErrors(errors);
    if (parsed.success && Object.keys(errors).length === 0) return mutation.mutate(parsed.data);
    mutation.reset();
    // The first refused field takes the focus, so a long form shows what to fix.
    const element = event.currentTarget;
    requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const server = describeError(mutation.error);
  return {
    onSubmit,
    errors: { ...server.fields, ...clientErrors },
    message: server.message,
    /** The failed request itself, for a form that words some failures its own way. */
    error: mutation.error,
    saving: mutation.isPending,
    saved: mutation.isSuccess,
    result: mutation.data,
    reset: () => {
      setClientErrors({});
      mutation.reset();
    },
  };
}
