import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { HomeGreeting } from './greeting';
// Home's own messages, loaded after the greeting's as in the app: they must not take the greeting's away.
import './home-page';

// 06:00, 12:00 and 20:00 JST (UTC+9).
const at = (jstHour: number) => new Date(Date.UTC(2026, 10, 28, jstHour - 9));

afterEach(() => {
  cleanup();
  setLocale('ja');
});

describe('HomeGreeting', () => {
  it('names the person with さん, the name and さん in one box that wraps as a whole', () => {
    render(<HomeGreeting name="北 太郎" now={at(12)} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('こんにちは、北 太郎さん');
    const box = heading.querySelector('.home-greeting__name');
    expect(box?.textContent).toBe('北 太郎さん');
  });

  it('greets by the hour in Japan', () => {
    render(<HomeGreeting name="北 太郎" now={at(6)} />);
    expect(screen.getByRole('heading').textContent).toBe('おはようございます、北 太郎さん');
    cleanup();
    render(<HomeGreeting name="北 太郎" now={at(20)} />);
    expect(screen.getByRole('heading').textContent).toBe('こんばんは、北 太郎さん');
  });

  it('stands without the name before it is known, with no さん left over', () => {
    render(<HomeGreeting name={undefined} now={at(12)} />);
    expect(screen.getByRole('heading').textContent).toBe('こんにちは');
  });

  it('greets in English without さん', () => {
    setLocale('en');
    render(<HomeGreeting name="Taro Kita" now={at(12)} />);
    expect(screen.getByRole('heading').textContent).toBe('Hello, Taro Kita');
    expect(screen.getByRole('heading').querySelector('.home-greeting__name')?.textContent).toBe('Taro Kita');
  });
});
