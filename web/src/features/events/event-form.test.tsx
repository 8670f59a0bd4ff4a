import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EVENT_CATEGORY_INFO, EVENT_TYPE_INFO, EVENT_TYPES, type EventType } from '@worker/domain/event-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventView } from '../../api/events';
import { ApiError } from '../../lib/api-error';
import { button, deferred, renderWithQueries } from '../../test/render';
import { EventForm } from './event-form';
import './messages';

vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));
const api = vi.hoisted(() => ({
  breed: '黒毛和種' as string | null,
  recent: { sires: [] as { name: string; breed: string | null }[], technicians: [] as string[] },
}));
vi.mock('../../api/cattle', () => ({
  cattleDetailQuery: (id: number) => ({ queryKey: ['cattle', id], queryFn: async () => ({ breed: api.breed }) }),
}));
vi.mock('../../api/events', () => ({
  recentInputsQuery: () => ({ queryKey: ['events', 'recent-inputs'], queryFn: async () => api.recent }),
}));
// The picker's search is its own concern: here it shows the animal picked and the form's error for it.
vi.mock('../../components/animal-picker', () => ({
  AnimalPicker: ({ value, error }: { value: { name: string } | null; error?: string }) => (
    <p data-testid="picker">
      {value?.name}
      {error ? <span role="alert">{error}</span> : null}
    </p>
  ),
}));

const emi = { cattleId: 7, name: 'えみ', earTagNumber: '1234' };
/** 2026-11-20 08:15 in Japan is 2026-11-19 23:15 UTC. */
const TYPED_TIME = '2026-11-20T08:15';
const SENT_TIME = '2026-11-19T23:15:00.000Z';

let request: ReturnType<typeof deferred<unknown>>;
let saved: unknown[];
beforeEach(() => {
  api.breed = '黒毛和種';
  api.recent = { sires: [], technicians: [] };
  request = deferred();
  saved = [];
});
afterEach(cleanup);

function renderForm(props: Partial<Parameters<typeof EventForm>[0]> = {}) {
  return renderWithQueries(
    <EventForm pickAnimal initialAnimal={emi} submit={request.call} onSaved={(r) => saved.push(r)} {...props} />,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const radio = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
/** Picks an event type the way a farmer does: its category's button, then its radio. */
function choose(eventType: EventType) {
  const { category, ja } = EVENT_TYPE_INFO[eventType];
  fireEvent.click(button(EVENT_CATEGORY_INFO[category].ja));
  // A category of one type chooses it at once.
  if (!(screen.getByRole('radio', { name: ja }) as HTMLInputElement).checked)
    fireEvent.click(screen.getByRole('radio', { name: ja }));
}
const save = () => fireEvent.click(button('保存する'));

/** Each type's own fieldset filled in, and the details it sends; a type without one sends no details. */
const FILLED: Partial<Record<EventType, { fill: () => void; details: Record<string, unknown> }>> = {
  ARRIVAL: {
    fill: () => type('導入元の名前', 'みやざき牧場'),
    details: { fromName: 'みやざき牧場' },
  },
  INSEMINATION: { fill: () => type('種雄牛名', '安福久'), details: { method: 'AI', sireName: '安福久' } },
  PREGNANCY_CHECK: { fill: () => radio('受胎'), details: { result: 'PREGNANT' } },
  CALVING: {
    fill: () => {
      radio('雌');
      type('名前', 'えみ2');
    },
    details: { calves: [{ gender: '雌', name: 'えみ2' }] },
  },
  DEATH: { fill: () => type('処理先（化製場など）', '南九州化製'), details: { disposalName: '南九州化製' } },
  // Full-width digits are read as the number.
  WEIGHT_MEASURED: { fill: () => type('体重（kg）', '４５０．５'), details: { weightKg: 450.5 } },
  VACCINATION: {
    fill: () => {
      type('薬品・ワクチン名', 'イバラキ病ワクチン');
      type('休薬期間・肉（日）', '21');
    },
    details: { product: 'イバラキ病ワクチン', withdrawalMeatDays: 21 },
  },
  MEDICATION: {
    fill: () => {
      type('薬品・ワクチン名', 'ペニシリン');
      type('用量', '10mL');
      type('休薬期間・乳（日）', '3');
    },
    details: { product: 'ペニシリン', dose: '10mL', withdrawalMilkDays: 3 },
  },
  SHIPMENT: {
    fill: () => type('出荷先の名前（市場・と畜場など）', '鹿児島中央家畜市場'),
    details: { toName: '鹿児島中央家畜市場' },
  },
};

describe('EventForm: one fieldset per event type', () => {
  it.each(EVENT_TYPES)('%s: its fieldset filled in, the form sends its details', async (eventType) => {
    renderForm();
    choose(eventType);
    type('日時', TYPED_TIME);
    FILLED[eventType]?.fill();
    save();
    await waitFor(() => expect(request.sent).toHaveLength(1));
    const sent = request.sent[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ cattleId: 7, eventType, eventDatetime: SENT_TIME, notes: null });
    const details = FILLED[eventType]?.details;
    if (details) expect(sent.details).toEqual(details);
    else expect(sent.details ?? null).toBeNull();
  });

  it('INSEMINATION by ET asks for the embryo, not the semen lot, and names the expected calf', () => {
    renderForm();
    choose('INSEMINATION');
    radio('受精卵移植');
    expect(screen.queryByLabelText('精液ロット')).toBeNull();
    type('受精卵の品種', '黒毛和種');
    expect(field('移植した人')).toBeTruthy();
    expect(screen.getByText(/生まれる子牛の見込み: 黒毛和種/)).toBeTruthy();
  });

  it("INSEMINATION offers the farm's last sire and technician for an AI", async () => {
    api.recent = { sires: [{ name: '百合茂', breed: '黒毛和種' }], technicians: ['授精師 山本'] };
    renderForm({ presetType: 'INSEMINATION' });
    await waitFor(() => expect(field('種雄牛名').value).toBe('百合茂'));
    expect(field('授精師').value).toBe('授精師 山本');
  });

  it('CALVING takes a second calf, each with its own fields', () => {
    renderForm({ presetType: 'CALVING' });
    fireEvent.click(button('子牛を追加'));
    expect(screen.getAllByRole('group', { name: '性別' })).toHaveLength(2);
  });

  it('a dairy cow is hinted to be dried off before her calving', async () => {
    api.breed = 'ホルスタイン';
    renderForm();
    await screen.findByText(/乳用牛です。分娩予定のおよそ60日前に「乾乳」を記録します。/);
  });
});

describe('EventForm: its states', () => {
  it('starts empty: the animal given, 繁殖 open with no type, now as the time, no error', () => {
    renderForm();
    expect(screen.getByTestId('picker').textContent).toBe('えみ');
    expect(button('繁殖').getAttribute('aria-pressed')).toBe('true');
    const types = within(screen.getByRole('group', { name: 'イベントの種類' })).getAllByRole('radio');
    expect(types.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(field('日時').value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(field('メモ').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('保存する').disabled).toBe(false);
  });

  it('refuses a form without a type, or a weight without the weight, in place, sending nothing', () => {
    renderForm();
    save();
    expect(screen.getByRole('group', { name: 'イベントの種類' }).textContent).toContain('イベントタイプは必須です');
    choose('WEIGHT_MEASURED');
    save();
    expect(field('体重（kg）').getAttribute('aria-invalid')).toBe('true');
    expect(request.sent).toEqual([]);
  });

  it('refuses a form without an animal beside the picker', () => {
    renderForm({ initialAnimal: null, presetType: 'ESTRUS' });
    save();
    expect(within(screen.getByTestId('picker')).getByRole('alert').textContent).not.toBe('');
    expect(request.sent).toEqual([]);
  });

  it('is saving while the request runs: the button is disabled, busy and says so', async () => {
    renderForm({ presetType: 'ESTRUS' });
    save();
    const saving = await screen.findByRole('button', { name: '保存中…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(saving.getAttribute('aria-busy')).toBe('true');
  });

  it("shows the API's 400 details on their field", async () => {
    renderForm({ presetType: 'WEIGHT_MEASURED' });
    type('体重（kg）', '450');
    save();
    await request.reject(
      new ApiError(400, 'VALIDATION_ERROR', '入力内容を確認してください', undefined, [
        { field: 'details.weightKg', message: '体重は2000kg以下で入力してください' },
      ]),
    );
    await waitFor(() => expect(field('体重（kg）').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('体重は2000kg以下で入力してください');
    expect(button('保存する').disabled).toBe(false);
  });

  it('shows a refusal no field holds as the form message', async () => {
    renderForm({ presetType: 'ESTRUS' });
    save();
    await request.reject(new ApiError(409, 'CONFLICT', 'この牛は出荷済みです'));
    expect((await screen.findByRole('alert')).textContent).toBe('この牛は出荷済みです');
  });

  it('hands what the request answered to the screen once saved', async () => {
    renderForm({ presetType: 'ESTRUS' });
    save();
    await request.resolve({ data: { eventId: 1 } });
    await waitFor(() => expect(saved).toEqual([{ data: { eventId: 1 } }]));
  });
});

const recorded = {
  eventId: 31,
  cattleId: 7,
  eventType: 'WEIGHT_MEASURED',
  eventDatetime: SENT_TIME,
  details: { weightKg: 430 },
  notes: '朝',
} as unknown as EventView;

describe('EventForm: correcting an event, and the alert’s quick form', () => {
  it("opens a recorded event with its values and no picker; the animal's error goes to the form message", async () => {
    renderForm({ pickAnimal: false, initialAnimal: null, event: recorded, onCancel: () => {} });
    expect(screen.queryByTestId('picker')).toBeNull();
    expect(field('体重（kg）').value).toBe('430');
    expect(field('日時').value).toBe(TYPED_TIME);
    expect(field('メモ').value).toBe('朝');
    type('体重（kg）', '432');
    save();
    await waitFor(() => expect(request.sent).toHaveLength(1));
    expect(request.sent[0]).toMatchObject({ cattleId: 7, details: { weightKg: 432 }, notes: '朝' });
    await request.reject(
      new ApiError(400, 'VALIDATION_ERROR', '入力内容を確認してください', undefined, [
        { field: 'cattleId', message: '牛が見つかりません' },
      ]),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('牛が見つかりません');
  });

  it('opened from an alert: the type in a line, sire and technician, then 保存; the rest folded below', () => {
    renderForm({ presetType: 'INSEMINATION', compact: true });
    expect(screen.getByText('授精', { selector: 'strong' })).toBeTruthy();
    const form = screen.getByRole('button', { name: '保存する' }).closest('form') as HTMLFormElement;
    const more = form.querySelector('details') as HTMLDetailsElement;
    expect(within(more).getByRole('radio', { name: '人工授精' })).toBeTruthy();
    expect(more.contains(field('種雄牛名'))).toBe(false);
    expect(more.contains(field('メモ'))).toBe(true);
    fireEvent.click(button('変更'));
    expect(form.querySelector('details')).toBeNull();
  });
});
