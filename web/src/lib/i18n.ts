import { useSyncExternalStore } from 'react';
import rosetta from 'rosetta';

export type Locale = 'ja' | 'en';
type Dict = Record<string, unknown>;

const STORAGE_KEY = 'ushicho.locale';
const i18n = rosetta<Dict>();
const listeners = new Set<() => void>();

function initialLocale(): Locale {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'ja';
  } catch {
    return 'ja';
  }
}

let current: Locale = initialLocale();
i18n.locale(current);

/** Each feature registers its own strings; Japanese is the source, English the translation. */
export function defineMessages<T extends Dict>(messages: { ja: T; en: T }) {
  i18n.set('ja', messages.ja);
  i18n.set('en', messages.en);
}

export function setLocale(locale: Locale) {
  current = locale;
  i18n.locale(locale);
  document.documentElement.lang = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  for (const fn of listeners) fn();
}

export const getLocale = () => current;

/** Translate outside React (e.g. in loaders). */
export const translate = (key: string, params?: Record<string, unknown>): string => i18n.t(key, params) || key;

export function useI18n() {
  const locale = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => current,
  );
  return { locale, t: translate, setLocale };
}
