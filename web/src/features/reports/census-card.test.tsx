import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { todayJst } from '@worker/domain/calendar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token';
import { setCurrentFarmId } from '../../lib/current-farm';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithQueries } from '../../test/render';
import { CensusCard } from './census-card';
import '../../lib/messages';

let answer: (date: string | null) => Response;
let stub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  setToken('t');
  setCurrentFarmId(3);
  stub = stubFetch((request) =>
    request.path === '/api/v1/reports/census' ? answer(request.query.get('date')) : undefined,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setCurrentFarmId(null);
});

const census = () => stub.to('GET', '/api/v1/reports/census');

describe('CensusCard: the 1 February head count (§21)', () => {
  it('asks for 1 February of this year and shows the count by purpose and category, with the total', async () => {
    answer = (date) =>
      json(200, {
        data: {
          date,
          total: 12,
          groups: [
            { purpose: 'beef', category: 'breeding', count: 9 },
            { purpose: 'beef', category: 'calf', count: 3 },
          ],
        },
      });
    renderWithQueries(<CensusCard />);
    await screen.findByText('合計 12頭');
    expect(census().map((r) => r.query.get('date'))).toEqual([`${todayJst().slice(0, 4)}-02-01`]);
    expect(census()[0].headers.get('X-Farm-Id')).toBe('3');
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    // 9 + 3 = 12 head, each group as its own row.
    expect(rows).toEqual(['肉用種繁殖雌牛9頭', '肉用種子牛（6か月未満）3頭']);
  });

  it('counts another day when one is chosen', async () => {
    answer = (date) =>
      json(200, {
        data: {
          date,
          total: date === '2025-02-01' ? 1 : 2,
          groups: [{ purpose: 'dairy', category: 'young', count: 1 }],
        },
      });
    renderWithQueries(<CensusCard />);
    await screen.findByText('合計 2頭');
    fireEvent.change(screen.getByLabelText('基準日'), { target: { value: '2025-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: '表示' }));
    await screen.findByText('合計 1頭');
    expect(census().at(-1)?.query.get('date')).toBe('2025-02-01');
  });

  it('says so when no animal was on the farm that day', async () => {
    answer = (date) => json(200, { data: { date, total: 0, groups: [] } });
    renderWithQueries(<CensusCard />);
    await screen.findByText('基準日に農場にいた牛はいません');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the API’s refusal with a retry that asks again', async () => {
    answer = () => json(403, { error: { code: 'FORBIDDEN', message: 'この牧場の情報は見られません', requestId: 'r' } });
    renderWithQueries(<CensusCard />);
    await screen.findByText('この牧場の情報は見られません', { exact: false });
    answer = (date) =>
      json(200, { data: { date, total: 4, groups: [{ purpose: 'cross', category: 'fattening', count: 4 }] } });
    fireEvent.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    await waitFor(() => expect(screen.getByText('合計 4頭')).toBeTruthy());
    expect(census()).toHaveLength(2);
  });
});
