import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n';
import { EventTypeBadge } from './badges';

afterEach(() => {
  cleanup();
  setLocale('ja');
});

const badgeText = (eventType: string) => {
  const { container } = render(<EventTypeBadge eventType={eventType} />);
  const text = [...container.querySelectorAll('.event-badge > *')].map((part) => part.textContent);
  cleanup();
  return text;
};

describe('EventTypeBadge', () => {
  it('names a pen move as a move, never as a shipment', () => {
    setLocale('ja');
    expect(badgeText('MOVE_PEN')).toEqual(['出荷・移動', '牛房移動']);
    expect(badgeText('SHIPMENT')).toEqual(['出荷・移動', '出荷']);
    setLocale('en');
    expect(badgeText('MOVE_PEN')).toEqual(['Shipment & moves', 'Pen move']);
  });

  it('shows a type it does not know as it came, under その他', () => {
    setLocale('ja');
    expect(badgeText('NEW_KIND')).toEqual(['その他', 'NEW_KIND']);
  });
});
