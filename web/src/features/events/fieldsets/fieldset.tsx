import type { FieldErrors } from '../../../lib/form-errors';
import type { DetailDraftState } from '../event-draft';

/**
 * What a type's fieldset is given: the details being filled in, the errors, the animal's breed (dairy cows are dried
 * off and bear F1 crosses), and which part to show — all of it, the alert's quick form, or what it folds away.
 */
export interface FieldsetProps {
  state: DetailDraftState;
  errors: FieldErrors;
  breed: string | null;
  dairy: boolean;
  part: 'all' | 'quick' | 'more';
}

/** An error under a group of choices (a fieldset of radios), where no single input carries it. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <p className="field__error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}
