import { describe, expect, it } from 'vitest';
import type { AuditAnimal, AuditNames } from './audit-values';
import { type AuditFacts, describeAudit } from './audit-words';

const yuri = { earTagNumber: '0010', name: 'ゆり' };
const names: AuditNames = {
  animals: new Map<number, AuditAnimal>([
    [1, yuri],
    [2, { earTagNumber: '0504', name: 'さつき1' }],
    [3, { earTagNumber: null, name: null, identificationNumber: null }],
  ]),
  users: new Map([[7, '南 花子']]),
};
const row = (over: Partial<AuditFacts>): AuditFacts => ({
  action: 'update',
  entity: 'cattle',
  entityId: '1',
  changes: {},
  ...over,
});
/** Nothing a farmer does not write: no ISO instant, no enum key, no field key, no JSON. */
const RAW =
  /\d{4}-\d{2}-\d{2}|T\d{2}:|[{}"]|\b(cattleId|eventType|sireName|INSEMINATION|PREGNANT|HEALTHY|pending|filed|open|done)\b/;
const raw = (words: ReturnType<typeof describeAudit>) =>
  [words.summary, ...words.changes.flatMap((c) => [c.label, c.before ?? '', c.after ?? ''])].filter((t) => RAW.test(t));

describe('the history a farmer reads (§23, turn 4)', () => {
  it('an animal: renamed, status changed, registered, deleted — by ear tag and name', () => {
    const renamed = describeAudit(row({ changes: { name: ['ゆり', 'ゆりこ'] } }), { animal: yuri }, names);
    expect(renamed.summary).toBe('0010 ゆり：名前を「ゆり」から「ゆりこ」に変更');
    expect(renamed.changes).toEqual([{ field: 'name', label: '名前', before: 'ゆり', after: 'ゆりこ' }]);
    const status = describeAudit(
      row({ changes: { status: ['HEALTHY', 'PREGNANT'], reason: [null, '鑑定'] } }),
      { animal: yuri },
      names,
    );
    expect(status.summary).toBe('0010 ゆり：状態を「健康」から「妊娠中」に変更');
    expect(status.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['状態', '健康', '妊娠中'],
      ['理由', null, '鑑定'],
    ]);
    const made = describeAudit(
      row({
        action: 'create',
        changes: { birthday: [null, '2024-04-01'], gender: [null, '雌'], growthStage: [null, 'CALF'] },
      }),
      { animal: yuri },
      names,
    );
    expect(made.summary).toBe('0010 ゆり：牛を登録');
    expect(made.changes.map((c) => c.after)).toEqual(['2024/04/01', '雌', '繁殖・哺乳期']);
    expect(describeAudit(row({ action: 'delete' }), { animal: yuri }, names).summary).toBe(
      '0010 ゆり：牛を削除（ゴミ箱へ）',
    );
    // The bloodline's sire and the dam: 'bloodline.fatherCattleName' is labelled by its last part.
    const two = describeAudit(
      row({ changes: { 'bloodline.fatherCattleName': [null, '安福久'], barn: ['1', '2'] } }),
      { animal: yuri },
      names,
    );
    expect(two.summary).toBe('0010 ゆり：父牛・牛舎を変更');
  });

  it('an event: its type, the sire, the date in JST with the time, the animal by name', () => {
    const ai = describeAudit(
      row({
        action: 'create',
        entity: 'event',
        entityId: '55',
        changes: {
          cattleId: [null, 1],
          eventType: [null, 'INSEMINATION'],
          // 2026-11-27T23:30Z is 2026/11/28 08:30 in Japan.
          eventDatetime: [null, '2026-11-27T23:30:00.000Z'],
          details: [null, { method: 'AI', sireName: '安福久' }],
        },
      }),
      { animal: yuri, eventType: 'INSEMINATION' },
      names,
    );
    expect(ai.summary).toBe('0010 ゆり：授精を記録（安福久）');
    expect(ai.changes).toEqual([
      { field: 'cattleId', label: '牛', before: null, after: '0010 ゆり' },
      { field: 'eventType', label: '種類', before: null, after: '授精' },
      { field: 'eventDatetime', label: '日時', before: null, after: '2026/11/28 08:30' },
      { field: 'details.method', label: '授精の方法', before: null, after: '人工授精' },
      { field: 'details.sireName', label: '種雄牛', before: null, after: '安福久' },
    ]);
    expect(raw(ai)).toEqual([]);
    // A date-only event (00:00 JST) shows its day alone; a weight shows its unit; a moved event names both animals.
    const moved = describeAudit(
      row({
        entity: 'event',
        changes: { cattleId: [1, 2], eventDatetime: ['2026-10-31T15:00:00.000Z', '2026-11-01T15:00:00.000Z'] },
      }),
      { animal: names.animals.get(2), eventType: 'WEIGHT_MEASURED' },
      names,
    );
    expect(moved.summary).toBe('0504 さつき1：体重測定の記録を変更');
    expect(moved.changes.map((c) => [c.before, c.after])).toEqual([
      ['0010 ゆり', '0504 さつき1'],
      ['2026/11/01', '2026/11/02'],
    ]);
    const weight = describeAudit(
      row({ action: 'create', entity: 'event', changes: { details: [null, { weightKg: 512 }] } }),
      { animal: yuri, eventType: 'WEIGHT_MEASURED' },
      names,
    );
    expect(weight.summary).toBe('0010 ゆり：体重測定を記録（512kg）');
    // Recorded by a LINE message (§25): said once at the end, never a changed field; a web record says nothing.
    const fromLine = (source: string, locale: 'ja' | 'en' = 'ja') =>
      describeAudit(
        row({
          action: 'create',
          entity: 'event',
          changes: { details: [null, { weightKg: 512 }], source: [null, source] },
        }),
        { animal: yuri, eventType: 'WEIGHT_MEASURED' },
        names,
        locale,
      );
    expect(fromLine('line').summary).toBe('0010 ゆり：体重測定を記録（512kg）（LINEから）');
    expect(fromLine('line', 'en').summary).toMatch(/ \(from LINE\)$/);
    expect(fromLine('web').summary).toBe('0010 ゆり：体重測定を記録（512kg）');
    expect(fromLine('line').changes.map((c) => c.label)).not.toContain('source');
    // A calving's calves: each by sex and tag, never as JSON.
    const calving = describeAudit(
      row({
        action: 'create',
        entity: 'event',
        changes: {
          details: [
            null,
            {
              calves: [
                { gender: '雌', earTagNumber: '0456', cattleId: 3 },
                { gender: '雄', stillborn: true },
              ],
            },
          ],
        },
      }),
      { animal: yuri, eventType: 'CALVING' },
      names,
    );
    expect(calving.changes).toEqual([
      {
        field: 'details.calves',
        label: '子牛',
        before: null,
        after: '性別 雌 / 耳標番号 0456 / 未登録、性別 雄 / 死産 はい',
      },
    ]);
  });

  it('a filing, a task, an alert, a plan and a shipment, each naming the animal', () => {
    const filing = describeAudit(
      row({
        entity: 'filing',
        entityId: '9',
        changes: { status: ['pending', 'filed'], filedAt: [null, '2026-11-28'] },
      }),
      { animal: names.animals.get(2), filingKind: 'BIRTH' },
      names,
    );
    expect(filing.summary).toBe('届出：0504 さつき1の出生を届出済みに');
    expect(filing.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['状態', '未届出', '届出済み'],
      ['届出日', null, '2026/11/28'],
    ]);
    const undone = describeAudit(
      row({ entity: 'filing', changes: { status: ['filed', 'pending'] } }),
      { animal: yuri, filingKind: 'MOVE_IN' },
      names,
    );
    expect(undone.summary).toBe('届出：0010 ゆりの転入を未届出に戻す');
    const task = describeAudit(
      row({ entity: 'task', changes: { status: ['open', 'done'] } }),
      { animal: yuri, taskTitle: 'PGF2α投与' },
      names,
    );
    expect(task.summary).toBe('0010 ゆり：作業「PGF2α投与」を完了');
    expect(task.changes).toEqual([{ field: 'status', label: '状態', before: '未完了', after: '完了' }]);
    const assigned = describeAudit(
      row({ entity: 'task', changes: { assigneeUserId: [null, 7], dueDate: ['2026-11-28', '2026-11-30'] } }),
      { animal: yuri, taskTitle: '検温' },
      names,
    );
    expect(assigned.summary).toBe('0010 ゆり：作業「検温」の担当者・期限を変更');
    expect(assigned.changes.map((c) => [c.before, c.after])).toEqual([
      [null, '南 花子'],
      ['2026/11/28', '2026/11/30'],
    ]);
    const alert = describeAudit(
      row({ entity: 'alert', changes: { status: ['active', 'resolved'] } }),
      { animal: yuri, alertType: 'CALVING_OVERDUE' },
      names,
    );
    expect(alert.summary).toBe('0010 ゆり：アラート「分娩予定日超過」を解決済みに');
    const plan = describeAudit(
      row({ action: 'create', entity: 'plan', changes: { plannedShipmentMonth: [null, '2027-01'] } }),
      { animal: yuri },
      names,
    );
    expect(plan.summary).toBe('0010 ゆり：出荷予定を登録（2027/01）');
    const shipment = describeAudit(
      row({ entity: 'shipment', changes: { price: [800000, 820000], 'carcass.qualityGrade': [null, 5] } }),
      { animal: yuri },
      names,
    );
    expect(shipment.summary).toBe('0010 ゆり：出荷の価格・肉質等級を変更');
    expect(shipment.changes.map((c) => [c.before, c.after])).toEqual([
      ['800,000円', '820,000円'],
      [null, '5'],
    ]);
  });

  it('programmes, members, the farm and imports in words', () => {
    const enrolled = describeAudit(
      row({ entity: 'programme', changes: { enrolled: [null, { cattleIds: [1, 2], startDate: '2026-11-28' }] } }),
      { programmeName: 'Ovsynch（定時授精）' },
      names,
    );
    expect(enrolled.summary).toBe('プログラム「Ovsynch（定時授精）」に登録：0010 ゆり、0504 さつき1');
    expect(enrolled.changes).toEqual([
      { field: 'enrolled', label: '登録', before: null, after: '0010 ゆり、0504 さつき1 / 開始日 2026/11/28' },
    ]);
    const steps = describeAudit(
      row({
        action: 'create',
        entity: 'programme',
        changes: {
          name: [null, '試験'],
          steps: [
            null,
            [
              { day: 0, title: 'GnRH', eventType: 'MEDICATION' },
              { day: 7, title: '観察' },
            ],
          ],
        },
      }),
      {},
      names,
    );
    expect(steps.summary).toBe('プログラム「試験」を作成');
    const started = describeAudit(
      row({ action: 'create', entity: 'programme', changes: { trigger: [null, { kind: 'age', days: 60 }] } }),
      {},
      names,
    );
    expect(started.changes).toEqual([{ field: 'trigger', label: '開始のきっかけ', before: null, after: '生後60日' }]);
    const onCalving = describeAudit(
      row({ entity: 'programme', changes: { trigger: [{ kind: 'manual' }, { kind: 'event', eventType: 'CALVING' }] } }),
      {},
      names,
    );
    expect(onCalving.changes[0]).toMatchObject({ before: '手動', after: '記録：分娩' });
    expect(steps.changes[1]).toEqual({
      field: 'steps',
      label: '手順',
      before: null,
      after: '0日目 GnRH（投薬）、7日目 観察',
    });
    expect(
      describeAudit(row({ entity: 'member', entityId: '7', changes: { role: ['viewer', 'staff'] } }), {}, names)
        .summary,
    ).toBe('南 花子の役割を「閲覧のみ」から「スタッフ」に変更');
    const invite = describeAudit(
      row({
        action: 'invite',
        entity: 'member',
        entityId: '3',
        changes: { email: [null, 'a@example.jp'], role: [null, 'staff'] },
      }),
      {},
      names,
    );
    expect(invite.summary).toBe('a@example.jpをスタッフとして招待');
    expect(describeAudit(row({ entity: 'farm', changes: { farmerCode: [null, '1234567'] } }), {}, names).summary).toBe(
      '牧場の農家コードを「（なし）」から「1234567」に変更',
    );
    const imported = describeAudit(
      row({
        action: 'import',
        entity: 'import',
        changes: { created: [null, 12], updated: [null, 3], histories: [null, 40] },
      }),
      {},
      names,
    );
    expect(imported.summary).toBe('牛の一覧を取り込み（登録12頭・更新3頭・記録40件）');
  });

  it('in English for the English screens, with the names the farmer typed', () => {
    const ai = describeAudit(
      row({ action: 'create', entity: 'event', changes: { details: [null, { method: 'AI', sireName: '安福久' }] } }),
      { animal: yuri, eventType: 'INSEMINATION' },
      names,
      'en',
    );
    expect(ai.summary).toBe('0010 ゆり: Service recorded (安福久)');
    expect(ai.changes[0]).toEqual({
      field: 'details.method',
      label: 'Method',
      before: null,
      after: 'Artificial insemination',
    });
    const filing = describeAudit(
      row({ entity: 'filing', changes: { status: ['pending', 'filed'] } }),
      { animal: yuri, filingKind: 'BIRTH' },
      names,
      'en',
    );
    expect(filing.summary).toBe('Filing: Birth of 0010 ゆり marked filed');
    const breed = describeAudit(
      row({ changes: { breed: ['ホルスタイン', '黒毛和種'] } }),
      { animal: yuri },
      names,
      'en',
    );
    expect(breed.changes[0]).toMatchObject({ label: 'Breed', before: 'Holstein', after: 'Japanese Black' });
  });

  it('never shows a raw key or an id: an unknown field is left out, a deleted animal is named as such', () => {
    const words = describeAudit(
      row({ entity: 'event', changes: { someInternalKey: [1, 2], cattleId: [null, 99] } }),
      { animal: null, eventType: 'ESTRUS' },
      names,
    );
    expect(words.summary).toBe('（削除された牛）：発情の記録を変更');
    expect(words.changes).toEqual([{ field: 'cattleId', label: '牛', before: null, after: '（削除された牛）' }]);
    // An animal with neither tag nor name is 未登録, never '#3'.
    expect(describeAudit(row({}), { animal: names.animals.get(3) }, names).summary).toBe('未登録：内容を変更');
  });
});
