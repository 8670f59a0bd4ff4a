import { memoChangeSchema, statusChangeSchema } from '@worker/alerts/alerts.schemas';
import { type AlertView, useChangeAlertStatus, useSaveAlertMemo } from '../../api/alerts';
import { Dialog } from '../../components/dialog';
import { FormError, SubmitButton, TextAreaField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';

/** 解決 / 却下 with the reason (alert-card.tsx opens it). */
export function ReasonDialog({
  alert,
  subject,
  status,
  onClose,
}: {
  alert: AlertView;
  /** What the alert says (alert-card.tsx's useAlertMessage). */
  subject: string;
  status: 'resolved' | 'dismissed' | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const change = useChangeAlertStatus();
  const form = useSchemaForm({
    schema: statusChangeSchema,
    values: (data) => ({ status, reason: String(data.get('reason') ?? '') }),
    submit: (input) => change.mutateAsync({ id: alert.id, input }),
    onSaved: onClose,
  });
  const title = status === 'dismissed' ? t('alerts.dismissTitle') : t('alerts.resolveTitle');
  return (
    <Dialog open={status !== null} title={title} onClose={onClose}>
      <p className="alert-dialog__subject">{subject}</p>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <FormError message={form.message} />
        <TextAreaField
          label={t('alerts.reasonLabel')}
          name="reason"
          maxLength={500}
          hint={status === 'dismissed' ? t('alerts.reasonHintDismiss') : t('alerts.reasonHintResolve')}
          error={form.errors.reason}
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={form.saving} className={status === 'dismissed' ? 'button--danger-solid' : ''}>
            {status === 'dismissed' ? t('alerts.dismiss') : t('alerts.resolve')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** The alert's memo (alert-card.tsx opens it). */
export function MemoDialog({
  alert,
  subject,
  open,
  onClose,
}: {
  alert: AlertView;
  subject: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const save = useSaveAlertMemo();
  const form = useSchemaForm({
    schema: memoChangeSchema,
    values: (data) => ({ memo: String(data.get('memo') ?? '') }),
    submit: (input) => save.mutateAsync({ id: alert.id, input }),
    onSaved: onClose,
  });
  return (
    <Dialog open={open} title={t('alerts.editMemo')} onClose={onClose}>
      <p className="alert-dialog__subject">{subject}</p>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <FormError message={form.message} />
        <TextAreaField
          label={t('alerts.memoLabel')}
          name="memo"
          defaultValue={alert.memo ?? ''}
          error={form.errors.memo}
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={form.saving}>{t('alerts.saveMemo')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
