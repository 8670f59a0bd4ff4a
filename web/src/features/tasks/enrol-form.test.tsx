import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { todayJst } from '@worker/domain/calendar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';

const sent: unknown[] = [];
let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
const asked: [number, string][] = [];
vi.mock('../../api/tasks', () => ({
  taskKeys: { all: ['tasks'] },
  programmesQuery: {
    queryKey: ['tasks', 'programmes'],
    queryFn: async () => [
      { id: 5, name: 'Ovsynch（定時授精）', trigger: { kind: 'manual' }, steps: [] },
      { id: 6, name: '子牛ワクチン', trigger: { kind: 'manual' }, steps: [] },
    ],
  },
  // Ovsynch is for はな (open) and not ゆり (pregnant) nor たろう (a steer); the vaccination plan is for every animal.
  eligibilityQuery: (id: number, startDate: string) => ({
    queryKey: ['tasks', 'eligibility', id, startDate],
    queryFn: async () => {
      asked.push([id, startDate]);
      return [
        { cattleId: 1, status: 'HEALTHY', reason: null },
        { cattleId: 2, status: 'PREGNANT', reason: id === 5 ? '妊娠中' : null },
        { cattleId: 4, status: 'HEALTHY', reason: id === 5 ? '雌ではありません' : null },
      ];
    },
  }),
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
        { cattleId: 4, earTagNumber: '0013', name: 'たろう', status: 'HEALTHY' },
      ],
    },
  }),
}));
vi.mock('../../api/farms', () => ({ useCurrentFarm: () => ({ current: { id: 1, role: 'staff' } }) }));

const { EnrolForm } = await import('./enrol-form');

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

/** Waits for the eligibility of the programme to arrive and the animal to be offered. */
const pickable = (label: string) =>
  waitFor(() => expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(false));

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
    await pickable('0010 はな');
    form.pick('0010 はな');
    form.submit();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /登録する/ }).getAttribute('aria-busy')).toBe('true'),
    );
    expect(sent).toEqual([{ id: 5, body: { cattleIds: [1], startDate: todayJst() } }]);
    answer?.resolve({ enrolments: [{ id: 1 }], tasksCreated: 4, skipped: [{ cattleId: 2, reason: '妊娠中' }] });
    await screen.findByText('1頭を登録し、作業を4件作成しました');
    // An animal the server left out (found pregnant meanwhile) is named with its reason.
    expect(screen.getByText('1頭は対象外のため登録しませんでした')).toBeTruthy();
    expect(screen.getByText('0011 ゆり: 妊娠中')).toBeTruthy();
  });

  it('shows each animal’s status and greys out those the programme is not for, with the reason', async () => {
    await renderForm();
    await waitFor(() => expect(screen.getByText('対象外：妊娠中')).toBeTruthy());
    const pregnant = screen.getByLabelText('0011 ゆり') as HTMLInputElement;
    expect(pregnant.disabled).toBe(true);
    // Its status and reason are its description, read with it.
    const described = document.getElementById(pregnant.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('妊娠中対象外：妊娠中');
    expect((screen.getByLabelText('0013 たろう') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('対象外：雌ではありません')).toBeTruthy();
    const open = screen.getByLabelText('0010 はな') as HTMLInputElement;
    expect(open.disabled).toBe(false);
    expect(document.getElementById(open.getAttribute('aria-describedby') ?? '')?.textContent).toBe('健康');
    expect(asked).toContainEqual([5, todayJst()]);
  });

  it('asks again for another programme: the vaccination plan is for the pregnant cow too', async () => {
    await renderForm();
    await waitFor(() => expect((screen.getByLabelText('0011 ゆり') as HTMLInputElement).disabled).toBe(true));
    fireEvent.change(screen.getByLabelText(/プログラム/), { target: { value: '6' } });
    await waitFor(() => expect((screen.getByLabelText('0011 ゆり') as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByText(/対象外：/)).toBeNull();
    expect(asked).toContainEqual([6, todayJst()]);
  });
});
