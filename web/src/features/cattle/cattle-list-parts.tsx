import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { CATTLE_STATUSES, GENDERS, GROWTH_STAGES, IN_HERD_STATUSES } from '@worker/domain/cattle-enums';
import { FileUp } from 'lucide-react';
import type { CattleListItem, CattleListSearch } from '../../api/cattle';
import { pensQuery } from '../../api/pens';

type StatusCounts = Partial<Record<string, number>>;

import { StatusBadge } from '../../components/badges';
import { EmptyState } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { AlertMarker, CattleRowHead, useAgeLabel, useSexAndAge, WithdrawalBadge } from './cattle-badges';
import './messages';

type Update = (patch: Partial<CattleListSearch>) => void;

/** The animals chosen for a group record (§26), when the list offers choosing. */
export interface Selection {
  ids: ReadonlySet<number>;
  toggle: (id: number) => void;
}

/** The box that chooses an animal, 44 px square, labelled with the animal. */
function SelectBox({ cow, selection }: { cow: CattleListItem; selection: Selection }) {
  const { t } = useI18n();
  const label = [cow.earTagNumber, cow.name].filter(Boolean).join(' ');
  return (
    <label className="select-box">
      <input
        type="checkbox"
        checked={selection.ids.has(cow.cattleId)}
        onChange={() => selection.toggle(cow.cattleId)}
        aria-label={t('cattle.selectAnimal', { label })}
      />
    </label>
  );
}

/** 飼養中, each status and 全頭, each with its count. */
export function StatusTabs({
  search,
  counts,
  update,
}: {
  search: CattleListSearch;
  counts: StatusCounts | undefined;
  update: Update;
}) {
  const { t } = useI18n();
  const inHerdCount = counts ? IN_HERD_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  return (
    <nav className="status-tabs" aria-label={t('cattle.statusLabel')}>
      <button
        type="button"
        className="chip chip--solid"
        aria-pressed={!search.status}
        onClick={() => update({ status: undefined })}
      >
        {t('cattle.inHerd')} <span className="status-tab__count">{inHerdCount ?? '–'}</span>
      </button>
      {CATTLE_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          className="chip chip--solid"
          aria-pressed={search.status === status}
          onClick={() => update({ status })}
        >
          {t(`cattle.status.${status}`)} <span className="status-tab__count">{counts?.[status] ?? '–'}</span>
        </button>
      ))}
      <button
        type="button"
        className="chip chip--solid"
        aria-pressed={search.status === 'ALL'}
        onClick={() => update({ status: 'ALL' })}
      >
        {t('cattle.all')} <span className="status-tab__count">{counts?.total ?? '–'}</span>
      </button>
    </nav>
  );
}

/** The sort and its direction. */
export function SortSelects({ search, update }: { search: CattleListSearch; update: Update }) {
  const { t } = useI18n();
  return (
    <>
      <label className="inline-select">
        <span className="inline-select__label">{t('cattle.sort')}</span>
        <select
          className="control"
          value={search.sortBy ?? 'id'}
          onChange={(e) => update({ sortBy: e.target.value as CattleListSearch['sortBy'] })}
        >
          <option value="id">{t('cattle.sortId')}</option>
          <option value="name">{t('cattle.sortName')}</option>
          <option value="days_old">{t('cattle.sortDaysOld')}</option>
          <option value="days_open">{t('cattle.sortDaysOpen')}</option>
          <option value="ear_tag">{t('cattle.sortEarTag')}</option>
          <option value="due_date">{t('cattle.sortDueDate')}</option>
          <option value="pen">{t('cattle.sortPen')}</option>
        </select>
      </label>
      <label className="inline-select">
        <span className="visually-hidden">{t('cattle.sort')}</span>
        <select
          className="control"
          aria-label={`${t('cattle.sort')} ${t('cattle.desc')}/${t('cattle.asc')}`}
          value={search.sortOrder ?? 'desc'}
          onChange={(e) => update({ sortOrder: e.target.value as 'asc' | 'desc' })}
        >
          <option value="desc">{t('cattle.desc')}</option>
          <option value="asc">{t('cattle.asc')}</option>
        </select>
      </label>
    </>
  );
}

/** Sex, growth stage, barn, breed and 'with alerts'; 条件をクリア clears them all with the search text. */
export function FiltersPanel({
  search,
  update,
  onClear,
}: {
  search: CattleListSearch;
  update: Update;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const toggle = (key: 'gender' | 'growth_stage', value: string) => {
    const current = search[key] ?? [];
    update({ [key]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] });
  };
  return (
    <section id="cattle-filters" className="card filters" aria-label={t('cattle.filters')}>
      <fieldset className="chip-group">
        <legend>{t('cattle.genderLabel')}</legend>
        {GENDERS.map((g) => (
          <button
            key={g}
            type="button"
            className="chip"
            aria-pressed={search.gender?.includes(g) ?? false}
            onClick={() => toggle('gender', g)}
          >
            {t(`cattle.gender.${g}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="chip-group">
        <legend>{t('cattle.growthStageLabel')}</legend>
        {GROWTH_STAGES.map((s) => (
          <button
            key={s}
            type="button"
            className="chip"
            aria-pressed={search.growth_stage?.includes(s) ?? false}
            onClick={() => toggle('growth_stage', s)}
          >
            {t(`cattle.growthStage.${s}`)}
          </button>
        ))}
      </fieldset>
      <div className="filters__row">
        <label className="field">
          <span>{t('cattle.barn')}</span>
          <input
            defaultValue={search.barn ?? ''}
            onBlur={(e) => update({ barn: e.target.value.trim() || undefined })}
          />
        </label>
        <label className="field">
          <span>{t('cattle.breed')}</span>
          <input
            defaultValue={search.breed ?? ''}
            onBlur={(e) => update({ breed: e.target.value.trim() || undefined })}
          />
        </label>
      </div>
      <PenFilter search={search} update={update} />
      <div className="filters__row">
        <button
          type="button"
          className="chip"
          aria-pressed={search.has_alert === 'true'}
          onClick={() => update({ has_alert: search.has_alert ? undefined : 'true' })}
        >
          {t('cattle.hasAlert')}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onClear}>
          {t('cattle.clearFilters')}
        </button>
      </div>
    </section>
  );
}

/** The pen filter (§26): every pen of the farm, or the animals in none. */
function PenFilter({ search, update }: { search: CattleListSearch; update: Update }) {
  const { t } = useI18n();
  const pens = useQuery(pensQuery);
  if (!pens.data?.length) return null;
  return (
    <label className="field">
      <span>{t('cattle.pen')}</span>
      <select
        className="control"
        value={search.penId ?? ''}
        onChange={(e) => update({ penId: e.target.value || undefined })}
      >
        <option value="">{t('cattle.anyPen')}</option>
        {pens.data.map((pen) => (
          <option key={pen.id} value={String(pen.id)}>
            {pen.name}
          </option>
        ))}
        <option value="none">{t('cattle.noPen')}</option>
      </select>
    </label>
  );
}

/** No animal: on an empty herd, the way to bring one in or register one. */
export function EmptyHerd({ filtered }: { filtered: boolean }) {
  const { t } = useI18n();
  return (
    <EmptyState title={filtered ? t('cattle.empty') : t('cattle.emptyHerd')}>
      {!filtered ? (
        <div className="page__actions" style={{ justifyContent: 'center' }}>
          <Link to="/cattle/import" className="button button--primary">
            <FileUp size={20} aria-hidden="true" />
            {t('cattle.importCsv')}
          </Link>
          <Link to="/cattle/new" className="button">
            {t('cattle.register')}
          </Link>
        </div>
      ) : null}
    </EmptyState>
  );
}

/** The herd on a wide screen: a table. */
export function HerdTable({ rows, selection }: { rows: CattleListItem[]; selection?: Selection }) {
  const { t } = useI18n();
  const ageLabel = useAgeLabel();
  // Sex and age as the phone's rows say them: a heifer calf is not a cow, a newborn's age is in days.
  const sexAndAge = useSexAndAge();
  return (
    <div className="cattle-table-scroll">
      <table className="cattle-table">
        <thead>
          <tr>
            {selection ? (
              <th scope="col">
                <span className="visually-hidden">{t('cattle.select')}</span>
              </th>
            ) : null}
            <th scope="col">{t('cattle.earTag')}</th>
            <th scope="col">{t('cattle.name')}</th>
            <th scope="col">{t('cattle.pen')}</th>
            <th scope="col">{t('cattle.genderLabel')}</th>
            <th scope="col">{t('cattle.age')}</th>
            <th scope="col">{t('cattle.statusLabel')}</th>
            <th scope="col">{t('cattle.expectedCalvingDate')}</th>
            <th scope="col">{t('cattle.daysOpenLabel')}</th>
            <th scope="col">{t('cattle.alerts')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((cow) => {
            const [sex, age] = cow.gender ? sexAndAge(cow) : ['—', ageLabel(cow.monthsOld)];
            return (
              <tr key={cow.cattleId}>
                {selection ? (
                  <td>
                    <SelectBox cow={cow} selection={selection} />
                  </td>
                ) : null}
                <td className="cattle-table__tag">{cow.earTagNumber ?? '—'}</td>
                <td>
                  <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="cattle-table__name">
                    {cow.name ?? '—'}
                  </Link>
                </td>
                <td>{cow.pen?.name ?? '—'}</td>
                <td>{sex}</td>
                <td>{age ?? '—'}</td>
                <td>
                  <StatusBadge status={cow.status} />
                  <WithdrawalBadge withdrawal={cow.withdrawal} />
                </td>
                <td>{cow.breeding.expectedCalvingDate ? formatDateJa(cow.breeding.expectedCalvingDate) : '—'}</td>
                <td className="cattle-table__number">{cow.breeding.daysOpen ?? '—'}</td>
                <td>
                  <AlertMarker count={cow.alerts.alertCount} severity={cow.alerts.highestSeverity} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The herd on a phone: a row per animal, its due date or open days on a line of its own. */
export function HerdRows({ rows, selection }: { rows: CattleListItem[]; selection?: Selection }) {
  const { t } = useI18n();
  return (
    <ul className="cattle-list">
      {rows.map((cow) => (
        <li key={cow.cattleId} className={selection ? 'selectable-row' : undefined}>
          {selection ? <SelectBox cow={cow} selection={selection} /> : null}
          <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="cattle-row">
            <CattleRowHead cow={cow}>
              {/* The due date on a line of its own, never cut off on a phone. */}
              {cow.breeding.expectedCalvingDate ? (
                <span className="cattle-row__due">
                  {t('cattle.expectedCalving', { date: formatDateJa(cow.breeding.expectedCalvingDate) })}
                </span>
              ) : cow.breeding.daysOpen !== null ? (
                <span className="cattle-row__due">{t('cattle.daysOpen', { days: cow.breeding.daysOpen })}</span>
              ) : null}
              {cow.pen ? <span className="cattle-row__due">{`${t('cattle.pen')} ${cow.pen.name}`}</span> : null}
            </CattleRowHead>
            <span className="cattle-row__side">
              <StatusBadge status={cow.status} />
              <WithdrawalBadge withdrawal={cow.withdrawal} />
              <AlertMarker count={cow.alerts.alertCount} severity={cow.alerts.highestSeverity} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
