import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { cattleDetailQuery } from '../../api/cattle';
import { plansQuery, shipmentsQuery } from '../../api/shipments';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import type { ShipmentAnimal } from './animal-picker';
import { monthLabel, yen } from './format';
import './messages';
import './shipments.css';

// The plan and shipment forms (their schemas and fields) load when one is opened, not with the animal's page.
const PlanForm = lazy(() => import('./plan-form').then(({ PlanForm }) => ({ default: PlanForm })));
const ShipmentForm = lazy(() => import('./shipment-form').then(({ ShipmentForm }) => ({ default: ShipmentForm })));

/** The animal's shipment and plan on /cattle/$id, with "plan shipment" and "record shipment". */
export function CattleShipmentPanel({ cattleId }: { cattleId: number }) {
  const { t, locale } = useI18n();
  const [mode, setMode] = useState<'view' | 'plan' | 'record'>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const shipments = useQuery(shipmentsQuery({ cattleId, limit: 1 }));
  const plans = useQuery(plansQuery({ cattleId }));
  const animal = useQuery(cattleDetailQuery(cattleId));
  // Until the animal has loaded, the forms know no more of it than its ID.
  const fixedAnimal: ShipmentAnimal = animal.data ?? {
    cattleId,
    name: null,
    earTagNumber: null,
    identificationNumber: null,
  };
  const shipment = shipments.data?.results[0];
  const plan = plans.data?.results.find((p) => p.cattleId === cattleId);
  const gone = animal.data?.status === 'DEAD';

  let body: ReactNode;
  if (shipments.isLoading || plans.isLoading) body = <Loading />;
  else if (shipments.isError || plans.isError)
    body = (
      <ErrorState
        error={shipments.error ?? plans.error}
        onRetry={() => {
          void shipments.refetch();
          void plans.refetch();
        }}
      />
    );
  else if (mode !== 'view') {
    const Form = mode === 'plan' ? PlanForm : ShipmentForm;
    body = (
      <Suspense fallback={<Loading />}>
        <Form
          animal={fixedAnimal}
          onDone={(message) => {
            setNotice(message);
            setMode('view');
          }}
          onCancel={() => setMode('view')}
        />
      </Suspense>
    );
  } else
    body = (
      <>
        {shipment ? (
          <dl className="facts">
            <dt>{t('shipments.shipmentDate')}</dt>
            <dd>{t('shipments.panelShipped', { date: formatDateJa(shipment.shipmentDate) })}</dd>
            <dt>{t('shipments.price')}</dt>
            <dd>{yen(shipment.price, locale)}</dd>
            {shipment.weight ? (
              <>
                <dt>{t('shipments.weight')}</dt>
                <dd>{t('shipments.kg', { n: shipment.weight })}</dd>
              </>
            ) : null}
            {shipment.ageAtShipment ? (
              <>
                <dt>{t('shipments.ageAtShipment')}</dt>
                <dd>{t('shipments.months', { n: shipment.ageAtShipment })}</dd>
              </>
            ) : null}
            {shipment.buyer ? (
              <>
                <dt>{t('shipments.buyer')}</dt>
                <dd>{shipment.buyer}</dd>
              </>
            ) : null}
          </dl>
        ) : plan ? (
          <p>{t('shipments.panelPlanned', { month: monthLabel(plan.plannedShipmentMonth, locale) })}</p>
        ) : (
          <p className="muted">{t('shipments.panelNone')}</p>
        )}
        {!shipment && !gone ? (
          <div className="actions">
            {!plan ? (
              <button type="button" className="button" onClick={() => setMode('plan')}>
                {t('shipments.planShipment')}
              </button>
            ) : (
              <Link to="/shipments" search={{ tab: 'plans' }} className="button">
                {t('shipments.tabPlans')}
              </Link>
            )}
            <button type="button" className="button button--primary" onClick={() => setMode('record')}>
              {t('shipments.recordShipment')}
            </button>
          </div>
        ) : null}
      </>
    );

  return (
    <section className="card shipment-panel" aria-labelledby={`shipment-panel-${cattleId}`}>
      <h2 id={`shipment-panel-${cattleId}`}>{t('shipments.panelTitle')}</h2>
      {notice ? (
        <div className="alert alert--success" role="status">
          {notice}
        </div>
      ) : null}
      {body}
    </section>
  );
}
