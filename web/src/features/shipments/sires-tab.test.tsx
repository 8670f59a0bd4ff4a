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
  it('draws no bar for 不明, and a faint one for a sire with fewer than three graded calves', async () => {
    expect(MIN_GRADED_FOR_BAR).toBe(3);
    answer.sires = [stat('安福久', 3, 66.7), stat('耕富士', 1, 100), stat('不明', 3, 100)];
    renderWithQueries(<SiresTab />);
    const chart = await screen.findByRole('img');
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('class'))).toEqual([
      'sire-chart__bar',
      'sire-chart__bar sire-chart__bar--few',
    ]);
    expect(chart.textContent).toContain('66.7%（3頭中）');
    expect(chart.textContent).toContain('100%（1頭中）');
    expect(chart.textContent).not.toContain('不明');
    expect(screen.getByText('薄い棒は格付3頭未満（参考）。種雄牛不明の子は下の表にあります。')).toBeTruthy();
    // Every sire is in the table, with the calves behind each figure.
    const table = screen.getByRole('table');
    for (const name of ['安福久', '耕富士', '不明']) expect(table.textContent).toContain(name);
  });

  it('draws no chart when only calves of unknown sire are graded', async () => {
    answer.sires = [stat('耕富士', 1, null), stat('不明', 5, 40)];
    renderWithQueries(<SiresTab />);
    await screen.findByRole('table');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
