import { escapeHtml } from '../lib/html';
import type { Locale } from './waiting-list.schemas';

const copy = {
  ja: {
    subject: '【牛帳】事前登録ありがとうございます',
    title: '事前登録を受け付けました',
    paragraphs: [
      '牛帳（うしちょう）の事前登録をいただき、ありがとうございます。',
      'サービスの準備ができ次第、このメールアドレスにご案内をお送りします。',
      'お心当たりのない場合は、このメールを破棄してください。',
    ],
    link: '牛帳について',
  },
  en: {
    subject: 'Ushichō: thank you for joining the waiting list',
    title: 'You are on the waiting list',
    paragraphs: [
      'Thank you for joining the Ushichō waiting list.',
      'We will write to this address as soon as your place is ready.',
      'If you did not sign up, please ignore this email.',
    ],
    link: 'About Ushichō',
  },
} as const;

/** The confirmation mail of the waiting list, in the visitor's language. */
export function preRegistrationMail(locale: Locale, appUrl: string) {
  const t = copy[locale];
  const link = `${appUrl.replace(/\/$/, '')}/`;
  return {
    subject: t.subject,
    text: `${t.paragraphs.join('\n\n')}\n\n${t.link}: ${link}\n\n牛帳 Ushichō`,
    html:
      `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1c1917;line-height:1.7">` +
      `<h1 style="font-size:20px">${escapeHtml(t.title)}</h1>` +
      t.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.link)}</a></p>` +
      `<p style="color:#78716c">牛帳 Ushichō</p></body></html>`,
  };
}
