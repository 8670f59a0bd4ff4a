import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from '../../components/public-layout';
import { getToken } from '../../lib/auth-token';
import { defineMessages, useI18n } from '../../lib/i18n';
import { WaitingListForm } from './waiting-list-form';

defineMessages({
  ja: {
    landing: {
      headline: '牛の記録を、牛舎からそのまま。',
      lead: '牛帳は、肉用牛・乳用牛の繁殖農家のための牛群管理サービスです。スマホで記録した授精・妊娠鑑定・分娩から、発情予定・分娩予定・空胎日数を毎朝お知らせします。',
      featureRegister: '牛台帳',
      featureRegisterBody: '個体識別番号・耳標・血統・母牛をまとめて管理。耳標番号ですぐ探せます。',
      featureAlerts: '繁殖アラート',
      featureAlertsBody: '授精すべき牛、分娩が近い牛、妊娠鑑定の時期を朝6時にお知らせ。',
      featureKpi: '繁殖成績',
      featureKpiBody: '受胎率・空胎日数・分娩間隔・授精回数を自動で集計。',
      featureShipments: '出荷記録',
      featureShipmentsBody: '出荷実績と出荷予定、母牛ごとの子牛の成績まで。',
      start: '無料で始める',
      login: 'ログイン',
      openApp: 'アプリを開く',
    },
  },
  en: {
    landing: {
      headline: 'Herd records, straight from the barn.',
      lead: 'Ushichō is herd management for beef and dairy breeders in Japan. Record inseminations, pregnancy checks and calvings on your phone; every morning it tells you which cows need attention.',
      featureRegister: 'Herd register',
      featureRegisterBody: 'ID numbers, ear tags, bloodlines and dams in one place. Find any animal by its ear tag.',
      featureAlerts: 'Breeding alerts',
      featureAlertsBody: 'Cows to inseminate, calvings due and pregnancy checks, at 6 a.m.',
      featureKpi: 'Breeding KPIs',
      featureKpiBody: 'Conception rate, days open, calving interval and AI per conception, computed for you.',
      featureShipments: 'Shipments',
      featureShipmentsBody: 'Shipment records and plans, down to each dam’s calves.',
      start: 'Get started free',
      login: 'Sign in',
      openApp: 'Open the app',
    },
  },
});

const features = ['Register', 'Alerts', 'Kpi', 'Shipments'] as const;

export function LandingPage() {
  const { t } = useI18n();
  const signedIn = Boolean(getToken());
  return (
    <div className="public landing">
      <header className="public__header">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            牛
          </span>
          <span>{t('app.name')}</span>
        </span>
        <LanguageSwitch />
      </header>
      <main id="main" className="landing__main">
        <section className="landing__hero">
          <h1>{t('landing.headline')}</h1>
          <p className="landing__lead">{t('landing.lead')}</p>
          <div className="landing__actions">
            {signedIn ? (
              <Link to="/home" className="button button--primary">
                {t('landing.openApp')}
              </Link>
            ) : (
              <>
                <Link to="/register" className="button button--primary">
                  {t('landing.start')}
                </Link>
                <Link to="/login" className="button">
                  {t('landing.login')}
                </Link>
              </>
            )}
          </div>
        </section>
        <WaitingListForm />
        <ul className="landing__features">
          {features.map((key) => (
            <li key={key} className="card">
              <h2>{t(`landing.feature${key}`)}</h2>
              <p>{t(`landing.feature${key}Body`)}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
