import { describe, expect, it } from 'vitest';
import { certificateTechnician } from './filings-certificate';

const recorder = { userName: '山田 太郎', inseminatorLicense: '北海道 第2048号' };

describe('the AI certificate’s technician and licence (§21)', () => {
  it('no technician given: the recorder signs, with their licence', () => {
    expect(certificateTechnician(undefined, recorder)).toEqual({ name: '山田 太郎', license: '北海道 第2048号' });
    expect(certificateTechnician(null, recorder)).toEqual({ name: '山田 太郎', license: '北海道 第2048号' });
    // A blank technician (full-width spaces only) is none.
    expect(certificateTechnician('　 ', recorder)).toEqual({ name: '山田 太郎', license: '北海道 第2048号' });
  });

  it('the recorder’s own name, spaced or written in other widths, keeps the licence', () => {
    // '山田　太郎' (a full-width space) and '山田太郎' both read '山田太郎' once NFKC'd and spaces removed.
    expect(certificateTechnician('山田太郎', recorder).license).toBe('北海道 第2048号');
    expect(certificateTechnician('山田　太郎', recorder)).toEqual({ name: '山田　太郎', license: '北海道 第2048号' });
    // Half-width katakana become full-width (ﾔﾏﾀﾞ → ヤマダ), full-width letters ASCII (Ｋｅｎ → Ken).
    const kana = { userName: 'ヤマダ Ken', inseminatorLicense: '第1号' };
    expect(certificateTechnician('ﾔﾏﾀﾞ　Ｋｅｎ', kana).license).toBe('第1号');
  });

  it('someone else’s name: that name, and no licence (never another person’s)', () => {
    expect(certificateTechnician('自家授精', recorder)).toEqual({ name: '自家授精', license: null });
    expect(certificateTechnician('佐藤 花子', recorder)).toEqual({ name: '佐藤 花子', license: null });
  });

  it('a recorder without a licence, or no recorder on record, gives none', () => {
    expect(certificateTechnician(undefined, { userName: '山田 太郎', inseminatorLicense: null })).toEqual({
      name: '山田 太郎',
      license: null,
    });
    expect(certificateTechnician('山田 太郎', undefined)).toEqual({ name: '山田 太郎', license: null });
    expect(certificateTechnician(undefined, undefined)).toEqual({ name: null, license: null });
  });
});
