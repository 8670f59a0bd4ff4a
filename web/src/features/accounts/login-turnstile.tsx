import { Turnstile } from '@marsidev/react-turnstile';
import { useQuery } from '@tanstack/react-query';
import { DEVELOPMENT_TURNSTILE_TOKEN } from '@worker/waiting-list/waiting-list.schemas';
import { useEffect, useState } from 'react';
import { waitingListConfigQuery } from '../../api/accounts';
import { useI18n } from '../../lib/i18n';

/**
 * The Turnstile check the login form shows once the API answers TURNSTILE_REQUIRED (50 failed sign-ins for the
 * email, §3). Loaded only then (React.lazy), so the widget is not in the initial bundle. In development without a
 * site key the API skips verification, and the development token stands in. `onReady(true)` once the check's settings
 * have come (with the development token when it stands in): until then the form does not send.
 */
export default function LoginTurnstile({
  onToken,
  onReady,
  error,
}: {
  onToken: (token: string | null) => void;
  onReady: (ready: boolean) => void;
  error?: string;
}) {
  const { t, locale } = useI18n();
  const config = useQuery(waitingListConfigQuery);
  const siteKey = config.data?.turnstileSiteKey ?? null;
  const skipped = config.data?.turnstileRequired === false;
  const [failed, setFailed] = useState(false);
  const settled = !config.isPending;
  useEffect(() => {
    if (!settled) return;
    // One render with both: a sign-in sent as the form turns on carries the development token.
    if (skipped) onToken(DEVELOPMENT_TURNSTILE_TOKEN);
    onReady(true);
  }, [settled, skipped, onToken, onReady]);
  return (
    <fieldset
      className={`field${error ? ' field--error' : ''}`}
      aria-labelledby="login-check"
      data-testid="login-turnstile"
    >
      <span id="login-check" className="field__label">
        {t('accounts.loginCheck')}
      </span>
      <p className="field__hint">{t('accounts.loginCheckLead')}</p>
      {siteKey && !skipped && !failed ? (
        <Turnstile
          siteKey={siteKey}
          options={{ language: locale, size: 'flexible' }}
          scriptOptions={{ onError: () => setFailed(true) }}
          onSuccess={onToken}
          onExpire={() => onToken(null)}
          onError={() => setFailed(true)}
        />
      ) : null}
      {config.isPending ? <p className="field__hint">{t('accounts.loginCheckLoading')}</p> : null}
      {failed || config.isError || (config.isSuccess && !siteKey && !skipped) ? (
        <p className="field__hint">{t('accounts.loginCheckUnavailable')}</p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
