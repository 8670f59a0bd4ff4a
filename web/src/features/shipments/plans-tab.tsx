import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { addMonths, formatDateJa, jstMonth } from '@worker/domain/calendar';
import { restrictedInMonth } from '@worker/domain/withdrawal';
import { useId, useState } from 'react';
import { type PlanListItem, plansQuery } from '../../api/shipments';
import { FormError } from '../../components/form';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { animalLabel, genderLabel, monthLabel } from './format';
import { usePlanMutations } from './mutations';
import { PlanForm, plannableMonths } from './plan-form';
import type { ShipmentsSearch } from './shipments-search';

/** The board shows the overdue column, this month and the next five, plus any later month that has plans. */
function boardColumns(plans: PlanListItem[]) {
  const current = jstMonth();
  const months = new Set(Array.from({ length: 6 }, (_, i) => addMonths(current, i)));
  for (const p of plans) if (p.plannedShipmentMonth >= current) months.add(p.plannedShipmentMonth);
  const columns = [...months]
    .sort()
    .map((month) => ({ key: month, month, plans: plans.filter((p) => p.plannedShipmentMonth === month) }));
  const overdue = plans.filter((p) => p.plannedShipmentMonth < current);
  return overdue.length ? [{ key: 'overdue', month: null, plans: overdue }, ...columns] : columns;
}

export function PlansTab({ onNotice }: { onNotice: (message: string) => void }) {
  const { t, locale } = useI18n();
  const plans = useQuery(plansQuery());
  const [adding, setAdding] = useState(false);
  const { move, cancel } = usePlanMutations();
  const error = describeError(move.error ?? cancel.error).message ?? Object.values(describeError(move.error).fields)[0];

  if (plans.isLoading) return <Loading />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => plans.refetch()} />;
  const results = plans.data?.results ?? [];
  const current = jstMonth();

  return (
    <div className="shipments-tab">
      {adding ? (
        <section className="card" aria-labelledby="plan-title">
          <h2 id="plan-title">{t('shipments.planTitle')}</h2>
          <PlanForm
            onDone={(message) => {
              onNotice(message);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : (
        <div className="toolbar">
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('shipments.planAdd')}
          </button>
        </div>
      )}
      <FormError message={error} />
      {results.length === 0 ? (
        <EmptyState title={t('shipments.planEmpty')}>
          <p>{t('shipments.planEmptyHint')}</p>
        </EmptyState>
      ) : null}
      <div className="plan-board">
        {boardColumns(results).map((column) => {
          const title = column.month
            ? `${monthLabel(column.month, locale)}${column.month === current ? t('common.paren', { text: t('shipments.thisMonth') }) : ''}`
            : t('shipments.overdue');
          return (
            <section
              key={column.key}
              className={`plan-column card${column.month ? '' : ' plan-column--overdue'}`}
              aria-label={title}
            >
              <h2 className="plan-column__title">
                {title}{' '}
                <span className="plan-column__count">{t('shipments.headCount', { n: column.plans.length })}</span>
              </h2>
              <ul className="plan-cards">
                {column.plans.map((plan) => (
                  <PlanCard
                    key={plan.planId}
                    plan={plan}
                    pending={move.isPending || cancel.isPending}
                    onMove={(month) =>
                      move.mutate(
                        { cattleId: plan.cattleId, plannedShipmentMonth: month },
                        { onSuccess: () => onNotice(t('shipments.moved', { month: monthLabel(month, locale) })) },
                      )
                    }
                    onCancel={() => {
                      if (window.confirm(t('shipments.confirmCancelPlan', { animal: animalLabel(plan) }))) {
                        cancel.mutate(plan.cattleId, { onSuccess: () => onNotice(t('shipments.planCancelled')) });
                      }
                    }}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

function PlanCard({
  plan,
  pending,
  onMove,
  onCancel,
}: {
  plan: PlanListItem;
  pending: boolean;
  onMove: (month: string) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate({ from: '/shipments' });
  const selectId = useId();
  const months = plannableMonths();
  const [target, setTarget] = useState(
    months.includes(plan.plannedShipmentMonth) ? plan.plannedShipmentMonth : months[0],
  );
  const label = animalLabel(plan);
  return (
    <li className="plan-card" data-cattle-id={plan.cattleId}>
      <p className="plan-card__animal">
        <span className={plan.earTagNumber ? 'plan-card__tag' : 'plan-card__tag is-missing'}>
          {plan.earTagNumber ? (
            <>
              <span className="visually-hidden">{t('shipments.earTag')} </span>
              {plan.earTagNumber}
            </>
          ) : (
            t('shipments.noEarTag')
          )}
        </span>{' '}
        <strong className="plan-card__name">{plan.cattleName ?? plan.identificationNumber ?? '—'}</strong>
      </p>
      <span className="muted">
        {[
          genderLabel(plan.gender, locale),
          plan.monthsOldAtPlannedMonth ? t('shipments.ageAtMonth', { n: plan.monthsOldAtPlannedMonth }) : null,
        ]
          .filter(Boolean)
          .join(t('shipments.separator'))}
      </span>
      {restrictedInMonth(plan.plannedShipmentMonth, plan.withdrawalMeatUntil) ? (
        <p className="plan-row__warning" role="note">
          {t('shipments.planWithdrawal', { date: formatDateJa(plan.withdrawalMeatUntil) })}
        </p>
      ) : null}
      <div className="plan-card__move">
        <label htmlFor={selectId} className="visually-hidden">
          {t('shipments.moveTo', { animal: label })}
        </label>
        <select id={selectId} className="control" value={target} onChange={(e) => setTarget(e.target.value)}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m, locale)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={pending || target === plan.plannedShipmentMonth}
          onClick={() => onMove(target)}
        >
          {t('shipments.move')}
          <span className="visually-hidden">{t('common.paren', { text: label })}</span>
        </button>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            void navigate({ search: (s: ShipmentsSearch) => ({ ...s, tab: 'records', record: plan.cattleId }) })
          }
        >
          {t('shipments.recordThis')}
          <span className="visually-hidden">{t('common.paren', { text: label })}</span>
        </button>
        <button type="button" className="button button--ghost" disabled={pending} onClick={onCancel}>
          {t('shipments.cancelPlan')}
          <span className="visually-hidden">{t('common.paren', { text: label })}</span>
        </button>
      </div>
    </li>
  );
}
