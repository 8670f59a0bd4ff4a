import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GENDER_LABELS, STATUS_LABELS } from '@worker/domain/cattle-enums';
import { EVENT_TYPE_INFO, isEventType, PREGNANCY_RESULT_LABELS } from '@worker/domain/event-types';
import { programmeWords } from '@worker/domain/programme-words';
import { useState } from 'react';
import { deleteProgramme, type Programme, programmesQuery, taskKeys } from '../../api/tasks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { ProgrammeForm } from './programme-form';
import './messages';
import './tasks.css';

/** '中止：授精・妊娠鑑定（受胎）・分娩・流産　対象：雌・妊娠中を除く・分娩後40日以上' (§22 turn 4). */
function ProgrammeRules({ programme }: { programme: Programme }) {
  const { t, locale } = useI18n();
  const eventLabel = (type: string) => (isEventType(type) ? EVENT_TYPE_INFO[type][locale] : type);
  const stops = programme.stopWhen.map((s) =>
    s.result ? `${eventLabel(s.eventType)}（${PREGNANCY_RESULT_LABELS[s.result][locale]}）` : eventLabel(s.eventType),
  );
  const e = programme.eligible;
  const sep = t('programmes.listSeparator');
  const who = [
    e.gender?.map((g) => GENDER_LABELS[g][locale]).join(sep),
    e.notPregnant ? t('programmes.notPregnant') : null,
    e.statuses?.map((s) => STATUS_LABELS[s][locale]).join(sep),
    e.minDaysSinceCalving !== undefined ? t('programmes.daysSinceCalving', { days: e.minDaysSinceCalving }) : null,
  ].filter(Boolean);
  if (stops.length === 0 && who.length === 0) return null;
  return (
    <span className="programme-rules muted">
      {stops.length > 0 ? <span>{t('programmes.stopsOn', { events: stops.join(sep) })}</span> : null}
      {who.length > 0 ? <span>{t('programmes.forWhom', { who: who.join(sep) })}</span> : null}
    </span>
  );
}

/** Settings' programmes (owners): the list, create and edit with steps, delete. */
export function ProgrammesSettings({ canEdit }: { canEdit: boolean }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const list = useQuery(programmesQuery);
  const [editing, setEditing] = useState<Programme | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Programme | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteProgramme(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      setDeleting(null);
    },
  });
  return (
    <section className="card programmes" aria-labelledby="programmes-title">
      <h2 id="programmes-title">{t('programmes.title')}</h2>
      <p className="muted">{t('programmes.intro')}</p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <ul className="programme-list">
          {list.data.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{programmeWords(p.name, locale)}</strong>{' '}
                <span className="muted">{t('programmes.stepsCount', { count: p.steps.length })}</span>
                <ProgrammeRules programme={p} />
              </span>
              {canEdit ? (
                <span className="task-row__actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={`${t('programmes.edit')}: ${p.name}`}
                    onClick={() => setEditing(p)}
                  >
                    {t('programmes.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    aria-label={`${t('programmes.delete')}: ${p.name}`}
                    onClick={() => setDeleting(p)}
                  >
                    {t('programmes.delete')}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('programmes.add')}
        </button>
      ) : null}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('programmes.add') : t('programmes.edit')}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <ProgrammeForm programme={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('programmes.deleteTitle')}
        confirmLabel={t('programmes.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        <p>{t('programmes.deleteBody', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
