import { describe, expect, it } from 'vitest';
import { createPlanSchema, createShipmentSchema } from './shipments.schemas';

describe('shared form schemas', () => {
  it('coerce the strings a form sends', () => {
    expect(
      createShipmentSchema.parse({
        cattleId: '12',
        shipmentDate: '2025-03-15',
        price: '720000',
        weight: '',
        buyer: ' 全農 ',
      }),
    ).toMatchObject({
      cattleId: 12,
      price: 720_000,
      buyer: '全農',
    });
    expect(createPlanSchema.safeParse({ cattleId: 1, plannedShipmentMonth: '2020-01' }).success).toBe(false);
  });
});
