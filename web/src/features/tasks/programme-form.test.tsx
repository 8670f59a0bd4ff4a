import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';

const sent: unknown[] = [];
let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
vi.mock('../../api/tasks', () => ({
  taskKeys: { all: ['tasks'] },
  createProgramme: (body: unknown) => {
    sent.push(body);
    return new Promise((resolve, reject) => {
      answer = { resolve, reject };
    });
  },
  updateProgramme: vi.fn(),
}));

const { ProgrammeForm } = await import('./programme-form');

function renderForm() {
  sent.length = 0;
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProgrammeForm onDone={onDone} />
    </QueryClientProvider>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
  return { onDone, type, submit };
}

afterEach(cleanup);

describe('ProgrammeForm (§22)', () => {
  it('starts empty: a blank name, a manual trigger and one step, no error', () => {
    renderForm();
    expect((screen.getByLabelText('プログラム名') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('開始のきっかけ') as HTMLSelectElement).value).toBe('manual');
    expect(screen.getAllByLabelText('手順名')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an invalid programme in place with the API’s messages, and sends nothing', () => {
    const form = renderForm();
    form.type('開始から（日）', '731');
    form.submit();
    expect(screen.getByText('プログラム名は1〜50文字で入力してください')).toBeTruthy();
    expect(screen.getByText('日数は0〜730の整数で入力してください')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal and stays open', async () => {
    const form = renderForm();
    form.type('プログラム名', 'ワクチン');
    form.type('開始から（日）', '0');
    form.type('手順名', '接種');
    form.submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    answer?.reject(new ApiError(400, 'VALIDATION_ERROR', 'プログラム名は1〜50文字で入力してください', 'name'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('プログラム名は1〜50文字'));
    expect(form.onDone).not.toHaveBeenCalled();
  });

  it('is saving while the request runs, then saved: the steps as numbers, the dialog closes', async () => {
    const form = renderForm();
    form.type('プログラム名', 'ワクチン');
    fireEvent.click(screen.getByRole('button', { name: '手順を追加' }));
    const days = screen.getAllByLabelText('開始から（日）');
    const titles = screen.getAllByLabelText('手順名');
    fireEvent.change(days[0], { target: { value: '0' } });
    fireEvent.change(titles[0], { target: { value: '接種' } });
    fireEvent.change(days[1], { target: { value: '30' } });
    fireEvent.change(titles[1], { target: { value: '追加接種' } });
    form.submit();
    await waitFor(() => expect(screen.getByRole('button', { name: /保存/ }).getAttribute('aria-busy')).toBe('true'));
    expect(sent).toEqual([
      {
        name: 'ワクチン',
        trigger: { kind: 'manual' },
        steps: [
          { day: 0, title: '接種' },
          { day: 30, title: '追加接種' },
        ],
      },
    ]);
    answer?.resolve({ id: 1 });
    await waitFor(() => expect(form.onDone).toHaveBeenCalled());
  });
});
