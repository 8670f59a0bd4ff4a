import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { todayJst } from '@worker/domain/calendar';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../api/tasks';

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
});
