import { todayJst } from '@worker/domain/calendar';
import { calendarDate } from '@worker/domain/input';
import { z } from 'zod';
import { type Filing, markFilings } from '../../api/filings';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';

/** The day a set of filings was filed: a date, not in the future (the API says so too). */
const markFormSchema = z.object({
  filedAt: calendarDate('届出日はYYYY-MM-DD形式で入力してください').refine(
    (d) => d <= todayJst(),
    '届出日に未来の日付は指定できません',
  ),
});

/** '届出済みにする' with the filing date, for the filings selected in the list. */
export function MarkFiledForm({
  ids,
  onSaved,
  submit = markFilings,
}: {
  ids: number[];
  onSaved: (filings: Filing[]) => void;
  submit?: typeof markFilings;
}) {
  const { t } = useI18n();
  const form = useSchemaForm({
    schema: markFormSchema,
    values: (data) => ({ filedAt: String(data.get('filedAt') ?? '') }),
    check: (errors) => (ids.length === 0 ? { ...errors, ids: t('filings.noneSelected') } : errors),
    submit: ({ filedAt }) => submit({ ids, filed: true, filedAt }),
    onSaved,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="form filings-mark" aria-label={t('filings.mark')}>
      <FormError message={form.message ?? form.errors.ids} />
      <TextField
        label={t('filings.markDate')}
        name="filedAt"
        type="date"
        defaultValue={todayJst()}
        max={todayJst()}
        required
        error={form.errors.filedAt}
      />
      <SubmitButton pending={form.saving}>{t('filings.mark')}</SubmitButton>
      {form.saved && !form.saving ? (
        <p className="alert alert--success" role="status">
          {t('filings.marked', { n: form.result?.length ?? 0 })}
        </p>
      ) : null}
    </form>
  );
}
