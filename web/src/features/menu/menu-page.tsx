import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useMe } from '../../api/accounts';
import { useSignOut } from '../../components/app-shell';
import { navItems } from '../../components/nav-items';
import { useI18n } from '../../lib/i18n';

/** On phones: everything that does not fit the bottom bar, as big rows. */
export function MenuPage() {
  const { t } = useI18n();
  const signOut = useSignOut();
  const { data: me } = useMe();
  return (
    <div className="page page--narrow">
      <div className="page__header">
        <h1>{t('nav.menu')}</h1>
        {me ? <p className="muted">{t('nav.signedInAs', { name: me.userName })}</p> : null}
      </div>
      <nav aria-label={t('nav.menu')}>
        <ul className="menu-list">
          {navItems
            .filter((item) => !item.phone)
            .map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="menu-list__link">
                  <item.icon size={24} aria-hidden="true" />
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          <li>
            <button type="button" className="menu-list__link" onClick={signOut}>
              <LogOut size={24} aria-hidden="true" />
              {t('nav.signOut')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
