/**
 * GET /filings/export (docs/product.md §21, CSV per §10): one row per filing, the NLBC form's fields of its kind in
 * the form's order under Japanese headers, then the animal's 耳標 and 名号 (turn 4), then the filing's due date and
 * state; every date as YYYY/MM/DD. Without a kind, the fields of every
 * kind, each once, in order of first appearance (a kind's rows leave the others' columns empty).
 */
import { formatDateJa, todayJst } from '../domain/calendar';
import {
  FILING_FIELD_LABELS,
  FILING_FIELDS,
  FILING_KINDS,
  FILING_LABELS,
  type FilingKind,
  filingCellText,
} from '../domain/filings';
import type { CsvCell } from '../lib/csv';
import type { Filing } from './filings.schemas';

const STATUS_LABELS = { pending: '未届出', filed: '届出済み' } as const;

export function filingsCsv(rows: readonly Filing[], kind: FilingKind | undefined) {
  const fields = [...new Set((kind ? [kind] : FILING_KINDS).flatMap((k) => FILING_FIELDS[k] as readonly string[]))];
  const headers = [
    '届出',
    ...fields.map((f) => FILING_FIELD_LABELS[f as keyof typeof FILING_FIELD_LABELS].ja),
    '耳標',
    '名号',
    '期限',
    '状態',
    '届出日',
  ];
  const cells: CsvCell[][] = rows.map((r) => [
    FILING_LABELS[r.kind].ja,
    ...fields.map((f) => filingCellText(f, r.fields[f])),
    r.earTagNumber ?? '',
    r.name ?? '',
    formatDateJa(r.dueDate),
    STATUS_LABELS[r.status],
    formatDateJa(r.filedAt),
  ]);
  const name = kind ? `${FILING_LABELS[kind].ja}届出` : '届出';
  return { filename: `${name}_${todayJst().replaceAll('-', '')}.csv`, headers, cells };
}
