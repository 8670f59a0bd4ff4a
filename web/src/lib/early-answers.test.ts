import { describe, expect, it } from 'vitest';
import { sameFarm } from './early-answers';

describe('early answers: the farm an early call was sent for', () => {
  it('hands a farm the answer sent for that farm only', () => {
    expect(sameFarm(2, '2', null)).toBe(true);
    expect(sameFarm(2, '3', 2)).toBe(false);
    expect(sameFarm(2, null, 2)).toBe(false);
  });

  it('hands an answer sent without a farm to a call without one, or for the default farm once known', () => {
    expect(sameFarm(null, null, null)).toBe(true);
    expect(sameFarm(null, '1', null)).toBe(false);
    expect(sameFarm(null, '1', 1)).toBe(true);
    expect(sameFarm(null, '2', 1)).toBe(false);
  });
});
