import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';

const sent: unknown[] = [];
let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
vi.mock('../../api/tasks', () => ({
  taskKeys: { all: ['tasks'] },
  doneTask: vi.fn(),
  skipTask: (id: number, reason: string) => {
    sent.push({ id, reason });
    return new Promise((resolve, reject) => {
      answer = { resolve, reject };
    });
  },
}));

const { SkipForm } = await import('./skip-form');

function renderForm() {
  sent.length = 0;
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SkipForm taskId={7} onClose={onClose} />
    </QueryClientProvider>,
  );
  const reason = () => screen.getByLabelText('スキップの理由') as HTMLInputElement;
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'スキップ' }));
  return { onClose, reason, submit };
}

afterEach(cleanup);

describe('SkipForm (§22)', () => {
  it('starts empty, required, with no error', () => {
    const form = renderForm();
    expect(form.reason().value).toBe('');
    expect(form.reason().required).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an empty reason with the API’s message and sends nothing', () => {
    const form = renderForm();
    fireEvent.change(form.reason(), { target: { value: '   ' } });
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('理由は1〜200文字で入力してください');
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal (done meanwhile) and stays open', async () => {
    const form = renderForm();
    fireEvent.change(form.reason(), { target: { value: '獣医の指示' } });
    form.submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    answer?.reject(new ApiError(409, 'TASK_ALREADY_DONE', 'この作業は完了済みです'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('この作業は完了済みです'));
    expect(form.onClose).not.toHaveBeenCalled();
  });

  it('is saving while the request runs, then saved and closed', async () => {
    const form = renderForm();
    fireEvent.change(form.reason(), { target: { value: '獣医の指示' } });
    form.submit();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /スキップ/ }).getAttribute('aria-busy')).toBe('true'),
    );
    expect(sent).toEqual([{ id: 7, reason: '獣医の指示' }]);
    answer?.resolve({ id: 7, status: 'skipped' });
    await waitFor(() => expect(form.onClose).toHaveBeenCalled());
  });
});
