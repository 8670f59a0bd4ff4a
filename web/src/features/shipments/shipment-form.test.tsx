import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { todayJst } from '@worker/domain/calendar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentListItem } from '../../api/shipments';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { ShipmentForm } from './shipment-form';
import './messages';

const api = vi.hoisted(() => ({ create: vi.fn(), update: vi.fn() }));
vi.mock('./mutations', () => ({
  useShipmentMutations: () => ({ create: { mutateAsync: api.create }, update: { mutateAsync: api.update } }),
}));
// The picker's search is its own concern: here it only shows the form's error for the animal.
vi.mock('./animal-picker', () => ({
  AnimalPicker: ({ error }: { error?: string }) => (
    <p role="alert" data-testid="picker">
      {error}
    </p>
  ),
}));

const steer = { cattleId: 42, name: 'てすと号', earTagNumber: '1234567890', identificationNumber: '1234567890' };

let request: ReturnType<typeof deferred<unknown>>;
let done: string[];
beforeEach(() => {
  request = deferred();
  api.create.mockImplementation(request.call);
  api.update.mockImplementation(request.call);
  done = [];
});
afterEach(cleanup);

const renderShipment = (props: { animal?: typeof steer | null; editing?: ShipmentListItem } = { animal: steer }) =>
  renderWithQueries(<ShipmentForm {...props} onDone={(m) => done.push(m)} onCancel={() => {}} />);

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const TO_NAME = '出荷先の名前（市場・と畜場など）';
const hintOf = (label: string) => document.getElementById(field(label).getAttribute('aria-describedby') ?? '');

describe('ShipmentForm: recording a shipment', () => {
  it('starts empty: today, no price, no buyer, no error — for the animal it was opened on', () => {
    renderShipment();
    expect(screen.getByText('てすと号', { exact: false })).toBeTruthy();
    expect(field('出荷日').value).toBe(todayJst());
    expect(field('価格（円）').value).toBe('');
    expect(field('出荷先').value).toBe('');
    expect(field(TO_NAME).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('記録する').disabled).toBe(false);
  });

  it("says the filing's name falls back to the buyer, naming the buyer once typed", () => {
    renderShipment();
    expect(hintOf(TO_NAME)?.textContent).toBe(
      '空のままなら上の「出荷先」で届け出ます。届出の相手（と畜場など）が違うときだけ入力します。',
    );
    type('出荷先', '全農 鹿児島中央家畜市場');
    expect(hintOf(TO_NAME)?.textContent).toBe(
      '空のままなら出荷先「全農 鹿児島中央家畜市場」で届け出ます。届出の相手（と畜場など）が違うときだけ入力します。',
    );
  });

  it('refuses a price that is not a positive whole number in place, sending nothing', () => {
    renderShipment();
    type('価格（円）', '-5');
    fireEvent.click(button('記録する'));
    expect(field('価格（円）').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('価格は正の整数である必要があります');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('refuses a shipment without an animal beside the picker', () => {
    renderShipment({ animal: null });
    type('価格（円）', '1200000');
    fireEvent.click(button('記録する'));
    expect(screen.getByTestId('picker').textContent).not.toBe('');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('is saving while the request runs, sending the numbers as read and no carcass', async () => {
    renderShipment();
    type('価格（円）', '１，２３４，０００');
    type('体重（kg）', '785.5');
    type('出荷先', '東京都中央卸売市場食肉市場');
    fireEvent.click(button('記録する'));
    await waitFor(() => expect(button('記録する').disabled).toBe(true));
    expect(button('記録する').getAttribute('aria-busy')).toBe('true');
    expect(request.sent[0]).toMatchObject({
      cattleId: 42,
      shipmentDate: todayJst(),
      price: 1_234_000,
      weight: 785.5,
      buyer: '東京都中央卸売市場食肉市場',
      toName: null,
      carcass: null,
    });
  });

  it("shows the API's 400 details on their field", async () => {
    renderShipment();
    type('価格（円）', '1200000');
    type(TO_NAME, '南九州畜産興業');
    fireEvent.click(button('記録する'));
    await request.reject(
      new ApiError(400, 'VALIDATION_ERROR', '入力内容を確認してください', undefined, [
        { field: 'toFarmerCode', message: '農家コードは数字1〜10桁で入力してください' },
      ]),
    );
    await waitFor(() => expect(field('出荷先の農家コード').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('農家コードは数字1〜10桁で入力してください');
  });

  it('shows a refusal no field holds as the form message', async () => {
    renderShipment();
    type('価格（円）', '1200000');
    fireEvent.click(button('記録する'));
    await request.reject(new ApiError(409, 'CONFLICT', '休薬期間中のため出荷できません（2026-12-01まで）'));
    expect((await screen.findByRole('alert')).textContent).toBe('休薬期間中のため出荷できません（2026-12-01まで）');
    expect(button('記録する').disabled).toBe(false);
  });

  it('hands the saved message to the screen, or the queued one offline', async () => {
    renderShipment();
    type('価格（円）', '1200000');
    fireEvent.click(button('記録する'));
    await request.resolve({ data: {} });
    await waitFor(() => expect(done).toEqual(['出荷を記録しました']));
    fireEvent.click(button('記録する'));
    await request.resolve({ queued: true });
    await waitFor(() => expect(done[1]).toBe('電波がないため未送信に保存しました。電波が戻ると送信します。'));
  });
});

const recorded = {
  shipmentId: 'shp-1',
  cattleId: 42,
  name: 'てすと号',
  earTagNumber: '1234567890',
  shipmentDate: '2026-10-02',
  price: 1_100_000,
  weight: 760,
  ageAtShipment: 29,
  buyer: '全農 鹿児島中央家畜市場',
  toFarmerCode: null,
  toName: null,
  notes: null,
  carcass: null,
} as unknown as ShipmentListItem;

describe('ShipmentForm: correcting a record', () => {
  it('opens with the record, sends the carcass results to it and says it was saved', async () => {
    renderShipment({ editing: recorded });
    expect(field('価格（円）').value).toBe('1100000');
    expect(field('出荷先').value).toBe('全農 鹿児島中央家畜市場');
    type('枝肉重量（kg）', '512');
    fireEvent.change(field('BMS'), { target: { value: '10' } });
    fireEvent.click(button('保存する'));
    await waitFor(() => expect(request.sent).toHaveLength(1));
    expect(request.sent[0]).toMatchObject({
      shipmentId: 'shp-1',
      input: { price: 1_100_000, buyer: '全農 鹿児島中央家畜市場', carcass: { weightKg: 512, bms: 10 } },
    });
    expect(request.sent[0]).not.toHaveProperty('input.cattleId');
    await request.resolve({ data: {} });
    await waitFor(() => expect(done).toEqual(['出荷記録を保存しました']));
  });
});
