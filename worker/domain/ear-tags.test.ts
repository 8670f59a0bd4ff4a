import { describe, expect, it } from 'vitest';
import { earTagWarnings, type TagHolder } from './ear-tags';

const herd: TagHolder[] = [
  { cattleId: 1, name: 'しおり', identificationNumber: '1234503811', earTagNumber: '0381', status: 'HEALTHY' },
  { cattleId: 2, name: null, identificationNumber: '1234503812', earTagNumber: '0381', status: 'PREGNANT' },
  { cattleId: 3, name: 'くろ', identificationNumber: '1234503813', earTagNumber: '0381', status: 'DEAD' },
  { cattleId: 4, name: 'しろ', identificationNumber: '1234503814', earTagNumber: '0381', status: 'SHIPPED' },
  { cattleId: 5, name: 'もも', identificationNumber: '1234505005', earTagNumber: '0500', status: 'HEALTHY' },
  { cattleId: 6, name: '', identificationNumber: null, earTagNumber: '0500', status: 'HEALTHY' },
];

describe('ear-tag warnings (§5)', () => {
  it('one per other living animal with the tag: 4 share 0381, 2 dead or shipped → 2 warnings for a new one', () => {
    expect(earTagWarnings({ cattleId: null, earTagNumber: '0381', status: 'HEALTHY' }, herd)).toEqual([
      '耳標0381の牛がほかにいます（しおり）',
      '耳標0381の牛がほかにいます（1234503812）',
    ]);
  });

  it('never against the animal itself: しおり sees only the one other living 0381', () => {
    expect(earTagWarnings({ cattleId: 1, earTagNumber: '0381', status: 'HEALTHY' }, herd)).toEqual([
      '耳標0381の牛がほかにいます（1234503812）',
    ]);
  });

  it('none for a dead or shipped animal, none without a tag, none for a tag no one else has', () => {
    expect(earTagWarnings({ cattleId: 3, earTagNumber: '0381', status: 'DEAD' }, herd)).toEqual([]);
    expect(earTagWarnings({ cattleId: 4, earTagNumber: '0381', status: 'SHIPPED' }, herd)).toEqual([]);
    expect(earTagWarnings({ cattleId: null, earTagNumber: null, status: 'HEALTHY' }, herd)).toEqual([]);
    expect(earTagWarnings({ cattleId: null, earTagNumber: '0999', status: 'HEALTHY' }, herd)).toEqual([]);
  });

  it('an animal with neither name nor number is said to have no number yet', () => {
    expect(earTagWarnings({ cattleId: 5, earTagNumber: '0500', status: 'HEALTHY' }, herd)).toEqual([
      '耳標0500の牛がほかにいます（個体識別番号未登録）',
    ]);
  });
});
