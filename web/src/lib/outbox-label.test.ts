import { describe, expect, it } from 'vitest';
import { outboxLabel } from './outbox-label';
import type { QueuedWrite } from './write-queue';

const queued = (over: Partial<QueuedWrite>): QueuedWrite => ({
  key: 'k',
  kind: 'event',
  body: {},
  farmId: 1,
  createdAt: 0,
  status: 'pending',
  attempts: 0,
  ...over,
});
const yuri = { earTagNumber: '0010', name: 'ゆり' };

describe('the 未送信 list names each record by type, value, ear tag and name (§20)', () => {
  it('a weight: 体重測定 512kg · 0010 ゆり', () => {
    const item = queued({
      body: { cattleId: 4, eventType: 'WEIGHT_MEASURED', details: { weightKg: 512 } },
      animal: yuri,
    });
    expect(outboxLabel(item, 'ja')).toBe('体重測定 512kg · 0010 ゆり');
    expect(outboxLabel(item, 'en')).toBe('Weight measured 512kg · 0010 ゆり');
  });

  it('a service by its sire, a check by its result, a treatment by its product, a plain event by its type', () => {
    const label = (eventType: string, details: Record<string, unknown> | null) =>
      outboxLabel(queued({ body: { cattleId: 4, eventType, details }, animal: yuri }), 'ja');
    expect(label('INSEMINATION', { method: 'AI', sireName: '安福久' })).toBe('授精 安福久 · 0010 ゆり');
    expect(label('PREGNANCY_CHECK', { result: 'PREGNANT' })).toMatch(/^妊娠鑑定 \S+ · 0010 ゆり$/);
    expect(label('VACCINATION', { product: '5種混合' })).toBe('ワクチン接種 5種混合 · 0010 ゆり');
    expect(label('ESTRUS', null)).toBe('発情 · 0010 ゆり');
  });

  it('an animal registered offline by its own tag and name; an event for it before it is sent', () => {
    expect(outboxLabel(queued({ kind: 'cattle', body: { earTagNumber: '0042', name: 'もも' } }), 'ja')).toBe(
      '牛の登録 · 0042 もも',
    );
    expect(outboxLabel(queued({ body: { cattleId: -1, eventType: 'ESTRUS' } }), 'ja')).toBe(
      '発情 · オフラインで登録した牛',
    );
  });

  it('a shipment by its price; an animal not kept on the phone by its number', () => {
    expect(outboxLabel(queued({ kind: 'shipment', body: { cattleId: 9, price: 720000 } }), 'ja')).toBe(
      '出荷 720,000円 · 牛 #9',
    );
  });
});
