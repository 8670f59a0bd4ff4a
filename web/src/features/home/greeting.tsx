import { greetingOf } from '@worker/domain/home';
import { defineMessages, useI18n } from '../../lib/i18n';

// A top-level key of its own: a feature's messages replace, not merge into, another's of the same top-level key.
defineMessages({
  ja: {
    homeGreeting: {
      morning: 'おはようございます、{{name}}さん',
      day: 'こんにちは、{{name}}さん',
      evening: 'こんばんは、{{name}}さん',
    },
  },
  en: {
    homeGreeting: { morning: 'Good morning, {{name}}', day: 'Hello, {{name}}', evening: 'Good evening, {{name}}' },
  },
});

/** Where the name goes in the translated greeting: a character no name contains. */
const NAME = '\u2063';

/**
 * Home's greeting of the hour, naming the person ('こんにちは、北 太郎さん'). The name and its さん are one box that
 * wraps only when it is wider than the line, so a 390 px phone never leaves 'ん' alone on a line; before the name is
 * known the greeting stands without it.
 */
export function HomeGreeting({ name, now = new Date() }: { name: string | null | undefined; now?: Date }) {
  const { t } = useI18n();
  const [before, after = ''] = t(`homeGreeting.${greetingOf(now)}`, { name: NAME }).split(NAME);
  if (!name) return <h1 className="home-greeting">{before.replace(/[、,]\s*$/, '')}</h1>;
  return (
    <h1 className="home-greeting">
      {before}
      <span className="home-greeting__name">
        {name}
        {after}
      </span>
    </h1>
  );
}
