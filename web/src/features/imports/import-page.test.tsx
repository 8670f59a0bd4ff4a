import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport, ImportRow } from '../../api/imports';
import { setToken } from '../../lib/auth-token';
import { setCurrentFarmId } from '../../lib/current-farm';
import { json, type SentRequest, stubFetch } from '../../test/fetch-stub';
import { renderWithQueries } from '../../test/render';
import { ImportPage } from './import-page';
import '../../lib/messages';

vi.mock('@tanstack/react-router', () => import('../../test/router-stub'));

const row = (
  line: number,
  action: ImportRow['action'],
  earTag: string,
  errors: ImportRow['errors'] = [],
): ImportRow => ({
  line,
  action,
  identificationNumber: `08${line}1234567`.slice(0, 10),
  values: { earTagNumber: earTag, name: `牛${line}`, gender: '雌' },
  errors,
  warnings: [],
});

/** A three-row file: two new animals and one whose birthday cannot be read. */
const withError = (dryRun: boolean, skipped = 0): ImportReport => ({
  dryRun,
  encoding: 'shift_jis',
  columns: [
    { header: '耳標番号', field: 'earTagNumber' },
    { header: '名号', field: 'name' },
    { header: '生年月日', field: 'birthday' },
    { header: 'メモ欄', field: null },
  ],
  summary: { rows: 3, create: 2, update: 0, unchanged: 0, errors: 1, skipped },
  newPens: [],
  rows: [
    row(2, 'create', '0101'),
    row(3, 'create', '0102'),
    row(4, 'error', '0103', [{ field: 'birthday', message: '生年月日を読み取れません', value: '令和九十年' }]),
  ],
});

const allValid = (dryRun: boolean): ImportReport => ({
  ...withError(dryRun),
  summary: { rows: 2, create: 2, update: 0, unchanged: 0, errors: 0, skipped: 0 },
  rows: [row(2, 'create', '0101'), row(3, 'create', '0102')],
});

let role = 'owner';
let answers: Record<string, (request: SentRequest) => Response>;
let stub: ReturnType<typeof stubFetch>;

beforeEach(() => {
  role = 'owner';
  answers = {};
  setToken('t');
  setCurrentFarmId(1);
  stub = stubFetch((request) => {
    if (request.path === '/api/v1/farms') return json(200, { data: [{ id: 1, name: '北牧場', role }] });
    const key = `${request.query.get('dryRun')}/${request.query.get('skipInvalid')}`;
    if (request.path === '/api/v1/imports/cattle') return answers[key]?.(request);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setCurrentFarmId(null);
});

const imports = () => stub.to('POST', '/api/v1/imports/cattle');
const choose = async (file: File) => {
  const input = (await screen.findByLabelText('CSVファイルを選ぶ')) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};
const csv = (text = '耳標番号,名号\n0101,牛2\n') => new File([text], 'herd.csv', { type: 'text/csv' });

describe('ImportPage: the preview', () => {
  it('sends the file as it is for a dry run and shows what it would do, the rows in error and why nothing can go in whole', async () => {
    answers['true/false'] = () => json(200, { data: withError(true) });
    renderWithQueries(<ImportPage />);
    const file = csv();
    await choose(file);

    await screen.findByText('生年月日を読み取れません', { exact: false });
    expect(imports()).toHaveLength(1);
    expect(imports()[0].body).toBe(file);
    expect(imports()[0].headers.get('Content-Type')).toBe('text/csv');
    expect(imports()[0].headers.get('X-Farm-Id')).toBe('1');
    // All or nothing is off while a row is in error; the rows without errors can go in alone (3 - 1 = 2).
    expect((screen.getByRole('button', { name: '3行を取り込む' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'エラーの行を除いて取り込む（2行）' })).toBeTruthy();
  });

  it('refuses a file over 2 MB before sending it', async () => {
    renderWithQueries(<ImportPage />);
    await choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ファイルが大きすぎます（2MBまで）。ファイルを分けて取り込んでください。',
    );
    expect(imports()).toHaveLength(0);
  });

  it('says why a file could not be read (the API’s message)', async () => {
    answers['true/false'] = () =>
      json(400, { error: { code: 'IMPORT_EMPTY', message: 'ファイルに牛の行がありません', requestId: 'r' } });
    renderWithQueries(<ImportPage />);
    await choose(csv(''));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ファイルを読めませんでした');
    expect(alert.textContent).toContain('ファイルに牛の行がありません');
  });
});

describe('ImportPage: importing', () => {
  it('leaves the rows in error out when asked: skipInvalid, then what went in and how many rows stayed out', async () => {
    answers['true/false'] = () => json(200, { data: withError(true) });
    answers['false/true'] = () => json(200, { data: withError(false, 1) });
    renderWithQueries(<ImportPage />);
    await choose(csv());
    fireEvent.click(await screen.findByRole('button', { name: 'エラーの行を除いて取り込む（2行）' }));

    await screen.findByText('取り込みが終わりました');
    expect(imports().map((r) => [r.query.get('dryRun'), r.query.get('skipInvalid')])).toEqual([
      ['true', 'false'],
      ['false', 'true'],
    ]);
    expect(screen.getByTestId('import-done-summary').textContent).toBe('新規 2頭・更新 0頭・変更なし 0頭');
    expect(screen.getByTestId('import-done-skipped').textContent).toContain('エラーのあった1行は取り込んでいません');
  });

  it('all or nothing: a row found in error at import writes nothing and shows the report it was refused with', async () => {
    answers['true/false'] = () => json(200, { data: allValid(true) });
    answers['false/false'] = () =>
      json(400, {
        error: { code: 'IMPORT_INVALID', message: '取り込めない行があります', requestId: 'r' },
        data: withError(false),
      });
    renderWithQueries(<ImportPage />);
    await choose(csv());
    fireEvent.click(await screen.findByRole('button', { name: '2行を取り込む' }));

    await screen.findByText('取り込めない行があります。何も登録していません。');
    expect(screen.getByText('生年月日を読み取れません', { exact: false })).toBeTruthy();
    expect(screen.queryByText('取り込みが終わりました')).toBeNull();
    expect(imports().map((r) => r.query.get('dryRun'))).toEqual(['true', 'false']);
  });

  it('a viewer is told why and gets no file picker', async () => {
    role = 'viewer';
    renderWithQueries(<ImportPage />);
    await screen.findByRole('heading', { name: '閲覧のみのメンバーは取り込めません' });
    expect(screen.queryByLabelText('CSVファイルを選ぶ')).toBeNull();
    expect(imports()).toHaveLength(0);
  });
});
