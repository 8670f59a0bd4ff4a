import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CattleListItem } from '../../api/cattle';
import { setLocale } from '../../lib/i18n';
import { HerdTable } from './cattle-list-parts';

vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));

/** A herd-list row with what the table shows; the rest of the API's row does not matter here. */
const row = (cattleId: number, name: string, animal: Partial<CattleListItem>): CattleListItem =>
  ({
    cattleId,
    earTagNumber: String(cattleId).padStart(4, '0'),
    name,
    pen: null,
    status: 'HEALTHY',
    withdrawal: null,
    breeding: { expectedCalvingDate: null, daysOpen: null },
    alerts: { alertCount: 0, highestSeverity: null },
    ...animal,
  }) as CattleListItem;

const rows = [
  row(1, 'こうし', { gender: '雌', growthStage: 'CALF', monthsOld: 0, daysOld: 12 }),
  row(2, 'ハナ', { gender: '雌', growthStage: 'GROWING', monthsOld: 10, daysOld: 305 }),
  row(3, 'はなこ', { gender: '雌', growthStage: 'MULTI_PAROUS', monthsOld: 62, daysOld: 1890 }),
  row(4, 'ふく', { gender: '去勢', growthStage: 'FATTENING', monthsOld: 20, daysOld: 610 }),
  row(5, 'ふめい', { gender: null, growthStage: null, monthsOld: null, daysOld: null }),
];
/** The sex and age cells of the row named `name`. */
const sexAndAge = (name: string) => {
  const cells = within(screen.getByRole('link', { name }).closest('tr') as HTMLElement).getAllByRole('cell');
  return [cells[3].textContent, cells[4].textContent];
};

afterEach(() => {
  cleanup();
  setLocale('ja');
});

describe('HerdTable (the herd on a wide screen)', () => {
  it('names sex and age as the phone rows do, in English: a calf, a heifer, a cow, a steer; a newborn in days', () => {
    setLocale('en');
    render(<HerdTable rows={rows} />);
    expect(sexAndAge('こうし')).toEqual(['Heifer calf', '12 days old']);
    expect(sexAndAge('ハナ')).toEqual(['Heifer', '10 mo']);
    expect(sexAndAge('はなこ')).toEqual(['Cow', '5 y 2 mo']);
    expect(sexAndAge('ふく')).toEqual(['Steer', '1 y 8 mo']);
    expect(sexAndAge('ふめい')[0]).toBe('—');
    expect(screen.queryByText('Cow/heifer')).toBeNull();
  });

  it('says 雌子牛 and 生後12日 in Japanese, 雌 for a heifer and a cow alike', () => {
    render(<HerdTable rows={rows} />);
    expect(sexAndAge('こうし')).toEqual(['雌子牛', '生後12日']);
    expect(sexAndAge('ハナ')).toEqual(['雌', '10か月']);
    expect(sexAndAge('はなこ')).toEqual(['雌', '5歳2か月']);
    expect(sexAndAge('ふく')).toEqual(['去勢', '1歳8か月']);
  });
});
