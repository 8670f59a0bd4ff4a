import { useQuery } from '@tanstack/react-query';
import { providersQuery } from '../../api/accounts';
import { defineMessages, useI18n } from '../../lib/i18n';
import './oauth-buttons.css';
import { safeRedirect } from '../../components/public-layout';

defineMessages({
  ja: {
    oauth: {
      google: 'Googleでログイン',
      line: 'LINEでログイン',
      or: 'またはメールアドレスで',
      failedTitle: 'Google・LINEでのログインに失敗しました',
      access_denied: 'ログインがキャンセルされました。もう一度ボタンを押すか、メールアドレスでログインしてください。',
      email_in_use:
        'このメールアドレスは既に登録されています。前回と同じ方法（メールアドレスとパスワード、または前回使ったGoogleアカウント）でログインしてください。',
      invalid_id_token: 'ログイン情報を確認できませんでした。お手数ですが、もう一度お試しください。',
      provider_error: 'Google・LINE側でエラーが起きました。時間をおいてもう一度お試しください。',
      server_error:
        'ログインの途中でエラーが起きました。時間をおいてもう一度お試しいただくか、メールアドレスでログインしてください。',
    },
  },
  en: {
    oauth: {
      google: 'Sign in with Google',
      line: 'Log in with LINE',
      or: 'or with your email',
      failedTitle: 'Signing in with Google or LINE did not work',
      access_denied: 'Sign-in was cancelled. Press the button again, or sign in with your email.',
      email_in_use:
        'This email is already registered. Please sign in the way you did before (email and password, or the Google account you used).',
      invalid_id_token: 'We could not confirm your sign-in. Please try again.',
      provider_error: 'Google or LINE reported an error. Please try again in a little while.',
      server_error: 'Something went wrong while signing you in. Please try again later, or sign in with your email.',
    },
  },
});

const REDIRECT_KEY = 'ushicho.redirect';
const KNOWN_DETAILS = ['access_denied', 'email_in_use', 'invalid_id_token', 'provider_error', 'server_error'];

/** The sign-in leaves the app; /auth/callback reads this to go where the user was headed. */
function rememberRedirect(redirect: string | undefined) {
  try {
    sessionStorage.setItem(REDIRECT_KEY, safeRedirect(redirect));
  } catch {
    /* storage blocked: the callback falls back to /home */
  }
}

function GoogleMark() {
  return (
    <svg className="oauth-button__mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

function LineMark() {
  return (
    <svg className="oauth-button__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.365 9.863c.349 0 .63.285.63.631 0 .345-.281.63-.63.63H17.61v1.125h1.755c.349 0 .63.283.63.63 0 .344-.281.629-.63.629h-2.386c-.345 0-.627-.285-.627-.629V8.108c0-.345.282-.63.63-.63h2.386c.346 0 .627.285.627.63 0 .349-.281.63-.63.63H17.61v1.125h1.755zm-3.855 3.016c0 .27-.174.51-.432.596-.064.021-.133.031-.199.031-.211 0-.391-.09-.51-.25l-2.443-3.317v2.94c0 .344-.279.629-.631.629-.346 0-.626-.285-.626-.629V8.108c0-.27.173-.51.43-.595.06-.023.136-.033.194-.033.195 0 .375.104.495.254l2.462 3.33V8.108c0-.345.282-.63.63-.63.345 0 .63.285.63.63v4.771zm-5.741 0c0 .344-.282.629-.631.629-.345 0-.627-.285-.627-.629V8.108c0-.345.282-.63.63-.63.346 0 .628.285.628.63v4.771zm-2.466.629H4.917c-.345 0-.63-.285-.63-.629V8.108c0-.345.285-.63.63-.63.348 0 .63.285.63.63v4.141h1.756c.348 0 .629.283.629.63 0 .344-.282.629-.629.629M24 10.314C24 4.943 18.615.572 12 .572S0 4.943 0 10.314c0 4.811 4.27 8.842 10.035 9.608.391.082.923.258 1.058.59.12.301.079.766.038 1.08l-.164 1.02c-.045.301-.24 1.186 1.049.645 1.291-.539 6.916-4.078 9.436-6.975C23.176 14.393 24 12.458 24 10.314"
      />
    </svg>
  );
}

/** "Googleでログイン" / "LINEでログイン" in each brand's style; a provider that is not configured is not shown. */
export function OAuthButtons({ redirect }: { redirect?: string }) {
  const { t } = useI18n();
  const { data } = useQuery(providersQuery);
  if (!data?.google && !data?.line) return null;
  return (
    <div className="oauth">
      {data.google ? (
        <a
          className="oauth-button oauth-button--google"
          href="/api/v1/oauth/google"
          onClick={() => rememberRedirect(redirect)}
        >
          <GoogleMark />
          <span className="oauth-button__label">{t('oauth.google')}</span>
        </a>
      ) : null}
      {data.line ? (
        <a
          className="oauth-button oauth-button--line"
          href="/api/v1/oauth/line"
          onClick={() => rememberRedirect(redirect)}
        >
          <LineMark />
          <span className="oauth-button__label">{t('oauth.line')}</span>
        </a>
      ) : null}
      <p className="oauth__divider">
        <span>{t('oauth.or')}</span>
      </p>
    </div>
  );
}

/** /login?error=oauth_failed&details=… explained in words a farmer can act on. */
export function OAuthFailureNotice({ error, details }: { error?: string; details?: string }) {
  const { t } = useI18n();
  if (error !== 'oauth_failed') return null;
  const reason = details && KNOWN_DETAILS.includes(details) ? details : 'server_error';
  return (
    <div className="alert alert--error oauth-failure" role="alert">
      <p>
        <strong>{t('oauth.failedTitle')}</strong>
      </p>
      <p>{t(`oauth.${reason}`)}</p>
    </div>
  );
}
