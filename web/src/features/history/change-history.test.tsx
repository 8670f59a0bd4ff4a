import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AuditNames } from '@worker/domain/audit-values';
import { type AuditFacts, type AuditSubject, describeAudit } from '@worker/domain/audit-words';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRow } from '../../api/history';
import { setLocale } from '../../lib/i18n';
import { renderWithQueries } from '../../test/render';
import { AuditItem, ChangeHistory } from './change-history';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale('ja');
});

const yuri = { earTagNumber: '0010', name: 'ゆり' };
const names: AuditNames = { animals: new Map([[1, yuri]]), users: new Map([[7, '南 花子']]) };

/** A row as the API answers it: the facts put in words by the same rule the Worker uses. */
function apiRow(facts: Partial<AuditFacts>, subject: AuditSubject, locale: 'ja' | 'en' = 'ja'): AuditRow {
  const row = { action: 'update', entity: 'cattle', entityId: '1', changes: {}, ...facts } as AuditFacts;
  return {
    id: 1,
    at: '2026-11-27T23:30:00.000Z',
    userId: 1,
    userName: '北 太郎',
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    ...describeAudit(row, subject, names, locale),
  };
}

/** One entity's row of each kind the farm writes, with what it says. */
const ROWS: [string, Partial<AuditFacts>, AuditSubject, string][] = [
  [
    'cattle',
    { changes: { name: ['ゆり', 'ゆりこ'] } },
    { animal: yuri },
    '0010 ゆり：名前を「ゆり」から「ゆりこ」に変更',
  ],
  [
    'event',
    {
      action: 'create',
      entity: 'event',
      changes: {
        cattleId: [null, 1],
        eventType: [null, 'INSEMINATION'],
        eventDatetime: [null, '2026-11-27T23:30:00.000Z'],
        details: [null, { method: 'AI', sireName: '安福久' }],
      },
    },
    { animal: yuri, eventType: 'INSEMINATION' },
    '0010 ゆり：授精を記録（安福久）',
  ],
  [
    'task',
    { entity: 'task', changes: { status: ['open', 'done'] } },
    { animal: yuri, taskTitle: 'PGF2α投与' },
    '0010 ゆり：作業「PGF2α投与」を完了',
  ],
  [
    'filing',
    { entity: 'filing', changes: { status: ['pending', 'filed'], filedAt: [null, '2026-11-28'] } },
    { animal: yuri, filingKind: 'BIRTH' },
    '届出：0010 ゆりの出生を届出済みに',
  ],
  [
    'shipment',
    {
      action: 'create',
      entity: 'shipment',
      changes: { cattleId: [null, 1], shipmentDate: [null, '2026-11-01'], price: [null, 800000] },
    },
    { animal: yuri },
    '0010 ゆり：出荷を記録',
  ],
  [
    'plan',
    { entity: 'plan', changes: { plannedShipmentMonth: ['2027-01', '2027-02'] } },
    { animal: yuri },
    '0010 ゆり：出荷予定月を「2027/01」から「2027/02」に変更',
  ],
  [
    'alert',
    { entity: 'alert', changes: { status: ['active', 'acknowledged'] } },
    { animal: yuri, alertType: 'CALVING_OVERDUE' },
    '0010 ゆり：アラート「分娩予定日超過」を確認済みに',
  ],
  [
    'programme',
    { entity: 'programme', changes: { enrolled: [null, { cattleIds: [1], startDate: '2026-11-28' }] } },
    { programmeName: '分娩後検診' },
    'プログラム「分娩後検診」に登録：0010 ゆり',
  ],
  [
    'member',
    { entity: 'member', entityId: '7', changes: { role: ['viewer', 'staff'] } },
    {},
    '南 花子の役割を「閲覧のみ」から「スタッフ」に変更',
  ],
  [
    'farm',
    { entity: 'farm', changes: { name: ['北牧場', '北の牧場'] } },
    {},
    '牧場の名前を「北牧場」から「北の牧場」に変更',
  ],
  [
    'import',
    { action: 'import', entity: 'import', changes: { created: [null, 3], updated: [null, 0], histories: [null, 2] } },
    {},
    '牛の一覧を取り込み（登録3頭・更新0頭・記録2件）',
  ],
];

/** What a farmer never reads: an id key, an enum key, an ISO date or time, JSON. */
const RAW = /cattleId|eventType|sireName|filedAt|INSEMINATION|pending|\bopen\b|\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}|[{}[\]"]/;

describe('AuditItem (a row of the change history)', () => {
  it.each(ROWS)(
    '%s: says what happened in the farmer’s words, with labelled values only',
    (_, facts, subject, summary) => {
      render(
        <ul>
          <AuditItem row={apiRow(facts, subject)} />
        </ul>,
      );
      const item = document.querySelector('.history-item') as HTMLElement;
      expect(item.querySelector('.history-item__summary')?.textContent).toBe(summary);
      expect(item.textContent).not.toMatch(RAW);
      // Who and when: 2026-11-27T23:30Z is 2026/11/28 08:30 in Japan.
      expect(item.querySelector('.history-item__meta')?.textContent).toBe('北 太郎2026/11/28 08:30');
    },
  );

  it('shows each change as label and value: set, changed, cleared', () => {
    const row = apiRow(
      {
        action: 'create',
        entity: 'event',
        changes: { cattleId: [null, 1], notes: ['朝', null], eventType: ['ESTRUS', 'INSEMINATION'] },
      },
      { animal: yuri },
    );
    render(
      <ul>
        <AuditItem row={row} />
      </ul>,
    );
    const lines = [...document.querySelectorAll('.history-item__changes li')].map((li) => li.textContent);
    expect(lines).toEqual(['牛: 0010 ゆり', 'メモ: 朝 → （なし）', '種類: 発情 → 授精']);
  });

  it('reads in English on the English screens (the names typed stay as typed)', () => {
    setLocale('en');
    const row = apiRow(ROWS[1]?.[1] ?? {}, { animal: yuri, eventType: 'INSEMINATION' }, 'en');
    render(
      <ul>
        <AuditItem row={row} />
      </ul>,
    );
    expect(document.querySelector('.history-item__summary')?.textContent).toBe('0010 ゆり: Service recorded (安福久)');
    const lines = [...document.querySelectorAll('.history-item__changes li')].map((li) => li.textContent);
    expect(lines).toContain('Method: Artificial insemination');
    // No Japanese but the names typed (the cow's name ゆり, the sire 安福久, the member 北 太郎).
    const text = (document.body.textContent ?? '')
      .replaceAll('ゆり', '')
      .replaceAll('安福久', '')
      .replaceAll('北 太郎', '');
    expect(text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
  });
});

describe('ChangeHistory (an animal’s whole story)', () => {
  it('asks for the animal’s story in the screen’s language and lists it newest first', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input instanceof Request ? input.url : input));
        const data = [
          apiRow(ROWS[2]?.[1] ?? {}, ROWS[2]?.[2] ?? {}),
          { ...apiRow(ROWS[1]?.[1] ?? {}, ROWS[1]?.[2] ?? {}), id: 2 },
        ];
        return new Response(JSON.stringify({ data, nextCursor: null }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithQueries(<ChangeHistory filter={{ cattleId: '1' }} />);
    await waitFor(() => expect(document.querySelectorAll('.history-item')).toHaveLength(2));
    expect(urls[0]).toContain('cattleId=1');
    expect(urls[0]).toContain('lang=ja');
    expect([...document.querySelectorAll('.history-item__summary')].map((p) => p.textContent)).toEqual([
      '0010 ゆり：作業「PGF2α投与」を完了',
      '0010 ゆり：授精を記録（安福久）',
    ]);
    expect(screen.queryByText('変更履歴はありません')).toBeNull();
  });
});
