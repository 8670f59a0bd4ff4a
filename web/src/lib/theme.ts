import type { Theme } from '@worker/accounts/accounts.schemas';

const STORAGE_KEY = 'ushicho.theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedTheme(): Theme {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'dark' || value === 'auto' ? value : 'light';
}

/** Applies a theme now and remembers it so index.html's inline theme script paints it before the next first paint. */
export function applyTheme(theme: Theme) {
  localStorage.setItem(STORAGE_KEY, theme);
  const dark = theme === 'dark' || (theme === 'auto' && media().matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function watchSystemTheme() {
  const listener = () => {
    if (storedTheme() === 'auto') applyTheme('auto');
  };
  media().addEventListener('change', listener);
  return () => media().removeEventListener('change', listener);
}
