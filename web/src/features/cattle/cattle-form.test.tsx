import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createCattleSchema, updateCattleSchema } from '@worker/cattle/cattle.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CattleDetail } from '../../api/cattle';
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
  // The roster kept on the phone: しおり (0381) living on the farm.
  useRoster: () => ({
    data: {
      data: [
        { cattleId: 7, earTagNumber: '0381', name: 'しおり', identificationNumber: '1234503817', status: 'HEALTHY' },
        { cattleId: 8, earTagNumber: '0381', name: null, identificationNumber: '1234503818', status: 'PREGNANT' },
        { cattleId: 9, earTagNumber: '0500', name: 'こはな', identificationNumber: '1234505009', status: 'HEALTHY' },
      ],
    },
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

/** A calf with a dam, a full bloodline, notes and a memo: what an edit must leave alone. */
const calf = {
  cattleId: 9,
  name: 'こはな',
  identificationNumber: '1234505009',
  earTagNumber: '0500',
  gender: '雌',
  growthStage: 'CALF',
  birthday: '2026-10-01',
  breed: '黒毛和種',
  barn: '子牛舎',
  weight: 45.5,
  score: null,
  producerName: null,
  breedingValue: null,
  notes: '人工哺乳',
  bloodline: {
    fatherCattleName: '安福久',
    motherFatherCattleName: '美国桜',
    motherGrandFatherCattleName: null,
    motherGreatGrandFatherCattleName: null,
  },
  motherInfo: {
    motherCattleId: 1,
    motherName: 'はなこ',
    motherIdentificationNumber: null,
    motherScore: 4,
    motherEarTagNumber: '0100',
  },
  breedingStatus: { parity: 0, initialParity: 0, breedingMemo: '離乳前' },
} as unknown as CattleDetail;

const renderEdit = (initial: CattleDetail = calf) =>
  renderWithQueries(
    <CattleForm
      mode="edit"
      schema={updateCattleSchema}
      initial={initial}
      save={request.call}
      onSaved={(r) => saved.push(r)}
    />,
  );

describe('CattleForm (an edit sends only what changed, §5)', () => {
  it('shows the dam she has before the list of cows arrives', () => {
    renderEdit();
    const dam = screen.getByLabelText('母牛（登録済みの牛から選ぶ）') as HTMLSelectElement;
    expect(dam.value).toBe('1');
    expect(dam.selectedOptions[0]?.textContent).toBe('0100 はなこ');
  });

  it('a rename sends the name alone: never the dam, the bloodline, the notes or the memo', async () => {
    renderEdit();
    set('名前', 'こはる');
    fireEvent.click(button('保存する'));
    await waitFor(() => expect(request.sent).toHaveLength(1));
    expect(request.sent).toEqual([{ name: 'こはる' }]);
  });

  it('a nested change sends only its own key; a value typed as she has it is no change', async () => {
    renderEdit();
    set('父牛', '福之姫');
    set('体重（kg）', '４５．５');
    fireEvent.click(button('保存する'));
    await waitFor(() => expect(request.sent).toHaveLength(1));
    // 45.5 typed full-width is the weight she has: not a change.
    expect(request.sent).toEqual([{ bloodline: { fatherCattleName: '福之姫' } }]);
  });

  it('a cleared field is sent as null (the farmer asked for it), and a typed parity at the top level', async () => {
    renderEdit({ ...calf, breedingStatus: { parity: null, initialParity: null, breedingMemo: null } } as never);
    expect((screen.getByLabelText('産次') as HTMLInputElement).value).toBe('');
    set('備考', '');
    set('産次', '3');
    fireEvent.click(button('保存する'));
    await waitFor(() => expect(request.sent).toHaveLength(1));
    expect(request.sent).toEqual([{ notes: null, parity: 3 }]);
  });
});

describe('CattleForm: the ear-tag warning before saving (§5)', () => {
  it('names each other living animal with the typed tag, by name or 個体識別番号; saving stays allowed', async () => {
    renderNew();
    expect(screen.queryByRole('status')).toBeNull();
    set('耳標番号', '０３８１');
    expect(screen.getByRole('status').textContent).toBe(
      '耳標0381の牛がほかにいます（しおり）耳標0381の牛がほかにいます（1234503818）',
    );
    fillRequired();
    fireEvent.click(button('登録する'));
    await waitFor(() => expect(request.sent).toHaveLength(1));
    expect(request.sent[0]).toMatchObject({ earTagNumber: '0381' });
  });

  it("says nothing for the animal's own tag on its edit screen", () => {
    renderEdit();
    expect(screen.queryByRole('status')).toBeNull();
    set('耳標番号', '0381');
    expect(screen.getAllByText(/耳標0381の牛がほかにいます/)).toHaveLength(2);
  });
});
