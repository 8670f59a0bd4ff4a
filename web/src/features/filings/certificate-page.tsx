import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { INSEMINATION_METHOD_LABELS } from '@worker/domain/gestation';
import { certificateQuery } from '../../api/filings';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './certificate.css';
import './messages';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useI18n();
  return (
    <div className="certificate__row">
      <dt>{label}</dt>
      <dd>{value || t('certificate.none')}</dd>
    </div>
  );
}

/** /events/{id}/certificate: the AI certificate (授精証明書) of an insemination, printed on A5 (§21). */
export function CertificatePage({ eventId }: { eventId: number }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const query = useQuery(certificateQuery(eventId));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const c = query.data;
  return (
    <div className="page certificate-page">
      <div className="certificate-actions">
        <button type="button" className="button" onClick={() => router.history.back()}>
          {t('certificate.back')}
        </button>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('certificate.print')}
        </button>
      </div>
      <article className="certificate" aria-labelledby="certificate-title">
        <h1 id="certificate-title">{t('certificate.title')}</h1>
        <dl className="certificate__list">
          <Row label={t('certificate.farm')} value={c.farm.name} />
          <Row label={t('certificate.farmerCode')} value={c.farm.farmerCode} />
          <Row label={t('certificate.identificationNumber')} value={c.cow.identificationNumber} />
          <Row label={t('certificate.name')} value={c.cow.name} />
          <Row label={t('certificate.breed')} value={c.cow.breed} />
          <Row label={t('certificate.birthday')} value={formatDateJa(c.cow.birthday)} />
          <Row label={t('certificate.serviceDate')} value={formatDateJa(c.serviceDate)} />
          <Row label={t('certificate.method')} value={INSEMINATION_METHOD_LABELS[c.method][locale]} />
          <Row label={t('certificate.sireName')} value={c.sireName} />
          <Row label={t('certificate.semenLot')} value={c.semenLot} />
          {c.method === 'ET' ? <Row label={t('certificate.embryoId')} value={c.embryoId} /> : null}
        </dl>
        <p className="certificate__statement">{t('certificate.statement')}</p>
        <dl className="certificate__list certificate__signature">
          <Row label={t('certificate.technician')} value={c.technician.name} />
          <Row label={t('certificate.license')} value={c.technician.license} />
        </dl>
      </article>
    </div>
  );
}
