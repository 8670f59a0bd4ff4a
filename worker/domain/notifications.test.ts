import { describe, expect, it } from 'vitest';
import {
  canChooseDigest,
  DIGEST_CHANNELS,
  type DigestAlert,
  digestRoutes,
  LINE_TEXT_LIMIT,
  lineDigestText,
  withoutLine,
} from './notifications';

const reach = (linked: boolean, following: boolean) => ({ linked, following });

describe('the digest choice rule (§15)', () => {
  it('allows mail and none always, line and both only with a linked, following LINE account', () => {
    for (const [linked, following] of [
      [false, false],
      [true, false],
      [false, true],
    ] as const) {
      expect(canChooseDigest('mail', reach(linked, following))).toBe(true);
      expect(canChooseDigest('none', reach(linked, following))).toBe(true);
      expect(canChooseDigest('line', reach(linked, following))).toBe(false);
      expect(canChooseDigest('both', reach(linked, following))).toBe(false);
    }
    for (const channel of DIGEST_CHANNELS) expect(canChooseDigest(channel, reach(true, true))).toBe(true);
  });

  it('routes the digest by the choice, falling back to mail when LINE cannot reach the user', () => {
    const ok = reach(true, true);
    expect(digestRoutes('mail', ok)).toEqual({ mail: true, line: false });
    expect(digestRoutes('line', ok)).toEqual({ mail: false, line: true });
    expect(digestRoutes('both', ok)).toEqual({ mail: true, line: true });
    expect(digestRoutes('none', ok)).toEqual({ mail: false, line: false });
    expect(digestRoutes('line', reach(true, false))).toEqual({ mail: true, line: false });
    expect(digestRoutes('both', reach(false, false))).toEqual({ mail: true, line: false });
    expect(digestRoutes('none', reach(false, false))).toEqual({ mail: false, line: false });
  });

  it('keeps mail and none when LINE is unlinked, and turns line and both into mail', () => {
    expect(DIGEST_CHANNELS.map(withoutLine)).toEqual(['mail', 'mail', 'mail', 'none']);
  });
});

const alert = (overrides: Partial<DigestAlert>): DigestAlert => ({
  cattleId: 1,
  cattleName: 'はなこ',
  cattleEarTagNumber: '0123',
  type: 'OPEN_DAYS_OVER60_NO_AI',
  dueAt: '2026-11-20',
  message: '分娩後65日経過・未授精',
  isNew: false,
  ...overrides,
});

describe('the LINE digest text', () => {
  it("lists every active high alert, this morning's first, then by due date, with the farm, the day and the link", () => {
    const text = lineDigestText(
      '北牧場',
      [
        alert({
          cattleId: 2,
          cattleName: null,
          cattleEarTagNumber: null,
          dueAt: '2026-11-24',
          type: 'CALVING_OVERDUE',
          message: '分娩予定日を8日超過',
        }),
        alert({}),
        alert({ cattleId: 3, cattleName: 'さくら', cattleEarTagNumber: '0456', dueAt: '2026-11-25', isNew: true }),
      ],
      '2026-11-25',
      'https://ushicho.example/alerts',
    );
    expect(text).toBe(
      [
        '【牛帳】2026/11/25 北牧場',
        '重要度「高」のアラートが3件あります（今朝の新規1件）。',
        '',
        '・【新規】さくら・耳標 0456：分娩後65日経過・未授精（分娩後60日超・未授精・期日 2026/11/25）',
        '・はなこ・耳標 0123：分娩後65日経過・未授精（分娩後60日超・未授精・期日 2026/11/20）',
        '・牛ID 2：分娩予定日を8日超過（分娩予定日超過・期日 2026/11/24）',
        '',
        'アラート一覧：https://ushicho.example/alerts',
      ].join('\n'),
    );
  });

  it('shows at most 30 alerts, then how many more, inside LINE’s text limit', () => {
    const many = Array.from({ length: 45 }, (_, i) => alert({ cattleId: i + 1, cattleName: `牛${i + 1}` }));
    const text = lineDigestText('北牧場', many, '2026-11-25', 'https://ushicho.example/alerts');
    expect(text).toContain('重要度「高」のアラートが45件あります（今朝の新規0件）。');
    expect(text.split('\n').filter((l) => l.startsWith('・'))).toHaveLength(30);
    expect(text).toContain('ほか15件');
    expect(text.length).toBeLessThanOrEqual(LINE_TEXT_LIMIT);
    const huge = lineDigestText('牧'.repeat(6000), many, '2026-11-25', 'https://ushicho.example/alerts');
    expect(huge.length).toBe(LINE_TEXT_LIMIT);
  });
});
