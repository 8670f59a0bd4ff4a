import { describe, expect, it } from 'vitest';
import { filingAnimalLabel, missingFieldsMessage } from './filings';

describe('the animal a filing names (§21, turn 4)', () => {
  it('is the ear tag and the name', () => {
    expect(filingAnimalLabel({ earTagNumber: '0123', name: 'はな' })).toBe('0123 はな');
  });

  it('names an unnamed calf by its dam: tag and name of the mother', () => {
    const mother = { earTagNumber: '0123', name: 'はな' };
    expect(filingAnimalLabel({ earTagNumber: '0456', name: null, mother })).toBe('0456 子牛（0123 はなの子）');
    // Before its tag: 未登録.
    expect(filingAnimalLabel({ earTagNumber: null, name: null, mother })).toBe('未登録 子牛（0123 はなの子）');
    // A blank name is no name; a dam with only a tag, or only a name.
    expect(filingAnimalLabel({ earTagNumber: null, name: ' ', mother: { earTagNumber: '0123', name: null } })).toBe(
      '未登録 子牛（0123の子）',
    );
    expect(filingAnimalLabel({ earTagNumber: '0456', name: null, mother: { earTagNumber: null, name: 'はな' } })).toBe(
      '0456 子牛（はなの子）',
    );
  });

  it('never falls back to an internal number', () => {
    // No ear tag: the 個体識別番号 stands in for it; with neither and no dam, 未登録.
    expect(filingAnimalLabel({ earTagNumber: null, name: 'ゆき', identificationNumber: '0812345675' })).toBe(
      '0812345675 ゆき',
    );
    expect(filingAnimalLabel({ earTagNumber: null, name: null, mother: null })).toBe('未登録');
    expect(filingAnimalLabel({ earTagNumber: '0789', name: null })).toBe('0789');
  });
});

describe('marking filed with fields missing (§21, turn 4)', () => {
  it('names the missing fields in Japanese, each once, in the form’s order', () => {
    expect(missingFieldsMessage([['identificationNumber']])).toBe(
      '未入力の項目がある届出は届出済みにできません（個体識別番号）',
    );
    expect(
      missingFieldsMessage([
        ['identificationNumber', 'counterpartyCode'],
        ['farmerCode', 'identificationNumber'],
      ]),
    ).toBe('未入力の項目がある届出は届出済みにできません（農家コード・個体識別番号・相手先コード）');
  });
});
