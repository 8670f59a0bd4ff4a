import { useSyncExternalStore } from 'react';
import rosetta from 'rosetta';

export type Locale = 'ja' | 'en';
type Dict = Record<string, unknown>;
/** An English count: '1 calf' / '3 calves'. Japanese has one form, so its messages stay plain strings. */
type Plural = { one: string; other: string };
/** English mirrors the Japanese keys; any string may become a Plural. */
type Translation<T> = { [K in keyof T]: T[K] extends string ? string | Plural : Translation<T[K]> };

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
export function defineMessages<T extends Dict>(messages: { ja: T; en: Translation<NoInfer<T>> }) {
  i18n.set('ja', messages.ja);
  i18n.set('en', messages.en);
}

export function setLocale(locale: Locale) {
  current = locale;
  i18n.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  for (const fn of listeners) fn();
}

export const getLocale = () => current;

const pluralRules = { ja: new Intl.PluralRules('ja'), en: new Intl.PluralRules('en') };

/** The number a plural message counts: `count`, else its first numeric parameter. */
const countOf = (params?: Record<string, unknown>) =>
  typeof params?.count === 'number' ? params.count : Object.values(params ?? {}).find((v) => typeof v === 'number');

/**
 * Translate outside React (e.g. in loaders). A Plural message takes the form of its count in the current locale
 * (Intl.PluralRules), so every count reads right: '1 calf', '2 calves'.
 */
export const translate = (key: string, params?: Record<string, unknown>): string => {
  const count = countOf(params);
  if (typeof count === 'number') {
    const form = i18n.t(`${key}.${pluralRules[current].select(count)}`, params) || i18n.t(`${key}.other`, params);
    if (typeof form === 'string' && form) return form;
  }
  const text = i18n.t(key, params);
  return typeof text === 'string' && text ? text : key;
};

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
