import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatInstantTimeJa } from '@worker/domain/calendar';
import { useState } from 'react';
import { restoreFromTrash, type TrashItem, trashQuery } from '../../api/history';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './history.css';
import './messages';

/** ゴミ箱: animals and records deleted in the last 30 days, each restorable (staff and owners). */
export function TrashSection({ canRestore }: { canRestore: boolean }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const trash = useQuery(trashQuery());
  const [chosen, setChosen] = useState<TrashItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const restore = useMutation({
    mutationFn: (item: TrashItem) => restoreFromTrash(item.entity, item.id),
    onSuccess: async (_answer, item) => {
      setChosen(null);
      setDone(item.label);
      await queryClient.invalidateQueries();
    },
  });
  return (
    <section className="card trash" aria-labelledby="trash-title">
      <h2 id="trash-title">{t('history.trashTitle')}</h2>
      <p>{t('history.trashLead')}</p>
      {done ? (
        <p className="alert alert--success" role="status">
          {t('history.restored', { label: done })}
        </p>
      ) : null}
      {trash.isPending ? (
        <Loading />
      ) : trash.error ? (
        <ErrorState error={trash.error} onRetry={() => trash.refetch()} />
      ) : trash.data.length === 0 ? (
        <EmptyState title={t('history.trashEmpty')} />
      ) : (
        <ul className="trash-list">
          {trash.data.map((item) => (
            <li key={`${item.entity}-${item.id}`} className="trash-item">
              <div>
                <p className="trash-item__label">
                  {t(`history.entity.${item.entity}`)}: {item.label}
                </p>
                <p className="trash-item__meta">
                  {t('history.deletedBy', {
                    date: formatInstantTimeJa(item.deletedAt),
                    name: item.deletedBy ?? t('history.system'),
                    purge: formatInstantTimeJa(item.purgeAt),
                  })}
                </p>
              </div>
              {canRestore ? (
                <button
                  type="button"
                  className="button"
                  aria-label={`${t('history.restore')}: ${item.label}`}
                  onClick={() => {
                    restore.reset();
                    setChosen(item);
                  }}
                >
                  {t('history.restore')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title={t('history.restoreTitle')}
        confirmLabel={t('history.restore')}
        pending={restore.isPending}
        error={restore.error}
        onConfirm={() => chosen && restore.mutate(chosen)}
        onClose={() => setChosen(null)}
      >
        <p>{t('history.restoreBody', { label: chosen?.label ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
