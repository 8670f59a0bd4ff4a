import { REFERRAL_SOURCES } from '@worker/waiting-list/waiting-list.schemas';
import { defineMessages, translate } from './i18n';

defineMessages({
  ja: {
    referral: {
      search: 'インターネット検索',
      sns: 'SNS（X・Instagram・Facebook など）',
      line: 'LINE',
      friend: '知人・農家仲間の紹介',
      ja: 'JA・農協',
      dealer: '家畜商・獣医師・授精師',
      event: '展示会・セミナー',
      media: '新聞・雑誌・業界誌',
      other: 'その他',
    },
  },
  en: {
    referral: {
      search: 'Web search',
      sns: 'Social media (X, Instagram, Facebook…)',
      line: 'LINE',
      friend: 'A friend or fellow farmer',
      ja: 'JA (agricultural co-op)',
      dealer: 'Livestock dealer, vet or AI technician',
      event: 'Trade show or seminar',
      media: 'Newspaper or magazine',
      other: 'Other',
    },
  },
});

export { REFERRAL_SOURCES };

/** The label of a known source in the current language; free text from the API is shown as it is. */
export const referralLabel = (source: string | null): string =>
  source && (REFERRAL_SOURCES as readonly string[]).includes(source) ? translate(`referral.${source}`) : (source ?? '');
