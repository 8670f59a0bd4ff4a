import type { FieldErrors } from '../lib/form-errors';
import { TextField } from './form';

/**
 * A new password typed twice (registration, reset, change): `name` and `${name}Confirm`, both `new-password` for the
 * browser's password manager, the rules as a hint under the first and each field's error in place. The form checks the
 * pair with `withPasswordConfirmation` (lib/form-errors.ts) under the same names.
 */
export function NewPasswordFields({
  name = 'password',
  labels,
  errors,
}: {
  name?: string;
  labels: { password: string; confirm: string; hint: string };
  errors: FieldErrors;
}) {
  const confirm = `${name}Confirm`;
  return (
    <>
      <TextField
        label={labels.password}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint={labels.hint}
        error={errors[name]}
      />
      <TextField
        label={labels.confirm}
        name={confirm}
        type="password"
        autoComplete="new-password"
        required
        error={errors[confirm]}
      />
    </>
  );
}
