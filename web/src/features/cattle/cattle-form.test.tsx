import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createCattleSchema } from '@worker/cattle/cattle.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { CattleForm } from './cattle-form';

vi.mock('../../api/cattle', () => ({
  // The mother picker's list of cows: none on this farm yet.
  cattleListQuery: () => ({
    queryKey: ['cattle', 'list'],
    queryFn: async () => ({ results: [], nextCursor: null }),
    initialPageParam: null,
    getNextPageParam: () => null,
  }),
}));

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillRequired = () => {
  set('名前', 'はなこ');
  set('個体識別番号（10桁）', '1234567890');
  set('性別', '雌');
  set('成長段階', 'MULTI_PAROUS');
};

let request: ReturnType<typeof deferred<{ cattleId: number }>>;
let saved: unknown[];
beforeEach(() => {
  request = deferred();
  saved = [];
});
afterEach(cleanup);

const renderNew = () =>
  renderWithQueries(
    <CattleForm mode="create" schema={createCattleSchema} save={request.call} onSaved={(r) => saved.push(r)} />,
  );

describe('CattleForm (a new animal)', () => {
  it('starts empty: name, ID number, sex and stage required', () => {
    renderNew();
    expect((screen.getByLabelText('名前') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('個体識別番号（10桁）') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('性別') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a form without its required fields, sending nothing', () => {
    renderNew();
    fireEvent.click(button('登録する'));
    for (const label of ['名前', '個体識別番号（10桁）', '性別', '成長段階'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(request.sent).toEqual([]);
  });

  it("is saving, then shows the API's refusal beside the ID number", async () => {
    renderNew();
    fillRequired();
    set('体重（kg）', '４５０');
    fireEvent.click(button('登録する'));
    await waitFor(() => expect(button('登録する').disabled).toBe(true));
    expect(request.sent).toMatchObject([
      { name: 'はなこ', identificationNumber: '1234567890', gender: '雌', growthStage: 'MULTI_PAROUS', weight: 450 },
    ]);
    await request.reject(
      new ApiError(409, 'DUPLICATE', 'この個体識別番号はすでに登録されています', 'identificationNumber'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('この個体識別番号はすでに登録されています');
    expect(screen.getByLabelText('個体識別番号（10桁）').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a failure without a field as the form message', async () => {
    renderNew();
    fillRequired();
    fireEvent.click(button('登録する'));
    await request.reject(new ApiError(500, 'INTERNAL_ERROR', 'サーバーでエラーが発生しました'));
    expect((await screen.findByRole('alert')).textContent).toBe('サーバーでエラーが発生しました');
  });

  it('hands the saved animal to the page', async () => {
    renderNew();
    fillRequired();
    fireEvent.click(button('登録する'));
    await request.resolve({ cattleId: 31 });
    await waitFor(() => expect(saved).toEqual([{ cattleId: 31 }]));
  });
});
