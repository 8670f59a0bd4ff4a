import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token';
import { setCurrentFarmId } from '../../lib/current-farm';
import { json, stubFetch } from '../../test/fetch-stub';
import { HomePage } from './home-page';
import '../../lib/messages';

vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));

const calving = (cattleId: number, earTag: string, daysLeft: number) => ({
  date: '2026-12-01',
  kind: 'EXPECTED_CALVING',
  cattleId,
  cattleName: `牛${cattleId}`,
  cattleEarTagNumber: earTag,
  daysLeft,
});

/** GET /home of a farm of 13 head ever registered: 10 on the farm, 2 shipped, 1 dead. */
const home = (over: Record<string, unknown> = {}) => ({
  today: '2026-11-28',
  alerts: { results: [], total: 0, summary: {}, nextCursor: null, hasNext: false },
  statusCounts: {
    HEALTHY: 5,
    PREGNANT: 3,
    RESTING: 0,
    TREATING: 1,
    SCHEDULED_FOR_SHIPMENT: 1,
    SHIPPED: 2,
    DEAD: 1,
    total: 13,
  },
  kpi: {},
  calvings: [calving(1, '0101', -3), calving(2, '0102', 0), calving(3, '0103', 5)],
  recentEvents: [
    {
      eventId: 9,
      cattleId: 4,
      cattleName: 'ゆり',
      cattleEarTagNumber: '0010',
      eventType: 'INSEMINATION',
      eventDatetime: '2026-11-27T01:00:00Z',
    },
  ],
  withdrawal: { results: [], totalCount: 0 },
  tasks: [],
  isEmpty: false,
  ...over,
});

let homeAnswers: (() => Response)[];
let stub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  setToken('t');
  setCurrentFarmId(1);
  homeAnswers = [];
  stub = stubFetch((request) => {
    if (request.path === '/api/v1/users/me')
      return json(200, { data: { userName: '北 太郎', oauthProvider: 'email' } });
    if (request.path === '/api/v1/farms') return json(200, { data: [{ id: 1, name: '北牧場', role: 'owner' }] });
    if (request.path === '/api/v1/home') return homeAnswers.shift()?.();
    if (request.path === '/api/v1/farms/1/members') return json(200, { data: [{ userId: 1 }] });
    if (request.path === '/api/v1/notifications/settings') return json(200, { data: { lineLoginAvailable: false } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setCurrentFarmId(null);
});

const parts = { alerts: <p>今日のアラート枠</p>, kpiTiles: <p>繁殖成績の枠</p> };

/** The home screen with the app's query defaults (web/src/app.tsx: answers fresh for 30 s), without retries. */
const renderHome = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } })}>
      <HomePage {...parts} />
    </QueryClientProvider>,
  );
const homeCalls = () => stub.to('GET', '/api/v1/home');

describe('HomePage', () => {
  it('shows the day’s cards from one GET /home: herd, calvings by days left, recent records, and the other features’ parts', async () => {
    homeAnswers.push(() => json(200, { data: home() }));
    renderHome();

    // On the farm: 5 + 3 + 0 + 1 + 1 = 10 head (shipped and dead not counted).
    await screen.findByText('飼養頭数 10頭');
    const herd = screen.getByRole('region', { name: '牛群の状態' });
    expect(within(herd).getByText('健康').closest('a')?.textContent).toBe('健康5');
    expect(within(herd).getByText('出荷済み').closest('a')?.textContent).toBe('出荷済み2');

    const calvings = screen.getByRole('region', { name: '分娩予定（30日以内）' });
    expect(within(calvings).getByText('牛1').closest('a')?.textContent).toContain('3日超過');
    expect(within(calvings).getByText('牛2').closest('a')?.textContent).toContain('今日');
    expect(within(calvings).getByText('牛3').closest('a')?.textContent).toContain('あと5日');

    const recent = screen.getByRole('region', { name: '最近の記録' });
    expect(within(recent).getByText('ゆり').closest('a')?.getAttribute('href')).toBe('/cattle/$id');
    expect(within(recent).getByText('授精')).toBeTruthy();

    expect(screen.getByText('今日のアラート枠')).toBeTruthy();
    expect(screen.getByText('繁殖成績の枠')).toBeTruthy();
    // Home is one call: the cards shared with other screens (first steps, withdrawal) read its parts, not the API.
    expect(homeCalls()).toHaveLength(1);
    expect(stub.sent.map((r) => r.path).filter((p) => p.startsWith('/api/v1/cattle'))).toEqual([]);
  });

  it('says when no calving is due within 30 days', async () => {
    homeAnswers.push(() => json(200, { data: home({ calvings: [] }) }));
    renderHome();
    await screen.findByText('30日以内の分娩予定はありません');
  });

  it('a new, empty farm: the first steps for its owner and no recent-records card', async () => {
    const empty = { HEALTHY: 0, total: 0 };
    homeAnswers.push(() =>
      json(200, { data: home({ statusCounts: empty, calvings: [], recentEvents: [], isEmpty: true }) }),
    );
    renderHome();
    await screen.findByRole('heading', { name: 'はじめの一歩' });
    expect(screen.getByText('牛をまとめて取り込む').closest('a')?.getAttribute('href')).toBe('/cattle/import');
    expect(screen.queryByRole('region', { name: '最近の記録' })).toBeNull();
  });

  it('a failed GET /home shows the error and its retry, which asks again and shows the cards', async () => {
    homeAnswers.push(() =>
      json(500, { error: { code: 'INTERNAL_ERROR', message: 'サーバーでエラーが発生しました', requestId: 'r' } }),
    );
    homeAnswers.push(() => json(200, { data: home() }));
    renderHome();
    await screen.findByText('サーバーでエラーが発生しました', { exact: false });
    expect(screen.queryByText('今日のアラート枠')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    await screen.findByText('飼養頭数 10頭');
    expect(homeCalls()).toHaveLength(2);
  });
});
