import { Link } from '@tanstack/react-router';
import { defineMessages, useI18n } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { todayJst, formatDateJa } from '@worker/lib/jst';

defineMessages({
  ja: { home: { greeting: '{{name}} さん、おはようございます', today: '今日 {{date}}', settings: '表示テーマと言語を変える' } },
  en: { home: { greeting: 'Good morning, {{name}}', today: 'Today {{date}}', settings: 'Change theme and language' } },
});

export function HomePage() {
  const { t } = useI18n();
  const { data: me } = useMe();
  return (
    <div className="page">
      <header className="page__header">
        <h1>{t('home.greeting', { name: me?.userName ?? '' })}</h1>
        <p className="muted">{t('home.today', { date: formatDateJa(todayJst()) })}</p>
      </header>
      <section className="card">
        <Link to="/settings">{t('home.settings')}</Link>
      </section>
    </div>
  );
}
