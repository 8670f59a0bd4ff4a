import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { meQuery, saveTheme as saveUserTheme, type Theme, useMe } from '../../api/accounts';
import { useCurrentFarm } from '../../api/farms';
import { useSignOut } from '../../components/app-shell';
import { FormError } from '../../components/form';
import { Loading } from '../../components/states';
import { describeError } from '../../lib/form-errors';
import { type Locale, useI18n } from '../../lib/i18n';
import { applyTheme, storedTheme } from '../../lib/theme';
import { LineSettingsCard } from './line-settings';
import './messages';
import { PasswordCard, SignOutEverywhereCard } from './password-settings';

const themes: { value: Theme; labelKey: string }[] = [
  { value: 'light', labelKey: 'accounts.themeLight' },
  { value: 'dark', labelKey: 'accounts.themeDark' },
  { value: 'auto', labelKey: 'accounts.themeAuto' },
];

export function SettingsPage() {
  const { t, locale, setLocale } = useI18n();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { current: farm } = useCurrentFarm();
  // The choice shows at once (a discrete click re-renders before the next paint), before the server confirms it.
  const [chosen, setChosen] = useState<Theme | null>(null);
  const saveTheme = useMutation({
    mutationFn: (theme: Theme) => saveUserTheme(me!.id, theme),
    onMutate: (theme) => {
      const previous = storedTheme();
      applyTheme(theme);
      return { previous };
    },
    onError: (_error, _theme, context) => {
      setChosen(null);
      if (context) applyTheme(context.previous);
    },
    onSuccess: (user) => queryClient.setQueryData(meQuery.queryKey, user),
  });

  if (!me) return <Loading />;
  const currentTheme = chosen ?? me.theme;
  return (
    <div className="page">
      <h1>{t('accounts.settingsTitle')}</h1>
      <section className="card">
        <fieldset className="choice-group">
          <legend>{t('accounts.theme')}</legend>
          {themes.map((theme) => (
            <label key={theme.value} className="choice">
              <input
                type="radio"
                name="theme"
                value={theme.value}
                checked={currentTheme === theme.value}
                disabled={saveTheme.isPending}
                onChange={() => {
                  setChosen(theme.value);
                  saveTheme.mutate(theme.value);
                }}
              />
              {t(theme.labelKey)}
            </label>
          ))}
        </fieldset>
        <FormError message={describeError(saveTheme.error).message ?? describeError(saveTheme.error).fields.theme} />
        {saveTheme.isSuccess ? (
          <p className="muted" role="status">
            {t('accounts.themeSaved')}
          </p>
        ) : null}
      </section>
      <section className="card">
        <fieldset className="choice-group">
          <legend>{t('accounts.language')}</legend>
          {(['ja', 'en'] as Locale[]).map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="locale"
                value={value}
                checked={locale === value}
                onChange={() => setLocale(value)}
              />
              {value === 'ja' ? '日本語' : 'English'}
            </label>
          ))}
        </fieldset>
      </section>
      <LineSettingsCard />
      <section className="card">
        <h2>{t('accounts.farm')}</h2>
        {farm ? <p>{farm.name}</p> : null}
        <Link to="/farms/members" className="button">
          <Users size={20} aria-hidden="true" />
          {t('nav.members')}
        </Link>
      </section>
      <PasswordCard me={me} />
      <SignOutEverywhereCard />
      <section className="card">
        <h2>{t('accounts.account')}</h2>
        <dl className="facts">
          <dt>{t('accounts.name')}</dt>
          <dd>{me.userName}</dd>
          <dt>{t('accounts.email')}</dt>
          <dd>{me.email}</dd>
        </dl>
        <button type="button" className="button button--danger" onClick={signOut}>
          {t('accounts.signOut')}
        </button>
      </section>
    </div>
  );
}
