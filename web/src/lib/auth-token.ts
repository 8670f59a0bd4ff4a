const TOKEN_KEY = 'ushicho.token';
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
