import { useQueryClient } from '@tanstack/react-query';
import { farmerCodeSchema } from '@worker/domain/filing-input';
import { z } from 'zod';
import { farmKeys } from '../../api/farms';
import { type FarmPatch, patchFarm } from '../../api/filings';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { defineMessages, useI18n } from '../../lib/i18n';

defineMessages({
  ja: {
    farmerCode: {
      title: '農家コード',
      label: '農家コード（NLBC）',
      hint: '家畜改良センター（NLBC）から通知された数字（1〜10桁）。届出の書類に入ります。',
      save: '保存',
      saved: '農家コードを保存しました',
    },
  },
  en: {
    farmerCode: {
      title: 'Farmer code',
      label: 'Farmer code (NLBC)',
      hint: 'The digits (1–10) NLBC assigned to the farm; printed on the filings.',
      save: 'Save',
      saved: 'Farmer code saved',
    },
  },
});

const farmerCodeFormSchema = z.object({ farmerCode: farmerCodeSchema });

/** The farm's NLBC farmer code (§21), owners only: saved with PATCH /farms/{id}. */
export function FarmerCodeForm({
  farmId,
  farmerCode,
  submit = (input) => patchFarm(farmId, input),
}: {
  farmId: number;
  farmerCode: string | null;
  submit?: (input: FarmPatch) => Promise<unknown>;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: farmerCodeFormSchema,
    values: (data) => ({ farmerCode: String(data.get('farmerCode') ?? '') }),
    submit: (input) => submit(input),
    onSaved: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
  return (
    <section className="card" aria-labelledby="farmer-code-title">
      <h2 id="farmer-code-title">{t('farmerCode.title')}</h2>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormError message={form.message} />
        <TextField
          label={t('farmerCode.label')}
          name="farmerCode"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          defaultValue={farmerCode ?? ''}
          hint={t('farmerCode.hint')}
          error={form.errors.farmerCode}
        />
        <SubmitButton pending={form.saving}>{t('farmerCode.save')}</SubmitButton>
        {form.saved && !form.saving ? (
          <p className="alert alert--success" role="status">
            {t('farmerCode.saved')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
