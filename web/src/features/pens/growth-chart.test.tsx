import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Growth } from '../../api/pens';
import { renderWithQueries } from '../../test/render';
import { GrowthCard } from './growth-chart';

/** The growth card (docs/product.md §26): four weights over the 黒毛和種 female curve, with the units on the axes. */
const growth: Growth = {
  points: [
    { date: '2026-08-30', weightKg: 276.2, source: 'weight' },
    { date: '2026-09-29', weightKg: 287.7, source: 'weight' },
    { date: '2026-10-29', weightKg: 298.5, source: 'weight' },
    { date: '2026-11-21', weightKg: 303.3, source: 'weight' },
  ],
  // (303.3 − 276.2) ÷ 83 days = 0.33; (303.3 − 298.5) ÷ 23 days = 0.21.
  dg: { overall: 0.33, recent: 0.21 },
  standard: Array.from({ length: 37 }, (_, t) => ({
    ageMonths: t,
    weightKg: Math.round(473.9 * (1 - Math.exp(-0.055 * (t + 0.886))) * 10) / 10,
  })),
};

vi.mock('../../api/pens', () => ({
  growthQuery: (cattleId: number) => ({ queryKey: ['growth', cattleId], queryFn: async () => growth }),
}));

afterEach(cleanup);

describe('GrowthCard', () => {
  it('shows both daily gains, a point per weight over the curve, and the axes’ units', async () => {
    renderWithQueries(<GrowthCard cattleId={37} birthday="2025-06-28" />);
    const chart = await screen.findByRole('img', { name: '体重の推移と標準発育曲線' });
    expect(screen.getByTestId('dg-overall').textContent).toBe('0.33 kg/日');
    expect(screen.getByTestId('dg-recent').textContent).toBe('0.21 kg/日');
    expect(chart.querySelectorAll('circle')).toHaveLength(4);
    // The curve's 37 months drawn as one dashed line; the x axis runs 0–36 months in steps of 6.
    expect(chart.querySelector('.growth-chart__standard')?.getAttribute('points')?.split(' ')).toHaveLength(37);
    const units = [...chart.querySelectorAll('.growth-chart__unit')].map((u) => u.textContent);
    expect(units).toEqual(['kg', '月齢']);
    expect(document.querySelector('.growth-card__legend')?.textContent).toContain('標準（黒毛和種 雌）');
  });

  it('counts months from the first weight when the birthday is unknown', async () => {
    renderWithQueries(<GrowthCard cattleId={38} birthday={null} />);
    const chart = await screen.findByRole('img', { name: '体重の推移と標準発育曲線' });
    expect([...chart.querySelectorAll('.growth-chart__unit')].map((u) => u.textContent)).toEqual([
      'kg',
      '最初の体重からの月数',
    ]);
  });
});
