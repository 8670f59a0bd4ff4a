import { useQueryClient } from '@tanstack/react-query';
import { inseminatorLicenseSchema } from '@worker/domain/filing-input';
import { z } from 'zod';
import { type Me, meQuery } from '../../api/accounts';
import { saveLicense } from '../../api/filings';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';

/** The inseminator's licence number, printed on the AI certificates (§21); empty removes it. */
const licenseFormSchema = z.object({ inseminatorLicense: inseminatorLicenseSchema });

export function LicenseForm({
  license,
  submit = (value) => saveLicense(value),
}: {
  license: string | null;
  submit?: (value: string | null) => Promise<Me>;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: licenseFormSchema,
    values: (data) => ({ inseminatorLicense: String(data.get('inseminatorLicense') ?? '') }),
    submit: ({ inseminatorLicense }) => submit(inseminatorLicense),
    onSaved: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="form">
      <FormError message={form.message} />
      <TextField
        label={t('inseminator.license')}
        name="inseminatorLicense"
        autoComplete="off"
        defaultValue={license ?? ''}
        hint={t('inseminator.licenseHint')}
        error={form.errors.inseminatorLicense}
      />
      <SubmitButton pending={form.saving}>{t('inseminator.save')}</SubmitButton>
      {form.saved && !form.saving ? (
        <p className="alert alert--success" role="status">
          {t('inseminator.saved')}
        </p>
      ) : null}
    </form>
  );
}
