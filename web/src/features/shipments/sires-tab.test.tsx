import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SireStat } from '../../api/shipments';
import { renderWithQueries } from '../../test/render';
import './messages';

const stat = (sireName: string, gradedCalves: number, grade45Rate: number | null): SireStat => ({
  sireName,
  calves: gradedCalves,
  meanPrice: 700_000,
  meanCarcassWeightKg: 480,
  meanBms: 6,
  grade45Rate,
  weighedCalves: gradedCalves,
  bmsCalves: gradedCalves,
  gradedCalves,
});

const answer = vi.hoisted(() => ({ sires: [] as unknown[] }));
vi.mock('../../api/shipments', () => ({
  sireStatsQuery: () => ({ queryKey: ['sires'], queryFn: async () => answer.sires }),
}));

const { SiresTab, MIN_GRADED_FOR_BAR } = await import('./sires-tab');

afterEach(cleanup);

describe('the sire chart (§9.3, decision 058)', () => {
  it('draws a bar only for a known sire with enough graded calves; the rest stay in the table', async () => {
    expect(MIN_GRADED_FOR_BAR).toBe(3);
    answer.sires = [stat('安福久', 3, 66.7), stat('耕富士', 1, 100), stat('不明', 3, 100)];
    renderWithQueries(<SiresTab />);
    const chart = await screen.findByRole('img');
    const bars = chart.querySelectorAll('rect.sire-chart__bar');
    expect(bars).toHaveLength(1);
    expect(chart.textContent).toContain('安福久');
    expect(chart.textContent).toContain('66.7%（3頭中）');
    expect(chart.textContent).not.toContain('耕富士');
    expect(chart.textContent).not.toContain('不明');
    expect(screen.getByText('格付3頭以上の種雄牛のみ。不明と3頭未満は下の表にあります。')).toBeTruthy();
    // Every sire is in the table, with the calves behind each figure.
    const table = screen.getByRole('table');
    for (const name of ['安福久', '耕富士', '不明']) expect(table.textContent).toContain(name);
  });

  it('says no sire has enough graded calves yet instead of drawing one-calf bars', async () => {
    answer.sires = [stat('耕富士', 1, 100), stat('不明', 5, 40)];
    renderWithQueries(<SiresTab />);
    expect(await screen.findByText('格付3頭以上の種雄牛はまだいません。数値は下の表にあります。')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
