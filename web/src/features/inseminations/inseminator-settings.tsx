import { todayJst } from '@worker/domain/calendar';
import { useState } from 'react';
import { useMe } from '../../api/accounts';
import { apiFetchFile, downloadBlob } from '../../api/download';
import { FormError, TextField } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { LicenseForm } from './license-form';
import './messages';

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
