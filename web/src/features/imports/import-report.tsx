import { formatDateJa } from '@worker/domain/calendar';
import { GENDER_LABELS } from '@worker/domain/cattle-enums';
import { PREGNANCY_RESULT_LABELS } from '@worker/domain/event-types';
import { AlertTriangle } from 'lucide-react';
import { Fragment, useState, useSyncExternalStore } from 'react';
import type { ImportAction, ImportReport, ImportRow, ImportRowValues } from '../../api/imports';
import { useI18n } from '../../lib/i18n';
import './messages';

const ACTIONS: readonly ImportAction[] = ['create', 'update', 'unchanged', 'error'];
const PAGE = 100;
const WIDE = '(min-width: 700px)';

const count = (n: number) => n.toLocaleString('ja-JP');

/** Whether the screen is wide enough for a table; a phone gets a list of cards. */
function useWide() {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/** The fields the preview shows beside the number: always the animal's names and birthday, the rest when in the file. */
type ShownField = keyof ImportRowValues;
const ALWAYS: readonly ShownField[] = ['earTagNumber', 'name', 'birthday'];
const WHEN_IN_FILE: readonly ShownField[] = [
  'gender',
  'parity',
  'lastCalvingDate',
  'lastServiceDate',
  'lastServiceSire',
  'pregnancy',
  'expectedCalvingDate',
  'pen',
];
const DATES: ReadonlySet<ShownField> = new Set([
  'birthday',
  'arrivalDate',
  'lastCalvingDate',
  'lastServiceDate',
  'expectedCalvingDate',
]);

/** The columns of the preview for this file. */
function shownFields(report: ImportReport): ShownField[] {
  const inFile = new Set(report.columns.map((c) => c.field));
  return [...ALWAYS, ...WHEN_IN_FILE.filter((field) => inFile.has(field))];
}

/** A value as read, in the farmer's words: dates YYYY/MM/DD, enums by their label. */
function useValueText() {
  const { locale } = useI18n();
  return (field: ShownField, values: ImportRowValues): string | null => {
    const value = values[field];
    if (value === undefined) return null;
    if (DATES.has(field)) return formatDateJa(value as string);
    if (field === 'gender') return GENDER_LABELS[value as keyof typeof GENDER_LABELS][locale];
    if (field === 'pregnancy') return PREGNANCY_RESULT_LABELS[value as keyof typeof PREGNANCY_RESULT_LABELS][locale];
    return String(value);
  };
}

/** What the file holds in a cell the import could not take: shown as written, marked wrong. */
const wrongValue = (row: ImportRow, field: string) =>
  row.errors.find((e) => e.field === field && e.value !== '')?.value;

/** A cell of the preview: the value read, or the wrong cell as written, or a dash for a blank one. */
function ValueCell({ row, field }: { row: ImportRow; field: ShownField }) {
  const { t } = useI18n();
  const text = useValueText();
  const wrong = wrongValue(row, field);
  const read = text(field, row.values);
  if (wrong !== undefined && read === null) {
    return (
      <span className="import-value import-value--wrong">
        <span className="visually-hidden">{t('imports.wrongValue')}: </span>
        {wrong}
      </span>
    );
  }
  if (read === null) return <span className="muted">—</span>;
  return <span className={wrong !== undefined ? 'import-value import-value--wrong' : 'import-value'}>{read}</span>;
}

/** The row's number, or the wrong number as written, or 番号なし. */
function RowId({ row }: { row: ImportRow }) {
  const { t } = useI18n();
  if (row.identificationNumber) return <>{row.identificationNumber}</>;
  const wrong = wrongValue(row, 'identificationNumber');
  if (wrong !== undefined) {
    return (
      <span className="import-value--wrong" data-testid="import-wrong-id">
        <span className="visually-hidden">{t('imports.wrongValue')}: </span>
        {wrong}
      </span>
    );
  }
  return <span className="muted">{t('imports.noId')}</span>;
}

function ActionBadge({ action }: { action: ImportAction }) {
  const { t } = useI18n();
  return <span className={`badge import-badge import-badge--${action}`}>{t(`imports.action.${action}`)}</span>;
}

/** The file as the API read it: its encoding, the columns it takes and those it leaves. */
function FileFacts({ report, fileName }: { report: ImportReport; fileName: string }) {
  const { t } = useI18n();
  // A column is known by its place in the file: two columns may share a header (or have none).
  const columns = report.columns.map((column, position) => ({ ...column, position }));
  const matched = columns.filter((c) => c.field !== null);
  const ignored = columns.filter((c) => c.field === null);
  return (
    <section className="card import-facts" aria-labelledby="import-file">
      <h2 id="import-file" className="visually-hidden">
        {t('imports.file')}
      </h2>
      <dl className="facts">
        <dt>{t('imports.file')}</dt>
        <dd>{fileName}</dd>
        <dt>{t('imports.encoding')}</dt>
        <dd data-testid="import-encoding">
          {report.encoding === 'shift_jis' ? t('imports.encodingSjis') : t('imports.encodingUtf8')}
        </dd>
        <dt>{t('imports.rows')}</dt>
        <dd>{t('imports.rowsCount', { count: count(report.summary.rows) })}</dd>
      </dl>
      <h3>{t('imports.columns')}</h3>
      <ul className="import-columns">
        {matched.map((column) => {
          const label = t(`imports.field.${column.field}`);
          return (
            <li key={column.position} className="import-column">
              {column.header === label ? label : `${column.header} → ${label}`}
            </li>
          );
        })}
      </ul>
      <h3>{t('imports.ignored')}</h3>
      {ignored.length ? (
        <ul className="import-columns">
          {ignored.map((column) => (
            <li key={column.position} className="import-column import-column--ignored">
              {column.header || '—'}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('imports.noIgnored')}</p>
      )}
    </section>
  );
}

/** The counts per action: 新規 / 更新 / 変更なし / エラー. */
function Counts({ report }: { report: ImportReport }) {
  const { t } = useI18n();
  const { summary } = report;
  const values: Record<ImportAction, number> = {
    create: summary.create,
    update: summary.update,
    unchanged: summary.unchanged,
    error: summary.errors,
  };
  return (
    <ul className="import-counts" aria-label={t('imports.summary')}>
      {ACTIONS.map((action) => (
        <li
          key={action}
          className={`import-count import-count--${action}${values[action] ? ' is-nonzero' : ''}`}
          data-testid={`import-count-${action}`}
        >
          <span className="import-count__label">{t(`imports.action.${action}`)}</span>
          <span className="import-count__value">{count(values[action])}</span>
        </li>
      ))}
    </ul>
  );
}

function RowNotes({ row }: { row: ImportRow }) {
  const { t } = useI18n();
  if (row.errors.length === 0 && row.warnings.length === 0) return null;
  return (
    <div className="import-row__notes">
      {row.errors.map((error) => (
        <p key={`${error.field}-${error.message}`} className="import-row__error">
          {error.message}
        </p>
      ))}
      {row.warnings.map((warning) => (
        <p key={warning} className="import-row__warning">
          <AlertTriangle size={16} aria-hidden="true" />
          <span className="visually-hidden">{t('imports.warning')}: </span>
          {warning}
        </p>
      ))}
    </div>
  );
}

/** The rows as a table that scrolls sideways in its own box when the file has many columns. */
function RowTable({ rows, fields }: { rows: readonly ImportRow[]; fields: readonly ShownField[] }) {
  const { t } = useI18n();
  return (
    <section className="import-table-wrap" tabIndex={0} aria-label={t('imports.preview')}>
      <table className="import-table">
        <thead>
          <tr>
            <th scope="col">{t('imports.line')}</th>
            <th scope="col">{t('imports.idNumber')}</th>
            <th scope="col">{t('imports.result')}</th>
            {fields.map((field) => (
              <th scope="col" key={field}>
                {t(`imports.field.${field}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.line}>
              <tr className={row.action === 'error' ? 'is-error' : undefined} data-line={row.line}>
                <td className="import-table__line">{row.line}</td>
                <td className="import-id">
                  <RowId row={row} />
                </td>
                <td>
                  <ActionBadge action={row.action} />
                </td>
                {fields.map((field) => (
                  <td key={field} className="import-table__value" data-field={field}>
                    <ValueCell row={row} field={field} />
                  </td>
                ))}
              </tr>
              {row.errors.length || row.warnings.length ? (
                // The row's errors and notes under it, kept in view while the table scrolls sideways.
                <tr className={row.action === 'error' ? 'import-table__notes is-error' : 'import-table__notes'}>
                  <td colSpan={fields.length + 3}>
                    <RowNotes row={row} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** On a phone, what each row was read as, label by label; blank cells are left out. */
function CardValues({ row, fields }: { row: ImportRow; fields: readonly ShownField[] }) {
  const { t } = useI18n();
  const shown = fields.filter((field) => row.values[field] !== undefined || wrongValue(row, field) !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="import-card__values">
      {shown.map((field) => (
        <div key={field} data-field={field}>
          <dt>{t(`imports.field.${field}`)}</dt>
          <dd>
            <ValueCell row={row} field={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RowCards({ rows, fields }: { rows: readonly ImportRow[]; fields: readonly ShownField[] }) {
  const { t } = useI18n();
  return (
    <ul className="import-cards">
      {rows.map((row) => (
        <li
          key={row.line}
          className={row.action === 'error' ? 'import-card is-error' : 'import-card'}
          data-line={row.line}
        >
          <div className="import-card__head">
            <span className="import-card__line">{t('imports.lineN', { line: row.line })}</span>
            <span className="import-id">
              <RowId row={row} />
            </span>
            <ActionBadge action={row.action} />
          </div>
          <CardValues row={row} fields={fields} />
          <RowNotes row={row} />
        </li>
      ))}
    </ul>
  );
}

/** The rows as the import would treat them, errors in place; a table on wide screens, cards on a phone. */
function Rows({ report }: { report: ImportReport }) {
  const { t } = useI18n();
  const wide = useWide();
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const rows = errorsOnly ? report.rows.filter((row) => row.action === 'error') : report.rows;
  const shown = rows.slice(0, limit);
  const fields = shownFields(report);
  return (
    <section className="import-rows" aria-labelledby="import-rows">
      <div className="import-rows__head">
        <h2 id="import-rows">{t('imports.preview')}</h2>
        <button
          type="button"
          className="chip"
          aria-pressed={errorsOnly}
          onClick={() => {
            setErrorsOnly((v) => !v);
            setLimit(PAGE);
          }}
        >
          {t('imports.errorsOnly')}
          {report.summary.errors ? ` (${count(report.summary.errors)})` : ''}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('imports.noErrorRows')}</p>
      ) : wide ? (
        <RowTable rows={shown} fields={fields} />
      ) : (
        <RowCards rows={shown} fields={fields} />
      )}
      {rows.length > shown.length ? (
        <div className="import-rows__more">
          <p className="muted">{t('imports.shown', { shown: count(shown.length), total: count(rows.length) })}</p>
          <button type="button" className="button" onClick={() => setLimit((n) => n + PAGE * 5)}>
            {t('imports.showMore')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The pens the import would make (§26): named in the file, not on the farm yet. */
function NewPens({ report }: { report: ImportReport }) {
  const { t } = useI18n();
  if (report.newPens.length === 0) return null;
  return (
    <section className="card import-new-pens" aria-labelledby="import-new-pens" data-testid="import-new-pens">
      <h2 id="import-new-pens">{t('imports.newPens', { count: count(report.newPens.length) })}</h2>
      <p className="muted">{t('imports.newPensHint')}</p>
      <ul className="import-columns">
        {report.newPens.map((name) => (
          <li key={name} className="import-column">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a file would do: its encoding and columns, the counts per action, the pens it makes, and each row. */
export function ImportReportView({ report, fileName }: { report: ImportReport; fileName: string }) {
  return (
    <>
      <FileFacts report={report} fileName={fileName} />
      <Counts report={report} />
      <NewPens report={report} />
      <Rows key={`${fileName}-${report.summary.rows}`} report={report} />
    </>
  );
}
