import { jwtVerify } from 'jose';
import { cleanEmail, cleanPicture, exchangeCode, OAuthFailure, type OAuthProvider } from './oauth-shared';

const LINE_ENDPOINTS = {
  auth: 'https://access.line.me/oauth2/v2.1/authorize',
  token: 'https://api.line.me/oauth2/v2.1/token',
};
const LINE_ISSUER = 'https://access.line.me';

const lineScopes = (requestEmail: string | undefined) =>
  requestEmail === 'true' ? 'openid profile email' : 'openid profile';

/** LINE Login v2.1 web-login ID tokens are HS256-signed with the channel secret. */
async function verifyIdToken(idToken: string | null, channelId: string, channelSecret: string, nonce: string) {
  if (!idToken) throw new OAuthFailure('invalid_id_token');
  try {
    const { payload } = await jwtVerify(idToken, new TextEncoder().encode(channelSecret), {
      algorithms: ['HS256'],
      issuer: LINE_ISSUER,
      audience: channelId,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
    });
    if (payload.nonce !== nonce || typeof payload.sub !== 'string') throw new Error('nonce or subject mismatch');
    return payload;
  } catch {
    throw new OAuthFailure('invalid_id_token');
  }
}

export const lineProvider: OAuthProvider = {
  name: 'line',
  label: 'LINE',
  isConfigured: (env) => Boolean(env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET),

  authorizationUrl(env, { state, nonce, codeChallenge, redirectUri }) {
    const url = new URL(env.LINE_AUTH_URL || LINE_ENDPOINTS.auth);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: env.LINE_CHANNEL_ID!,
      redirect_uri: redirectUri,
      state,
      scope: lineScopes(env.LINE_REQUEST_EMAIL),
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url;
  },

  async profile(env, { code, verifier, nonce, redirectUri, log }) {
    const { idToken } = await exchangeCode(
      env.LINE_TOKEN_URL || LINE_ENDPOINTS.token,
      {
        code,
        code_verifier: verifier,
        client_id: env.LINE_CHANNEL_ID!,
        client_secret: env.LINE_CHANNEL_SECRET!,
        redirect_uri: redirectUri,
      },
      log,
    );
    const claims = await verifyIdToken(idToken, env.LINE_CHANNEL_ID!, env.LINE_CHANNEL_SECRET!, nonce);
    return {
      subject: claims.sub!,
      email: cleanEmail(claims.email),
      emailVerified: false,
      name: typeof claims.name === 'string' ? claims.name : null,
      picture: cleanPicture(claims.picture),
    };
  },
};
