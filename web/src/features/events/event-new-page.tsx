import { useQuery } from '@tanstack/react-query';
import { Link, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { isEventType } from '@worker/domain/event-types';
import { useEffect, useState } from 'react';
import { cattleDetailQuery, useRoster } from '../../api/cattle';
import { type AnimalState, type EventView, useEventMutations } from '../../api/events';
import { isQueued, loadOutbox } from '../../api/queued';
import type { PickableAnimal } from '../../components/animal-picker';
import { Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { announce } from '../../lib/offline-status';
import { findInRoster } from '../../lib/roster';
import { BreedingStateCard } from './breeding-state-card';
import { EventForm } from './event-form';
import { animalLabel } from './format';
import './events.css';
import './messages';
import type { EventNewSearch } from './events-search';

/** A queued event's body shown in the form the way a recorded event is (the form reads only these fields). */
function draftOf(body: Record<string, unknown>): EventView {
  return {
    cattleId: Number(body.cattleId),
    eventType: String(body.eventType ?? ''),
    eventDatetime: String(body.eventDatetime ?? new Date().toISOString()),
    details: (body.details ?? null) as EventView['details'],
    notes: typeof body.notes === 'string' ? body.notes : null,
  } as EventView;
}

/** /events/new: record an event from the barn, then see the animal's new breeding state. */
export function EventNewPage({ search }: { search: EventNewSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  // Fixing an event the API refused after it waited offline: its form opens with the queued values.
  const [draft, setDraft] = useState<EventView | null>(null);
  useEffect(() => {
    if (!search.queued) return;
    void loadOutbox().then(async (outbox) => {
      await outbox.ready();
      const item = outbox.listQueued().find((i) => i.key === search.queued);
      if (item) setDraft(draftOf(item.body));
    });
  }, [search.queued]);
  const cattleId = draft ? draft.cattleId : search.cattleId;
  const preselected = useQuery({ ...cattleDetailQuery(cattleId ?? 0), enabled: Boolean(cattleId && cattleId > 0) });
  // An animal never opened on this phone is still known offline: the roster kept on it (§20).
  const roster = useRoster();
  const kept = findInRoster(roster.data, cattleId);
  // Opened from an alert's action (animal and type given): the quick form, and back to the alert after saving (§15).
  const fromAlert = Boolean(search.cattleId && isEventType(search.type) && !search.queued);
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const goBack = (notice: string) => {
    announce(notice);
    if (canGoBack) router.history.back();
    else void navigate({ to: '/home' });
  };
  const { create } = useEventMutations();
  const [saved, setSaved] = useState<{ event: EventView; animal: AnimalState } | null>(null);
  const [formKey, setFormKey] = useState(0);
  // "Record another" stays on the same animal: the usual barn flow is several events for one cow.
  const [lastAnimal, setLastAnimal] = useState<PickableAnimal | null>(null);
  // No signal: the event waits in the offline queue (未送信) and is sent when the signal comes back.
  const [queued, setQueued] = useState<PickableAnimal | null>(null);

  if (queued) {
    return (
      <div className="page event-page">
        <div className="alert alert--warning" role="status">
          {t('events.queued')}
        </div>
        <div className="event-form__actions">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => {
              setLastAnimal(queued);
              setQueued(null);
              setFormKey((k) => k + 1);
            }}
          >
            {t('events.recordAnother')}
          </button>
          <Link to="/outbox" className="button button--block">
            {t('events.toOutbox')}
          </Link>
        </div>
      </div>
    );
  }

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
  if (search.queued && !draft) return <Loading />;
  if (cattleId && cattleId > 0 && !kept && !preselected.data && (preselected.isLoading || roster.isPending))
    return <Loading />;
  return (
    <div className="page event-page">
      <header className="page__header">
        <h1>{t('events.newTitle')}</h1>
        {fromAlert ? null : <p>{t('events.newLead')}</p>}
      </header>
      <section className="card">
        <EventForm
          key={formKey}
          pickAnimal
          event={draft ?? undefined}
          presetType={isEventType(search.type) ? search.type : undefined}
          initialAnimal={lastAnimal ?? preselected.data ?? kept ?? null}
          compact={fromAlert}
          submit={async (values, animal) => {
            const key = search.queued;
            // The corrected event goes back into the queue under a new key and is sent at once.
            if (draft && key)
              return (await loadOutbox()).replaceBody(key, values).then(() => ({ fixed: true }) as const);
            return { recorded: await create.mutateAsync(values), values, animal };
          }}
          onSaved={(r) => {
            if ('fixed' in r) return navigate({ to: '/outbox' });
            const { recorded, values, animal } = r;
            const what = `${t(`events.type.${values.eventType}`)} — ${animalLabel(animal ?? { name: null, earTagNumber: null }, t('events.unnamed'))}`;
            if (fromAlert) goBack(t(isQueued(recorded) ? 'events.queuedNotice' : 'events.savedNotice', { what }));
            else if (isQueued(recorded)) setQueued(animal);
            else setSaved({ event: recorded.data, animal: recorded.animal });
          }}
        />
      </section>
    </div>
  );
}
