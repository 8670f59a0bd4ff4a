import { useQueryClient } from '@tanstack/react-query';
import { statusChangeSchema } from '@worker/cattle/cattle.schemas';
import { STATUS_CHANGE_ALLOWED } from '@worker/domain/cattle-enums';
import { type CattleDetail, cattleKeys, changeCattleStatus, type StatusChangeInput } from '../../api/cattle';
import { Dialog } from '../../components/dialog';
import { FormError, SelectField, SubmitButton, TextAreaField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';

/** Moves an animal to another status by hand (§7), with an optional reason kept in its history. */
export function StatusDialog({ cow, open, onClose }: { cow: CattleDetail; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: statusChangeSchema,
    values: (data) => ({ status: data.get('status'), reason: data.get('reason') }),
    submit: (body: StatusChangeInput) => changeCattleStatus(cow.cattleId, body),
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: cattleKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open={open} title={t('cattle.changeStatus')} onClose={onClose}>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <FormError message={form.message} />
        <SelectField
          label={t('cattle.newStatus')}
          name="status"
          defaultValue={STATUS_CHANGE_ALLOWED.find((s) => s !== cow.status)}
          error={form.errors.status}
        >
          {STATUS_CHANGE_ALLOWED.map((s) => (
            <option key={s} value={s}>
              {t(`cattle.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField label={t('cattle.reason')} name="reason" maxLength={500} error={form.errors.reason} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton pending={form.saving}>{t('cattle.changeStatus')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
