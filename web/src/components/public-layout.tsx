import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { pendingInvitePath } from '../lib/pending-invite';

export function LanguageSwitch() {
  const { locale, setLocale } = useI18n();
  return (
    <fieldset className="lang-switch" aria-label="言語 / Language">
      <button
        type="button"
        className="button button--small"
        aria-pressed={locale === 'ja'}
        onClick={() => setLocale('ja')}
      >
        日本語
      </button>
      <button
        type="button"
        className="button button--small"
        aria-pressed={locale === 'en'}
        onClick={() => setLocale('en')}
      >
        English
      </button>
    </fieldset>
  );
}

/** Sign-in and registration pages: a centred card under the brand. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="public">
      <header className="public__header">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            牛
          </span>
          <span>{t('app.name')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="public__main">
        <section className="card public__card">
          <h1>{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}

/**
 * Only same-site paths are followed after sign-in, never another origin. Without one, an invitation opened before
 * signing in (or registering) comes first, then the home screen.
 */
export const safeRedirect = (target: string | undefined) =>
  target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : (pendingInvitePath() ?? '/home');
