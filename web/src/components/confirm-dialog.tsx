import type { ReactNode } from 'react';
import { describeError } from '../lib/form-errors';
import { useI18n } from '../lib/i18n';
import { Dialog } from './dialog';
import { FormError } from './form';

/**
 * A yes-or-cancel question before a destructive step (delete, remove a member, sign out everywhere): the body, the
 * step's failure if it failed, then キャンセル and the red confirm button, disabled while the step runs.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  /** The step's error: its message, or its first field's (a member's role), is shown above the buttons. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const failure = describeError(error);
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {children}
      <FormError message={failure.message ?? Object.values(failure.fields)[0]} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger-solid"
          disabled={pending}
          aria-busy={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
