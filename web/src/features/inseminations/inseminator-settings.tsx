import { useQueryClient } from '@tanstack/react-query';
import { todayJst } from '@worker/domain/calendar';
import { inseminatorLicenseSchema } from '@worker/domain/filing-input';
import { useState } from 'react';
import { z } from 'zod';
import { type Me, meQuery, useMe } from '../../api/accounts';
import { apiFetchFile, downloadBlob } from '../../api/download';
import { saveLicense } from '../../api/filings';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { defineMessages, useI18n } from '../../lib/i18n';

defineMessages({
  ja: {
    inseminator: {
      title: '授精師の方へ',
      lead: '授精証明書に載る免許番号と、家畜人工授精簿（5年保存）のダウンロードです。所属するすべての牧場で記録した授精が入ります。',
      license: '家畜人工授精師 免許番号',
      licenseHint: '40文字まで。空にすると消えます。',
      save: '保存',
      saved: '免許番号を保存しました',
      register: '家畜人工授精簿',
      from: '開始日',
      to: '終了日',
      csv: 'CSVをダウンロード',
      xlsx: 'Excelをダウンロード',
    },
  },
  en: {
    inseminator: {
      title: 'For inseminators',
      lead: 'Your licence number, printed on AI certificates, and your AI register (kept 5 years): every insemination you recorded on any of your farms.',
      license: 'Inseminator licence number',
      licenseHint: 'Up to 40 characters; empty removes it.',
      save: 'Save',
      saved: 'Licence number saved',
      register: 'AI register',
      from: 'From',
      to: 'To',
      csv: 'Download CSV',
      xlsx: 'Download Excel',
    },
  },
});

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

function RegisterDownload() {
  const { t } = useI18n();
  const [from, setFrom] = useState(`${Number(todayJst().slice(0, 4)) - 1}-01-01`);
  const [to, setTo] = useState(todayJst());
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setError(null);
    try {
      const file = await apiFetchFile(`/inseminations/register?from=${from}&to=${to}&format=${format}`);
      downloadBlob(file.blob, file.filename ?? `register.${format}`);
    } catch (err) {
      setError(describeError(err).message ?? String(err));
    }
  };
  return (
    <div className="form">
      <h3>{t('inseminator.register')}</h3>
      <FormError message={error} />
      <TextField label={t('inseminator.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <TextField label={t('inseminator.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        <button type="button" className="button" onClick={() => download('csv')}>
          {t('inseminator.csv')}
        </button>
        <button type="button" className="button" onClick={() => download('xlsx')}>
          {t('inseminator.xlsx')}
        </button>
      </div>
    </div>
  );
}

/** Settings for inseminators (§21): the licence number and the AI register. */
export function InseminatorSettings() {
  const { t } = useI18n();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <section className="card" aria-labelledby="inseminator-title">
      <h2 id="inseminator-title">{t('inseminator.title')}</h2>
      <p className="muted">{t('inseminator.lead')}</p>
      <LicenseForm license={me.inseminatorLicense} />
      <RegisterDownload />
    </section>
  );
}
