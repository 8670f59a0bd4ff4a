import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatDateJa, isIsoDate } from '@worker/domain/calendar';
import { formatCarcass } from '@worker/domain/carcass';
import { type FormEvent, useState } from 'react';
import { cattleDetailQuery } from '../../api/cattle';
import { type ShipmentListItem, shipmentsQuery } from '../../api/shipments';
import { FormError, TextField } from '../../components/form';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { animalLabel, genderLabel, yen } from './format';
import { useShipmentMutations } from './mutations';
import { ShipmentForm } from './shipment-form';
import type { ShipmentsSearch } from './shipments-search';

const PAGE_SIZE = 50;

/** One shipment: date, animal, price, the animal's figures, the carcass result, notes, then 編集 and 削除. */
function ShipmentRow({
  row,
  deleting,
  onEdit,
  onDelete,
}: {
  row: ShipmentListItem;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, locale } = useI18n();
  return (
    <li className="card shipment-row">
      <div className="shipment-row__main">
        <span className="shipment-row__date">{formatDateJa(row.shipmentDate)}</span>
        <strong className="shipment-row__animal">{animalLabel(row)}</strong>
        <span className="shipment-row__price">{yen(row.price, locale)}</span>
      </div>
      <p className="shipment-row__meta muted">
        {[
          genderLabel(row.gender, locale),
          row.ageAtShipment ? t('shipments.months', { n: row.ageAtShipment }) : null,
          row.weight ? t('shipments.kg', { n: row.weight }) : null,
          row.buyer,
        ]
          .filter(Boolean)
          .join(t('shipments.separator'))}
      </p>
      {row.carcass ? (
        <p className="shipment-row__carcass">
          <span className="muted">{t('shipments.carcass')}</span> {formatCarcass(row.carcass)}
        </p>
      ) : null}
      {row.notes ? <p className="shipment-row__notes">{row.notes}</p> : null}
      <div className="actions">
        <button type="button" className="button" onClick={onEdit}>
          {t('shipments.edit')}
          <span className="visually-hidden">{t('common.paren', { text: animalLabel(row) })}</span>
        </button>
        <button type="button" className="button button--danger" onClick={onDelete} disabled={deleting}>
          {t('shipments.delete')}
          <span className="visually-hidden">{t('common.paren', { text: animalLabel(row) })}</span>
        </button>
      </div>
    </li>
  );
}

export function RecordsTab({ search, onNotice }: { search: ShipmentsSearch; onNotice: (message: string) => void }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/shipments' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ShipmentListItem | null>(null);
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const period = {
    from: search.from && isIsoDate(search.from) ? search.from : undefined,
    to: search.to && isIsoDate(search.to) ? search.to : undefined,
  };
  const list = useQuery(shipmentsQuery({ ...period, page, limit: PAGE_SIZE }));
  const recordAnimal = useQuery({ ...cattleDetailQuery(search.record ?? 0), enabled: Boolean(search.record) });
  const { remove } = useShipmentMutations();

  const applyPeriod = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    void navigate({ search: (s: ShipmentsSearch) => ({ ...s, from: from || undefined, to: to || undefined }) });
  };
  const closeRecordForm = () => void navigate({ search: (s: ShipmentsSearch) => ({ ...s, record: undefined }) });
  const confirmDelete = (row: ShipmentListItem) => {
    if (!window.confirm(t('shipments.confirmDelete', { animal: animalLabel(row) }))) return;
    remove.mutate(row.shipmentId, { onSuccess: () => onNotice(t('shipments.deleted')) });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const listError = list.error ?? null;

  return (
    <div className="shipments-tab">
      {search.record ? (
        <section className="card" aria-labelledby="record-title">
          <h2 id="record-title">{t('shipments.addTitle')}</h2>
          {recordAnimal.isLoading ? (
            <Loading />
          ) : recordAnimal.isError ? (
            <ErrorState error={recordAnimal.error} />
          ) : (
            <ShipmentForm
              animal={recordAnimal.data}
              onDone={(message) => {
                onNotice(message);
                closeRecordForm();
              }}
              onCancel={closeRecordForm}
            />
          )}
        </section>
      ) : adding ? (
        <section className="card" aria-labelledby="add-title">
          <h2 id="add-title">{t('shipments.addTitle')}</h2>
          <ShipmentForm
            onDone={(message) => {
              onNotice(message);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      ) : editing ? (
        <section className="card" aria-labelledby="edit-title">
          <h2 id="edit-title">{t('shipments.editTitle')}</h2>
          <ShipmentForm
            editing={editing}
            onDone={(message) => {
              onNotice(message);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : (
        <div className="toolbar">
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('shipments.add')}
          </button>
        </div>
      )}

      <form className="card period-form" onSubmit={applyPeriod}>
        <TextField label={t('shipments.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label={t('shipments.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <div className="actions">
          <button type="submit" className="button">
            {t('shipments.applyPeriod')}
          </button>
          {search.from || search.to ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setFrom('');
                setTo('');
                setPage(1);
                void navigate({ search: (s: ShipmentsSearch) => ({ ...s, from: undefined, to: undefined }) });
              }}
            >
              {t('shipments.clearPeriod')}
            </button>
          ) : null}
        </div>
      </form>
      <FormError message={describeError(remove.error).message} />

      {list.isLoading ? (
        <Loading />
      ) : listError ? (
        <ErrorState error={listError} onRetry={() => list.refetch()} />
      ) : !list.data || list.data.total === 0 ? (
        <EmptyState title={t('shipments.empty')}>
          <p>{t('shipments.emptyHint')}</p>
        </EmptyState>
      ) : (
        <section aria-label={t('shipments.tabRecords')}>
          <p className="muted">{t('shipments.total', { n: list.data.total })}</p>
          <ul className="shipment-list">
            {list.data.results.map((row) => (
              <ShipmentRow
                key={row.shipmentId}
                row={row}
                deleting={remove.isPending}
                onEdit={() => {
                  setAdding(false);
                  setEditing(row);
                  window.scrollTo({ top: 0 });
                }}
                onDelete={() => confirmDelete(row)}
              />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </section>
      )}
    </div>
  );
}
