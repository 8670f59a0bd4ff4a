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
      haveAccount: 'すでにアカウントをお持ちの方・招待された方は',
      register: '新規登録',
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
      haveAccount: 'Already have an account, or invited?',
      register: 'Register',
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
          {signedIn ? (
            <div className="landing__actions">
              <Link to="/home" className="button button--primary">
                {t('landing.openApp')}
              </Link>
            </div>
          ) : null}
        </section>
        {/* One message: the waiting list is the page's call; signing in or registering is one line under it. */}
        <WaitingListForm />
        {signedIn ? null : (
          <p className="landing__account">
            {t('landing.haveAccount')} <Link to="/login">{t('landing.login')}</Link> ·{' '}
            <Link to="/register">{t('landing.register')}</Link>
          </p>
        )}
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
