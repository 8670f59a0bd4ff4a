import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Filing } from '../../api/filings';
import { setLocale } from '../../lib/i18n';
import { FilingItem } from './filing-item';
import { Worksheet } from './worksheet';

vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));

afterEach(() => {
  cleanup();
  setLocale('ja');
});

/** An unnamed calf before its tag, born 2026-11-21, due 2026-11-28, its 個体識別番号 still missing. */
const calf: Filing = {
  id: 90,
  kind: 'BIRTH',
  cattleId: 90,
  identificationNumber: null,
  earTagNumber: null,
  name: null,
  label: '未登録 子牛（0123 はなの子）',
  eventId: 500,
  eventDate: '2026-11-21',
  dueDate: '2026-11-28',
  status: 'pending',
  overdue: false,
  filedAt: null,
  filedBy: null,
  eventDeleted: false,
  fields: {
    farmerCode: '0123456789',
    identificationNumber: null,
    birthday: '2026-11-21',
    gender: '雌',
    breed: '黒毛和種',
    motherIdentificationNumber: '0812345675',
  },
  missing: ['identificationNumber'],
};
const yuri: Filing = {
  ...calf,
  id: 91,
  cattleId: 91,
  identificationNumber: '1480099991',
  earTagNumber: '9999',
  name: 'ゆり',
  label: '9999 ゆり',
  fields: { ...calf.fields, identificationNumber: '1480099991' },
  missing: [],
};

function renderItem(filing: Filing) {
  const onSelect = vi.fn();
  render(
    <ul>
      <FilingItem filing={filing} selected={false} onSelect={onSelect} onUndo={() => {}} />
    </ul>,
  );
  return { onSelect };
}

describe('FilingItem (one filing of /filings)', () => {
  it('names an unnamed calf by its dam, never by an internal number, with its dates as YYYY/MM/DD', () => {
    renderItem(calf);
    const item = document.querySelector('.filing') as HTMLElement;
    expect(item.querySelector('.filing__title')?.textContent?.trim()).toBe('未登録 子牛（0123 はなの子）');
    expect(item.textContent).not.toContain('#90');
    // The deadline is one unbreakable piece: '期限 2026/11/28', never '期限 2026-' / '11-28' on a phone.
    const due = [...item.querySelectorAll('.nowrap')].map((n) => n.textContent);
    expect(due).toEqual(['異動日 2026/11/21', '期限 2026/11/28']);
    expect(item.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('links each missing field to where it is filled in (the 個体識別番号: the animal’s edit screen)', () => {
    renderItem(calf);
    const link = screen.getByRole('link', { name: '個体識別番号を入力する（牛の編集）' });
    expect(link.getAttribute('href')).toBe('/cattle/$id/edit');
    expect(link.className).toBe('filing__fix');
  });

  it('is picked with its checkbox, labelled by the animal', () => {
    const { onSelect } = renderItem(yuri);
    fireEvent.click(screen.getByRole('checkbox', { name: '9999 ゆりを選ぶ' }));
    expect(onSelect).toHaveBeenCalledWith(true);
    expect(screen.queryByText(/未入力/)).toBeNull();
    // The checkbox sits in a label that is the 44 px target (filings.css: .filing__check).
    expect(screen.getByRole('checkbox').parentElement?.className).toBe('filing__check');
  });
});

describe('Worksheet (the printed A4 sheet)', () => {
  it('is headed with the farm’s name, its 農家コード and the print date, and lists ear tag and name first', () => {
    render(
      <Worksheet
        kind="BIRTH"
        status="pending"
        filings={[calf, yuri]}
        farm={{ name: '北牧場（デモ）', farmerCode: '0123456789' }}
        printedOn="2026-11-28"
      />,
    );
    const sheet = document.querySelector('.filings-worksheet') as HTMLElement;
    expect(sheet.querySelector('h1')?.textContent).toBe('届出用紙（出生・未届出）');
    const heading = [...sheet.querySelectorAll('.filings-worksheet__heading div')].map((d) => d.textContent);
    expect(heading).toEqual(['農場名北牧場（デモ）', '農家コード0123456789', '印刷日2026/11/28', '件数2件']);
    const headers = [...sheet.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual([
      '耳標',
      '名号',
      '農家コード',
      '個体識別番号',
      '生年月日',
      '性別',
      '品種',
      '母牛の個体識別番号',
      '期限',
    ]);
    const rows = [...sheet.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      [
        '',
        '未登録 子牛（0123 はなの子）',
        '0123456789',
        '',
        '2026/11/21',
        '雌',
        '黒毛和種',
        '0812345675',
        '2026/11/28',
      ],
      ['9999', 'ゆり', '0123456789', '1480099991', '2026/11/21', '雌', '黒毛和種', '0812345675', '2026/11/28'],
    ]);
  });

  it('says when the farm has no 農家コード yet', () => {
    render(
      <Worksheet
        kind="DEATH"
        status="filed"
        filings={[]}
        farm={{ name: '南牧場', farmerCode: null }}
        printedOn="2027-02-01"
      />,
    );
    const heading = [...document.querySelectorAll('.filings-worksheet__heading div')].map((d) => d.textContent);
    expect(heading).toEqual(['農場名南牧場', '農家コード（未設定）', '印刷日2027/02/01', '件数0件']);
  });
});
