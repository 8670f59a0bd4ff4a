import { formatDateJa } from '@worker/domain/calendar';
import { FILING_FIELDS, FILING_LABELS, type FilingKind, filingCellText } from '@worker/domain/filings';
import type { Filing, FilingStatus } from '../../api/filings';
import { useI18n } from '../../lib/i18n';
import { filingFieldLabel } from './filing-item';
import './messages';

/**
 * The A4 worksheet for the NLBC web form or the JA, shown only when printed: headed with the farm's name, its
 * 農家コード and the print date (§21, turn 4), then one row per filing with the form's fields of the kind, the
 * animal's 耳標 and 名号, and the due date; every date as YYYY/MM/DD.
 */
export function Worksheet({
  kind,
  status,
  filings,
  farm,
  printedOn,
}: {
  kind: FilingKind;
  status: FilingStatus;
  filings: Filing[];
  farm: { name: string; farmerCode: string | null } | null;
  printedOn: string;
}) {
  const { t, locale } = useI18n();
  const fields = FILING_FIELDS[kind] as readonly string[];
  return (
    <section className="filings-worksheet" aria-hidden="true">
      <h1>{t('filings.worksheet', { kind: FILING_LABELS[kind][locale], status: t(`filings.${status}`) })}</h1>
      <dl className="filings-worksheet__heading">
        <div>
          <dt>{t('filings.farmName')}</dt>
          <dd>{farm?.name ?? ''}</dd>
        </div>
        <div>
          <dt>{filingFieldLabel('farmerCode', locale)}</dt>
          <dd>{farm?.farmerCode || t('filings.noFarmerCode')}</dd>
        </div>
        <div>
          <dt>{t('filings.printedOn')}</dt>
          <dd>{formatDateJa(printedOn)}</dd>
        </div>
        <div>
          <dt>{t('filings.count')}</dt>
          <dd>{t('filings.countValue', { n: filings.length })}</dd>
        </div>
      </dl>
      <table>
        <thead>
          <tr>
            <th>{t('filings.earTag')}</th>
            <th>{t('filings.animalName')}</th>
            {fields.map((f) => (
              <th key={f}>{filingFieldLabel(f, locale)}</th>
            ))}
            <th>{t('filings.dueDate')}</th>
          </tr>
        </thead>
        <tbody>
          {filings.map((filing) => (
            <tr key={filing.id}>
              <td>{filing.earTagNumber ?? ''}</td>
              <td>{filing.name ?? filing.label}</td>
              {fields.map((f) => (
                <td key={f}>{filingCellText(f, filing.fields[f])}</td>
              ))}
              <td>{formatDateJa(filing.dueDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
