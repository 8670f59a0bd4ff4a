import { defineMessages } from '../../lib/i18n';

defineMessages({
  ja: {
    census: {
      title: '飼養頭数（定期報告）',
      lead: '家畜伝染病予防法の定期報告（2月1日現在・4月15日まで）に使う頭数です。基準日に農場にいた牛を用途と区分で数えます。',
      date: '基準日',
      show: '表示',
      total: '合計 {{n}}頭',
      head: '{{n}}頭',
      purpose: '用途',
      category: '区分',
      count: '頭数',
      empty: '基準日に農場にいた牛はいません',
    },
  },
  en: {
    census: {
      title: 'Head count (annual report)',
      lead: 'The count for the annual report under the Domestic Animal Infectious Diseases Control Act (as of 1 February, due 15 April): the animals on the farm that day, by purpose and category.',
      date: 'As of',
      show: 'Show',
      total: 'Total {{n}} head',
      head: '{{n}}',
      purpose: 'Purpose',
      category: 'Category',
      count: 'Head',
      empty: 'No animals were on the farm that day',
    },
  },
});
