import { skipTaskSchema } from '@worker/domain/programmes';
import { skipTask, type Task } from '../../api/tasks';
import { Dialog } from '../../components/dialog';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';
import { useTaskChanged } from './use-task-changed';

/** Skipping a task: the reason, checked with the API's own schema. */
export function SkipForm({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { t } = useI18n();
  const changed = useTaskChanged();
  const form = useSchemaForm({
    schema: skipTaskSchema,
    values: (data) => ({ reason: String(data.get('reason') ?? '') }),
    submit: ({ reason }) => skipTask(taskId, reason),
    onSaved: async () => {
      await changed();
      onClose();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FormError message={form.message} />
      <TextField name="reason" label={t('tasks.skipReason')} error={form.errors.reason} required maxLength={200} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={form.saving}>{t('tasks.skip')}</SubmitButton>
      </div>
    </form>
  );
}

export function SkipDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open title={t('tasks.skipTitle')} onClose={onClose}>
      <SkipForm taskId={task.id} onClose={onClose} />
    </Dialog>
  );
}
