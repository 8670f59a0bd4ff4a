import { describe, expect, it } from 'vitest';
import { containsUrl } from './text-input';

describe('a link in a name (§3)', () => {
  it('finds a scheme, www. and a bare domain, in any width', () => {
    for (const name of [
      'http://evil.example',
      'www.evil.example',
      'evil.example/login で確認',
      'bit.ly/abc',
      '確認はevil.exampleへ',
      'ｅｖｉｌ．ｅｘａｍｐｌｅ／ｌｏｇｉｎ',
      'EVIL.COM',
      'my-farm.co.jp',
      'ushicho.jp',
    ]) {
      expect(containsUrl(name), name).toBe(true);
    }
  });

  it('leaves people’s names alone: dots between words that are no domain, digits, Japanese', () => {
    for (const name of ['北牧場（デモ）', '北 太郎', 'Dr.Sato', 'St. John Farm', '第2.5牧場', 'K.Tanaka', 'No.1牧場']) {
      expect(containsUrl(name), name).toBe(false);
    }
  });
});
