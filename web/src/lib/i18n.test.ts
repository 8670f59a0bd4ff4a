import { afterAll, describe, expect, it } from 'vitest';
import { defineMessages, setLocale, translate } from './i18n';

defineMessages({
  ja: { pluralTest: { calves: '子牛{{n}}頭', overdue: '{{days}}日超過', tag: '耳標 {{tag}}' } },
  en: {
    pluralTest: {
      calves: { one: '{{n}} calf', other: '{{n}} calves' },
      overdue: { one: '{{days}} day overdue', other: '{{days}} days overdue' },
      tag: 'Tag {{tag}}',
    },
  },
});

describe('counts in English take their plural form; Japanese has one', () => {
  afterAll(() => setLocale('ja'));

  it('says 1 calf and 2 calves, 0 calves', () => {
    setLocale('en');
    expect(translate('pluralTest.calves', { n: 1 })).toBe('1 calf');
    expect(translate('pluralTest.calves', { n: 2 })).toBe('2 calves');
    expect(translate('pluralTest.calves', { n: 0 })).toBe('0 calves');
    expect(translate('pluralTest.overdue', { days: 1 })).toBe('1 day overdue');
  });

  it('picks the form by `count` when the shown number is formatted text', () => {
    setLocale('en');
    expect(translate('pluralTest.calves', { n: '1,001', count: 1001 })).toBe('1,001 calves');
  });

  it('leaves a plain message and the Japanese as they are', () => {
    setLocale('en');
    expect(translate('pluralTest.tag', { tag: '0010' })).toBe('Tag 0010');
    setLocale('ja');
    expect(translate('pluralTest.calves', { n: 1 })).toBe('子牛1頭');
  });
});
