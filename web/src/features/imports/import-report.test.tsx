import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../api/imports';
import { ImportReportView } from './import-report';

afterEach(cleanup);

/** A preview of a file with a 牛房 column (docs/product.md §26): one pen on the farm, two the import would make. */
const report = (newPens: string[]): ImportReport => ({
  dryRun: true,
  encoding: 'utf-8',
  columns: [
    { header: '個体識別番号', field: 'identificationNumber' },
    { header: 'ペン', field: 'pen' },
  ],
  summary: { rows: 3, create: 3, update: 0, unchanged: 0, errors: 0, skipped: 0 },
  newPens,
  rows: [
    { line: 2, action: 'create', identificationNumber: '0812340017', values: { pen: '1番' }, errors: [], warnings: [] },
    {
      line: 3,
      action: 'create',
      identificationNumber: '0812340024',
      values: { pen: '3番' },
      errors: [],
      warnings: ['新しい牛房「3番」を作ります'],
    },
    {
      line: 4,
      action: 'create',
      identificationNumber: '0812340031',
      values: { pen: '子牛2' },
      errors: [],
      warnings: ['新しい牛房「子牛2」を作ります'],
    },
  ],
});

describe('the import preview with a 牛房 column', () => {
  it('lists the pens the import would make, and shows each row’s pen and its warning', () => {
    render(<ImportReportView report={report(['3番', '子牛2'])} fileName="herd.csv" />);
    const made = screen.getByRole('region', { name: '新しく作る牛房（2）' });
    expect(
      within(made)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3番', '子牛2']);
    expect(made.textContent).toContain('取り込むと、この牛房を作って牛を入れます。');
    // The column read is named as the farmer wrote it, with what it became.
    expect(screen.getByText('ペン → 牛房')).toBeTruthy();
    const cells = [...document.querySelectorAll('[data-field="pen"]')].map((cell) => cell.textContent);
    expect(cells).toEqual(['1番', '3番', '子牛2']);
    expect(screen.getByText('新しい牛房「3番」を作ります')).toBeTruthy();
  });

  it('says nothing about new pens when the farm has every pen the file names', () => {
    render(<ImportReportView report={report([])} fileName="herd.csv" />);
    expect(screen.queryByTestId('import-new-pens')).toBeNull();
  });
});
