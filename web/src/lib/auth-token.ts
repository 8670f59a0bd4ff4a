import { TOKEN_KEY } from './first-screen';

const listeners = new Set<() => void>();

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  for (const fn of listeners) fn();
}

export function clearToken() {
  localStorage.removeItem(TOKEN_KEY);
  for (const fn of listeners) fn();
}

export function onTokenChange(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * The signed-in user's id, read from the token's payload (not verified here — the API does that): it keeps each
 * user's offline queue apart on a shared phone.
 */
export function currentUserId(): number | null {
  const payload = getToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    return typeof claims.userId === 'number' ? claims.userId : null;
  } catch {
    return null;
  }
}
