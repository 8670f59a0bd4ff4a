import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { todayJst } from '@worker/domain/calendar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';

const sent: unknown[] = [];
let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
vi.mock('../../api/tasks', () => ({
  taskKeys: { all: ['tasks'] },
  programmesQuery: {
    queryKey: ['tasks', 'programmes'],
    queryFn: async () => [{ id: 5, name: 'Ovsynch（定時授精）', trigger: { kind: 'manual' }, steps: [] }],
  },
  enrolCattle: (id: number, body: unknown) => {
    sent.push({ id, body });
    return new Promise((resolve, reject) => {
      answer = { resolve, reject };
    });
  },
}));
vi.mock('../../api/cattle', () => ({
  useRoster: () => ({
    data: {
      data: [
        { cattleId: 1, earTagNumber: '0010', name: 'はな', status: 'HEALTHY' },
        { cattleId: 2, earTagNumber: '0011', name: 'ゆり', status: 'PREGNANT' },
        { cattleId: 3, earTagNumber: '0012', name: 'さくら', status: 'DEAD' },
      ],
    },
  }),
}));
vi.mock('../../api/farms', () => ({ useCurrentFarm: () => ({ current: { id: 1, role: 'staff' } }) }));

const { EnrolForm } = await import('./enrol-dialog');

async function renderForm() {
  sent.length = 0;
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EnrolForm onClose={onClose} />
    </QueryClientProvider>,
  );
  await screen.findByRole('option', { name: 'Ovsynch（定時授精）' });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: '登録する' }));
  const pick = (label: string) => fireEvent.click(screen.getByLabelText(label));
  return { onClose, submit, pick };
}

afterEach(cleanup);

describe('EnrolForm (§22)', () => {
  it('starts empty: no cow picked, today as the start, the dead cow not offered', async () => {
    await renderForm();
    expect((screen.getByLabelText('開始日') as HTMLInputElement).value).toBe(todayJst());
    expect((screen.getByLabelText('0010 はな') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('0012 さくら')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses no cows with the API’s message and sends nothing', async () => {
    const form = await renderForm();
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('牛を1〜200頭選んでください');
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal', async () => {
    const form = await renderForm();
    form.pick('0010 はな');
    form.submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    answer?.reject(new ApiError(409, 'CATTLE_INACTIVE', '死亡・出荷済みの牛は登録できません'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('死亡・出荷済みの牛は登録できません'));
  });

  it('is saving while the request runs, then says what was made', async () => {
    const form = await renderForm();
    form.pick('0010 はな');
    form.pick('0011 ゆり');
    form.submit();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /登録する/ }).getAttribute('aria-busy')).toBe('true'),
    );
    expect(sent).toEqual([{ id: 5, body: { cattleIds: [1, 2], startDate: todayJst() } }]);
    answer?.resolve({ enrolments: [{ id: 1 }, { id: 2 }], tasksCreated: 8 });
    await screen.findByText('2頭を登録し、作業を8件作成しました');
  });
});
