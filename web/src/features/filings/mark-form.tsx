import { todayJst } from '@worker/domain/calendar';
import { FILING_FIELD_LABELS, type FilingField } from '@worker/domain/filings';
import { calendarDate } from '@worker/domain/input';
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { type Filing, markFilings } from '../../api/filings';
import { ConfirmDialog } from '../../components/confirm-dialog';
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

/**
 * '届出済みにする' with the filing date, for the filings selected in the list. When a selected filing still misses
 * fields (`missing`, in the form's order), it asks first — '個体識別番号が未入力です。届出済みにしますか？' — and sends
 * `acceptMissing` only once the farmer said yes (§21, turn 4).
 */
export function MarkFiledForm({
  ids,
  missing = [],
  onSaved,
  submit = markFilings,
}: {
  ids: number[];
  missing?: readonly string[];
  onSaved: (filings: Filing[]) => void;
  submit?: typeof markFilings;
}) {
  const { t, locale } = useI18n();
  const [asking, setAsking] = useState(false);
  const confirmed = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({
    schema: markFormSchema,
    values: (data) => ({ filedAt: String(data.get('filedAt') ?? '') }),
    check: (errors) => (ids.length === 0 ? { ...errors, ids: t('filings.noneSelected') } : errors),
    submit: ({ filedAt }) => submit({ ids, filed: true, filedAt, ...(missing.length ? { acceptMissing: true } : {}) }),
    onSaved,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const filedAt = String(new FormData(event.currentTarget).get('filedAt') ?? '');
    const ready = ids.length > 0 && markFormSchema.safeParse({ filedAt }).success;
    if (ready && missing.length && !confirmed.current) {
      event.preventDefault();
      setAsking(true);
      return;
    }
    confirmed.current = false;
    form.onSubmit(event);
  };
  const fields = missing.map((f) => FILING_FIELD_LABELS[f as FilingField]?.[locale] ?? f).join('・');
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="form filings-mark" aria-label={t('filings.mark')}>
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
      <ConfirmDialog
        open={asking}
        title={t('filings.confirmMissing', { fields })}
        confirmLabel={t('filings.mark')}
        pending={form.saving}
        error={null}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          confirmed.current = true;
          setAsking(false);
          formRef.current?.requestSubmit();
        }}
      >
        <p>{t('filings.confirmMissingBody')}</p>
      </ConfirmDialog>
    </form>
  );
}
