/**
 * One record for a group (docs/product.md §26): the selected animals or a whole pen — まとめて記録 (a vaccination, a
 * treatment, weights each its own…) or 牛房を移動. Sent as one request; with no signal it waits under 未送信 as one.
 */
import { useQuery } from '@tanstack/react-query';
import { todayJst } from '@worker/domain/calendar';
import { BULK_EVENT_TYPES, EVENT_TYPE_INFO, type EventType } from '@worker/domain/event-types';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { type BulkEventInput, pensQuery, usePenMutations } from '../../api/pens';
import { isQueued } from '../../api/queued';
import { Dialog } from '../../components/dialog';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import './pens.css';

/** Who a group record is for: the animals chosen (with their labels, for their weights), or a pen's. */
export type BulkTarget = { animals: { cattleId: number; label: string }[] } | { pen: { id: number; name: string } };

const WITH_PRODUCT: EventType[] = ['VACCINATION', 'MEDICATION'];

function bodyOf(target: BulkTarget, values: FormValues): BulkEventInput {
  const group = 'pen' in target ? { penId: target.pen.id } : { cattleIds: target.animals.map((a) => a.cattleId) };
  const details =
    values.eventType === 'MOVE_PEN'
      ? { toPenId: Number(values.toPenId) }
      : WITH_PRODUCT.includes(values.eventType) && values.product.trim()
        ? { product: values.product.trim() }
        : undefined;
  const perAnimal =
    values.eventType === 'WEIGHT_MEASURED'
      ? Object.fromEntries(Object.entries(values.weights).map(([id, w]) => [id, { weightKg: w }]))
      : undefined;
  return {
    ...group,
    eventType: values.eventType,
    eventDatetime: values.date,
    ...(details ? { details } : {}),
    ...(perAnimal ? { perAnimal } : {}),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
  };
}

interface FormValues {
  eventType: EventType;
  date: string;
  product: string;
  toPenId: string;
  weights: Record<string, string>;
  notes: string;
}

/** The form inside the dialog; `move` opens it on 牛房を移動. */
function BulkFields({ target, move, onDone }: { target: BulkTarget; move: boolean; onDone: (note: string) => void }) {
  const { t, locale } = useI18n();
  const serverText = useServerText();
  const pens = useQuery(pensQuery);
  const { bulk } = usePenMutations();
  const [values, setValues] = useState<FormValues>({
    eventType: move ? 'MOVE_PEN' : 'VACCINATION',
    date: todayJst(),
    product: '',
    toPenId: '',
    weights: {},
    notes: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (values.eventType === 'MOVE_PEN' && !values.toPenId) return setError(t('pens.choosePen'));
    try {
      const result = await bulk.mutateAsync(bodyOf(target, values));
      onDone(isQueued(result) ? t('pens.queued') : t('pens.saved', { n: result.data.created }));
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message) : String(err));
    }
  };
  const types = move ? (['MOVE_PEN'] as EventType[]) : BULK_EVENT_TYPES.filter((type) => type !== 'MOVE_PEN');
  return (
    <form className="bulk-form" onSubmit={submit} noValidate>
      <label className="field">
        <span>{t('pens.type')}</span>
        <select
          className="control"
          value={values.eventType}
          onChange={(e) => set({ eventType: e.target.value as EventType })}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {EVENT_TYPE_INFO[type][locale]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('pens.date')}</span>
        <input type="date" value={values.date} onChange={(e) => set({ date: e.target.value })} required />
      </label>
      {values.eventType === 'MOVE_PEN' ? (
        <label className="field">
          <span>{t('pens.toPen')}</span>
          <select className="control" value={values.toPenId} onChange={(e) => set({ toPenId: e.target.value })}>
            <option value="">{t('pens.choosePen')}</option>
            {(pens.data ?? []).map((pen) => (
              <option key={pen.id} value={pen.id}>
                {pen.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {WITH_PRODUCT.includes(values.eventType) ? (
        <label className="field">
          <span>{t('pens.product')}</span>
          <input value={values.product} onChange={(e) => set({ product: e.target.value })} maxLength={100} />
        </label>
      ) : null}
      {values.eventType === 'WEIGHT_MEASURED' && 'animals' in target ? (
        <div className="bulk-form__weights">
          {target.animals.map((a) => (
            <label key={a.cattleId} className="field">
              <span>{t('pens.weight', { label: a.label })}</span>
              <input
                inputMode="decimal"
                value={values.weights[a.cattleId] ?? ''}
                onChange={(e) => set({ weights: { ...values.weights, [a.cattleId]: e.target.value } })}
              />
            </label>
          ))}
        </div>
      ) : null}
      <label className="field">
        <span>{t('pens.notes')}</span>
        <input value={values.notes} onChange={(e) => set({ notes: e.target.value })} maxLength={1000} />
      </label>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={bulk.isPending}>
        {bulk.isPending ? t('pens.saving') : t('pens.save')}
      </button>
    </form>
  );
}

/** The dialog of まとめて記録 or 牛房を移動 for a target. */
export function BulkDialog({
  target,
  move,
  onClose,
  onDone,
}: {
  target: BulkTarget | null;
  move: boolean;
  onClose: () => void;
  onDone: (note: string) => void;
}) {
  const { t } = useI18n();
  const heading = move ? t('pens.moveTitle') : t('pens.bulkTitle');
  const who = !target
    ? ''
    : 'pen' in target
      ? t('pens.wholePen', { name: target.pen.name })
      : t('pens.selected', { n: target.animals.length });
  return (
    <Dialog open={target !== null} title={heading} onClose={onClose}>
      <p className="muted">{who}</p>
      {target ? <BulkFields target={target} move={move} onDone={onDone} /> : null}
      <button type="button" className="button button--block button--ghost" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Dialog>
  );
}
