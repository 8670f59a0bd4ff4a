import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n';
import type { KeptRoster, RosterAnimal } from '../../lib/roster';
import { OfflineAnimal } from './offline-animal';

const kept = vi.hoisted(() => ({ roster: null as KeptRoster | null }));
vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
vi.mock('../../api/cattle', () => ({ useRoster: () => ({ isPending: false, data: kept.roster }) }));

/** Fetched on 2026-06-15 (daysOpen 106 that day), shown two days later with no signal. */
const hana: RosterAnimal = {
  cattleId: 30,
  identificationNumber: '1234567890',
  earTagNumber: '0030',
  name: 'はな',
  gender: '雌',
  breed: '黒毛和種',
  status: 'HEALTHY',
  growthStage: 'MULTI_PAROUS',
  birthday: '2020-04-01',
  penId: null,
  parity: 2,
  lastCalvingDate: '2026-03-01',
  lastServiceDate: '2026-05-20',
  conceptionDate: null,
  expectedCalvingDate: null,
  daysOpen: 106,
  withdrawalUntil: '2026-06-23',
};
const keep = (...animals: RosterAnimal[]) => {
  kept.roster = { etag: '"roster-1-7-2"', version: 7, data: animals, checkedAt: '2026-06-15T03:05:00.000Z' };
};
/** The value beside a fact's label in the breeding section. */
const fact = (label: string) => {
  const section = screen.getByRole('region', { name: /繁殖状況|Breeding status/ });
  return within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-17T03:00:00Z')); // 12:00 in Japan
  setLocale('ja');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setLocale('ja');
});

describe('OfflineAnimal (an animal never opened, from the kept roster)', () => {
  it('shows her breeding state with days open counted for today, the withdrawal, the time kept and the record buttons', () => {
    keep(hana);
    render(<OfflineAnimal id={30} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('はな');
    expect(fact('産次')).toBe('2');
    expect(fact('最終分娩日')).toBe('2026/03/01');
    expect(fact('最終授精日')).toBe('2026/05/20');
    expect(fact('分娩予定日')).toBe('—');
    // 2026-03-01 → 2026-06-17: 30 + 30 + 31 + 17 = 108 days (the roster said 106 two days ago).
    expect(fact('空胎日数')).toBe('108日');
    expect(screen.getByRole('note').textContent).toBe('休薬期間: 肉 2026/06/23まで');
    expect(screen.getByText('出荷制限中')).toBeTruthy();
    // 03:05 UTC is 12:05 in Japan.
    expect(screen.getByRole('status').textContent).toBe('最終更新 12:05（オフライン）');
    expect(screen.getByRole('link', { name: 'イベントを記録' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '授精' })).toBeTruthy();
    expect(screen.getByText('記録の一覧はオンラインで表示されます')).toBeTruthy();
  });

  it('in calf: days open fixed at the conception, and the calving due date', () => {
    keep({ ...hana, status: 'PREGNANT', conceptionDate: '2026-05-20', expectedCalvingDate: '2027-03-01' });
    render(<OfflineAnimal id={30} />);
    // 2026-03-01 → 2026-05-20: 30 + 30 + 19 = 80.
    expect(fact('空胎日数')).toBe('80日');
    expect(fact('分娩予定日')).toBe('2027/03/01');
  });

  it('says an unknown parity so, and shows no withdrawal once it has ended', () => {
    keep({ ...hana, parity: null, withdrawalUntil: '2026-06-16' });
    render(<OfflineAnimal id={30} />);
    expect(fact('産次')).toBe('産次不明');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText('出荷制限中')).toBeNull();
  });

  it('in English, with the same numbers', () => {
    setLocale('en');
    keep(hana);
    render(<OfflineAnimal id={30} />);
    expect(fact('Parity')).toBe('2');
    expect(fact('Last calving')).toBe('2026/03/01');
    expect(fact('Last service')).toBe('2026/05/20');
    expect(fact('Days open')).toBe('108 days');
    expect(screen.getByRole('status').textContent).toBe('Last updated 12:05 (offline)');
  });

  it('shows no breeding section from a roster kept before the server sent it, and says when she is not kept', () => {
    const { parity: _p, lastCalvingDate: _c, daysOpen: _d, withdrawalUntil: _w, ...old } = hana;
    keep(old);
    const { unmount } = render(<OfflineAnimal id={30} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('はな');
    expect(screen.queryByRole('region', { name: '繁殖状況' })).toBeNull();
    unmount();
    render(<OfflineAnimal id={31} />);
    expect(screen.getByText('オフラインのため、この牛を表示できません')).toBeTruthy();
  });
});
