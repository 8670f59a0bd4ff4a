import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { todayJst } from '@worker/domain/calendar';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../api/tasks';
import { setLocale } from '../../lib/i18n';

vi.mock('../../api/tasks', () => ({ taskKeys: { all: ['tasks'] }, doneTask: vi.fn() }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, params }: { children: ReactNode; params: { id: string } }) => (
    <a href={`/cattle/${params.id}`}>{children}</a>
  ),
}));

const { TaskList } = await import('./task-list');

const task = (over: Partial<Task>): Task => ({
  id: 1,
  cattleId: 10,
  earTagNumber: '0010',
  name: 'あやめ',
  programmeId: 5,
  programmeName: 'Ovsynch（定時授精）',
  enrolmentId: 3,
  stepIndex: 1,
  title: 'PGF2α',
  eventType: null,
  dueDate: todayJst(),
  status: 'open',
  assigneeUserId: null,
  doneAt: null,
  doneBy: null,
  eventId: null,
  skipReason: null,
  cancelReason: null,
  ...over,
});

afterEach(cleanup);

describe('a task card (§22 turn 4)', () => {
  it('a step a protocol’s stop cancelled shows 中止 and the reason, and no 完了', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TaskList
          tasks={[
            task({ status: 'cancelled', cancelReason: '中止：授精が記録されました' }),
            task({ id: 2, title: 'GnRH', status: 'cancelled' }),
            task({ id: 3, title: '分娩後検診' }),
          ]}
          canWrite
        />
      </QueryClientProvider>,
    );
    const [stopped, cancelled, open] = screen.getAllByRole('listitem');
    expect(stopped.textContent).toContain('中止：授精が記録されました');
    expect(stopped.textContent?.endsWith('中止')).toBe(true);
    expect(stopped.querySelector('button')).toBeNull();
    // Cancelled otherwise (a death, a deleted programme): 取消, no reason.
    expect(cancelled.textContent?.endsWith('取消')).toBe(true);
    expect(cancelled.textContent).not.toContain('中止');
    expect(open.querySelectorAll('button')).toHaveLength(2);
  });

  it('in English shows the example programme’s words in English, and a step the farmer named as typed', () => {
    setLocale('en');
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <TaskList
            tasks={[task({ title: '授精' }), task({ id: 2, title: 'うちの確認', programmeName: '自家製' })]}
            canWrite
          />
        </QueryClientProvider>,
      );
      const [ai, own] = screen.getAllByRole('listitem');
      expect(ai.textContent).toContain('AI');
      expect(ai.textContent).toContain('Ovsynch (timed AI)');
      expect(ai.textContent).not.toContain('定時授精');
      expect(own.textContent).toContain('うちの確認');
      expect(own.textContent).toContain('自家製');
    } finally {
      setLocale('ja');
    }
  });
});
