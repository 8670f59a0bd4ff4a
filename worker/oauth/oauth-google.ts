import { decodeJwt } from 'jose';
import {
  cleanEmail,
  cleanPicture,
  exchangeCode,
  OAuthFailure,
  type OAuthProvider,
  oauthErrors,
  providerFetch,
} from './oauth-shared';

const GOOGLE_ENDPOINTS = {
  auth: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
};
const GOOGLE_SCOPES = 'openid profile email';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * The ID token comes straight from Google's token endpoint over TLS with our client secret, so OIDC Core §3.1.3.7
 * lets TLS stand in for its signature; its claims still bind it to this client, this sign-in (nonce) and this user.
 */
function checkIdToken(idToken: string | null, clientId: string, nonce: string): string {
  if (!idToken) throw new OAuthFailure('invalid_id_token');
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(idToken);
  } catch {
    throw new OAuthFailure('invalid_id_token');
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const valid =
    GOOGLE_ISSUERS.includes(String(claims.iss)) &&
    audience.includes(clientId) &&
    typeof claims.exp === 'number' &&
    claims.exp * 1000 > Date.now() &&
    claims.nonce === nonce &&
    typeof claims.sub === 'string';
  if (!valid) throw new OAuthFailure('invalid_id_token');
  return claims.sub as string;
}

export const googleProvider: OAuthProvider = {
  name: 'google',
  label: 'Google',
  isConfigured: (env) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),

  authorizationUrl(env, { state, nonce, codeChallenge, redirectUri }) {
    const url = new URL(env.GOOGLE_AUTH_URL || GOOGLE_ENDPOINTS.auth);
    url.search = new URLSearchParams({
      client_id: env.GOOGLE_CLIENT_ID!,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPES,
      state,
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    return url;
  },

  async profile(env, { code, verifier, nonce, redirectUri, log }) {
    const { accessToken, idToken } = await exchangeCode(
      env.GOOGLE_TOKEN_URL || GOOGLE_ENDPOINTS.token,
      {
        code,
        code_verifier: verifier,
        client_id: env.GOOGLE_CLIENT_ID!,
        client_secret: env.GOOGLE_CLIENT_SECRET!,
        redirect_uri: redirectUri,
      },
      log,
    );
    const subject = checkIdToken(idToken, env.GOOGLE_CLIENT_ID!, nonce);

    const response = await providerFetch(env.GOOGLE_USERINFO_URL || GOOGLE_ENDPOINTS.userinfo, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    });
    const info = response.ok ? ((await response.json().catch(() => null)) as Record<string, unknown> | null) : null;
    if (!info || typeof info.sub !== 'string') {
      log('warn', 'google userinfo failed', { status: response.status });
      throw oauthErrors.userInfoFailed();
    }
    if (info.sub !== subject) throw new OAuthFailure('invalid_id_token');
    const email = cleanEmail(info.email);
    if (!email || (info.email_verified !== true && info.email_verified !== 'true'))
      throw oauthErrors.emailNotVerified();
    return {
      subject,
      email,
      emailVerified: true,
      name: typeof info.name === 'string' ? info.name : null,
      picture: cleanPicture(info.picture),
    };
  },
};
