import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateJa } from '@worker/domain/calendar';
import { formatCarcass } from '@worker/domain/carcass';
import { MOTHER_SORT_KEYS, type MotherSortKey, mothersQuerySchema } from '@worker/shipments/shipments.schemas';
import { type FormEvent, useState } from 'react';
import { type MotherGroup, mothersQuery } from '../../api/shipments';
import { SelectField, TextField } from '../../components/form';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { genderLabel, manYen, yen } from './format';

const PAGE_SIZE = 20;
const sortLabels: Record<MotherSortKey, string> = {
  motherName: 'shipments.sortMotherName',
  totalRevenue: 'shipments.sortTotalRevenue',
  averagePrice: 'shipments.sortAveragePrice',
  shipmentDate: 'shipments.sortShipmentDate',
};

/** A dam with her shipped calves' totals and carcass figures, then each calf's line. */
function MotherCard({ mother }: { mother: MotherGroup }) {
  const { t, locale } = useI18n();
  return (
    <li className="card mother-card">
      <h2 className="mother-card__title">
        {mother.motherEarTag ? `#${mother.motherEarTag} ` : ''}
        {mother.motherName}
        <span className="mother-card__revenue">{manYen(mother.summary.totalRevenue, locale)}</span>
      </h2>
      <p className="muted">
        {t('shipments.motherSummary', {
          count: mother.summary.shipmentCount,
          price: yen(mother.summary.averagePrice, locale),
          weight: mother.summary.averageWeight === null ? '—' : t('shipments.kg', { n: mother.summary.averageWeight }),
          age: mother.summary.averageAge === null ? '—' : t('shipments.months', { n: mother.summary.averageAge }),
        })}
      </p>
      {mother.meanCarcassWeightKg !== null || mother.grade45Rate !== null ? (
        <p className="muted">
          {t('shipments.motherCarcass', {
            weight: mother.meanCarcassWeightKg === null ? '—' : t('shipments.kg', { n: mother.meanCarcassWeightKg }),
            rate: mother.grade45Rate === null ? '—' : `${mother.grade45Rate}%`,
          })}
        </p>
      ) : null}
      <section className="table-scroll" tabIndex={0} aria-label={mother.motherName}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('shipments.calf')}</th>
              <th scope="col">{t('shipments.sex')}</th>
              <th scope="col">{t('shipments.pedigree')}</th>
              <th scope="col">{t('shipments.breedingDate')}</th>
              <th scope="col">{t('shipments.expectedBirthDate')}</th>
              <th scope="col">{t('shipments.birthDate')}</th>
              <th scope="col">{t('shipments.shipmentDate')}</th>
              <th scope="col">{t('shipments.weight')}</th>
              <th scope="col">{t('shipments.ageAtShipment')}</th>
              <th scope="col">{t('shipments.price')}</th>
              <th scope="col">{t('shipments.carcass')}</th>
              <th scope="col">{t('shipments.buyer')}</th>
              <th scope="col">{t('shipments.notes')}</th>
            </tr>
          </thead>
          <tbody>
            {mother.calves.map((calf) => (
              <tr key={calf.calfId}>
                <th scope="row">{calf.calfName ?? calf.calfId}</th>
                <td>{genderLabel(calf.sex, locale)}</td>
                <td>
                  {[
                    calf.pedigree.father,
                    calf.pedigree.motherFather,
                    calf.pedigree.motherGrandfather,
                    calf.pedigree.motherMotherGrandfather,
                  ]
                    .map((n) => n ?? '—')
                    .join(t('shipments.separator'))}
                </td>
                <td>{formatDateJa(calf.breedingDate)}</td>
                <td>{formatDateJa(calf.expectedBirthDate)}</td>
                <td>{formatDateJa(calf.birthDate)}</td>
                <td>{formatDateJa(calf.shipmentDate)}</td>
                <td>{calf.shipmentWeight ?? ''}</td>
                <td>{calf.ageAtShipment ?? ''}</td>
                <td>{yen(calf.price, locale)}</td>
                <td>{formatCarcass(calf.carcass)}</td>
                <td>{calf.buyer ?? ''}</td>
                <td>{calf.notes ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </li>
  );
}

export function MothersTab() {
  const { t } = useI18n();
  const [sortBy, setSortBy] = useState<MotherSortKey>('totalRevenue');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [filterBy, setFilterBy] = useState<'' | 'year' | 'motherName'>('');
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState<{ filterBy?: 'year' | 'motherName'; filterValue?: string }>({});
  const [filterErrors, setFilterErrors] = useState<FieldErrors>({});
  const [page, setPage] = useState(1);
  const mothers = useQuery({
    ...mothersQuery({ page, limit: PAGE_SIZE, sortBy, sortOrder, ...filter }),
    placeholderData: keepPreviousData,
  });

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    // A year typed full-width (２０２５) is read as 2025, as the API reads it (docs/product.md §18).
    const value = filterText.normalize('NFKC').trim();
    const next = filterBy && value ? { filterBy, filterValue: value } : {};
    const parsed = mothersQuerySchema.safeParse(next);
    if (!parsed.success) return setFilterErrors(zodFieldErrors(parsed.error));
    setFilterErrors({});
    setPage(1);
    setFilter(next);
  };
  const pages = mothers.data ? Math.max(1, Math.ceil(mothers.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="shipments-tab">
      <form className="card mothers-controls" onSubmit={applyFilter}>
        <SelectField
          label={t('shipments.sortBy')}
          value={sortBy}
          onChange={(e) => {
            setSortBy(e.target.value as MotherSortKey);
            setPage(1);
          }}
        >
          {MOTHER_SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(sortLabels[key])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('shipments.sortOrder')}
          value={sortOrder}
          onChange={(e) => {
            setSortOrder(e.target.value as 'asc' | 'desc');
            setPage(1);
          }}
        >
          <option value="desc">{t('shipments.desc')}</option>
          <option value="asc">{t('shipments.asc')}</option>
        </SelectField>
        <SelectField
          label={t('shipments.filterBy')}
          value={filterBy}
          onChange={(e) => setFilterBy(e.target.value as '' | 'year' | 'motherName')}
        >
          <option value="">{t('shipments.filterNone')}</option>
          <option value="year">{t('shipments.filterYear')}</option>
          <option value="motherName">{t('shipments.filterMotherName')}</option>
        </SelectField>
        <TextField
          label={t('shipments.filterValue')}
          value={filterText}
          onChange={(e) => setFilterText(e.target.value)}
          inputMode={filterBy === 'year' ? 'numeric' : undefined}
          placeholder={filterBy === 'year' ? '2025' : undefined}
          disabled={!filterBy}
          error={filterErrors.filterValue}
        />
        <div className="actions">
          <button type="submit" className="button">
            {t('shipments.filterApply')}
          </button>
        </div>
      </form>
      {mothers.isLoading ? (
        <Loading />
      ) : mothers.isError ? (
        <ErrorState error={mothers.error} onRetry={() => mothers.refetch()} />
      ) : !mothers.data || mothers.data.mothers.length === 0 ? (
        <EmptyState title={t('shipments.mothersEmpty')} />
      ) : (
        <>
          <ul className="mother-list">
            {mothers.data.mothers.map((mother) => (
              <MotherCard key={`${mother.motherId ?? ''}-${mother.motherName}`} mother={mother} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
