/**
 * The pens screen (`/pens`, docs/product.md §26): each pen with its head count against its capacity, its growth
 * stages, its animals and their mean daily gain — one pen per card on a phone — with この牛房の全頭 for まとめて記録
 * and 牛房を移動, and a form to add a pen.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { GROWTH_STAGE_LABELS, type GrowthStage } from '@worker/domain/cattle-enums';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { type Pen, penQuery, pensQuery, usePenMutations } from '../../api/pens';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import { BulkDialog, type BulkTarget } from './bulk-form';
import './messages';
import './pens.css';

/** A growth stage in the farmer's words (the one label table, §18). */
const stageLabel = (stage: string, locale: 'ja' | 'en') => GROWTH_STAGE_LABELS[stage as GrowthStage]?.[locale] ?? stage;

function NewPenForm() {
  const { t } = useI18n();
  const serverText = useServerText();
  const { create } = usePenMutations();
  const [name, setName] = useState('');
  const [barn, setBarn] = useState('');
  const [capacity, setCapacity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await create.mutateAsync({
        name,
        ...(barn.trim() ? { barn } : {}),
        ...(capacity.trim() ? { capacity: capacity as unknown as number } : {}),
      });
      setName('');
      setBarn('');
      setCapacity('');
    } catch (err) {
      setError(err instanceof ApiError ? serverText(err.message) : String(err));
    }
  };
  return (
    <form className="card pen-form" onSubmit={submit} noValidate aria-label={t('pens.newPen')}>
      <label className="field">
        <span>{t('pens.name')}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={30} required />
      </label>
      <label className="field">
        <span>{t('pens.barnLabel')}</span>
        <input value={barn} onChange={(e) => setBarn(e.target.value)} maxLength={30} />
      </label>
      <label className="field">
        <span>{t('pens.capacityLabel')}</span>
        <input inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={create.isPending || !name.trim()}>
        {t('pens.add')}
      </button>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** A pen's animals and mean DG, read when its card is opened. */
function PenAnimals({ penId }: { penId: number }) {
  const { t, locale } = useI18n();
  const pen = useQuery(penQuery(penId));
  if (!pen.data) return pen.isError ? <ErrorState error={pen.error} /> : <Loading />;
  const { animals, dg } = pen.data;
  return (
    <>
      <p className="muted">
        {dg.mean === null ? t('pens.dgNone') : t('pens.dgMean', { dg: dg.mean.toFixed(2), n: dg.count })}
      </p>
      {animals.length === 0 ? (
        <p className="muted">{t('pens.noAnimals')}</p>
      ) : (
        <ul className="pen-card__animals">
          {animals.map((a) => (
            <li key={a.cattleId}>
              <Link to="/cattle/$id" params={{ id: String(a.cattleId) }}>
                <strong>{a.earTagNumber ?? '—'}</strong> {a.name ?? ''}
                {a.growthStage ? <span className="muted">{stageLabel(a.growthStage, locale)}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PenCard({ pen, onGroup }: { pen: Pen; onGroup: (target: BulkTarget, move: boolean) => void }) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const target: BulkTarget = { pen: { id: pen.id, name: pen.name } };
  return (
    <article className="card pen-card" aria-labelledby={`pen-${pen.id}`}>
      <div className="pen-card__head">
        <h2 id={`pen-${pen.id}`}>{pen.name}</h2>
        <span className="muted">
          {pen.barn ? `${pen.barn} · ` : ''}
          {pen.capacity
            ? t('pens.headsOf', { n: pen.headCount, capacity: pen.capacity })
            : t('pens.heads', { n: pen.headCount })}
        </span>
      </div>
      {Object.keys(pen.stages).length ? (
        <ul className="pen-card__stages">
          {Object.entries(pen.stages).map(([stage, n]) => (
            <li key={stage} className="chip">
              {stageLabel(stage, locale)} {n}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="pen-card__actions">
        <button type="button" className="button button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('pens.selectPen')}
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          disabled={pen.headCount === 0}
          onClick={() => onGroup(target, false)}
        >
          {t('pens.recordBulk')}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={pen.headCount === 0}
          onClick={() => onGroup(target, true)}
        >
          {t('pens.movePen')}
        </button>
      </div>
      {open ? <PenAnimals penId={pen.id} /> : null}
    </article>
  );
}

export function PensPage() {
  const { t } = useI18n();
  const pens = useQuery(pensQuery);
  const [group, setGroup] = useState<{ target: BulkTarget; move: boolean } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('pens.title')}</h1>
        <p className="muted">{t('pens.lead')}</p>
      </div>
      {note ? (
        <p className="alert alert--success" role="status">
          {note}
        </p>
      ) : null}
      <NewPenForm />
      {pens.isPending ? (
        <Loading />
      ) : pens.isError ? (
        <ErrorState error={pens.error} onRetry={() => pens.refetch()} />
      ) : pens.data.length === 0 ? (
        <EmptyState title={t('pens.empty')} />
      ) : (
        <div className="pen-grid">
          {pens.data.map((pen) => (
            <PenCard key={pen.id} pen={pen} onGroup={(target, move) => setGroup({ target, move })} />
          ))}
        </div>
      )}
      <BulkDialog
        target={group?.target ?? null}
        move={group?.move ?? false}
        onClose={() => setGroup(null)}
        onDone={(text) => {
          setGroup(null);
          setNote(text);
        }}
      />
    </div>
  );
}
