import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { cattleDetailQuery } from '../../api/cattle';
import { type AnimalState, type EventView, useEventMutations } from '../../api/events';
import type { PickableAnimal } from '../../components/animal-picker';
import { Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { BreedingStateCard } from './breeding-state-card';
import { EventForm } from './event-form';
import { animalLabel } from './format';
import './events.css';
import './messages';

/** /events/new: record an event from the barn, then see the animal's new breeding state. */
export function EventNewPage() {
  const { t } = useI18n();
  const { cattleId } = useSearch({ strict: false }) as { cattleId?: number };
  const preselected = useQuery({ ...cattleDetailQuery(cattleId ?? 0), enabled: Boolean(cattleId) });
  const { create } = useEventMutations();
  const [saved, setSaved] = useState<{ event: EventView; animal: AnimalState } | null>(null);
  const [formKey, setFormKey] = useState(0);
  // "Record another" stays on the same animal: the usual barn flow is several events for one cow.
  const [lastAnimal, setLastAnimal] = useState<PickableAnimal | null>(null);

  if (saved) {
    return (
      <div className="page event-page">
        <div className="alert alert--success" role="status">
          {t('events.saved')}: {t(`events.type.${saved.event.eventType}`)} —{' '}
          {animalLabel(
            { name: saved.event.cattleName, earTagNumber: saved.event.cattleEarTagNumber },
            t('events.unnamed'),
          )}
        </div>
        <BreedingStateCard state={saved.animal} calves={saved.event.details?.calves} />
        <div className="event-form__actions">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => {
              setLastAnimal({
                cattleId: saved.event.cattleId,
                name: saved.event.cattleName,
                earTagNumber: saved.event.cattleEarTagNumber,
              });
              setSaved(null);
              create.reset();
              setFormKey((k) => k + 1);
            }}
          >
            {t('events.recordAnother')}
          </button>
          <Link to="/cattle/$id" params={{ id: String(saved.event.cattleId) }} className="button button--block">
            {t('events.toAnimal')}
          </Link>
        </div>
      </div>
    );
  }
  if (cattleId && preselected.isLoading) return <Loading />;
  return (
    <div className="page event-page">
      <header className="page__header">
        <h1>{t('events.newTitle')}</h1>
        <p>{t('events.newLead')}</p>
      </header>
      <section className="card">
        <EventForm
          key={formKey}
          pickAnimal
          initialAnimal={lastAnimal ?? preselected.data ?? null}
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate(values, { onSuccess: (r) => setSaved({ event: r.data, animal: r.animal }) })
          }
        />
      </section>
    </div>
  );
}
