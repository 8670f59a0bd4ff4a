import { useInfiniteQuery } from '@tanstack/react-query';
import { formatInstantTimeJa } from '@worker/domain/calendar';
import { ApiError } from '../../api/client';
import { type AuditFilter, type AuditRow, fetchAuditPage, historyKeys } from '../../api/history';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './history.css';
import './messages';

const shown = (value: unknown, none: string) =>
  value === null || value === undefined || value === ''
    ? none
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

function AuditItem({ row, withEntity }: { row: AuditRow; withEntity: boolean }) {
  const { t } = useI18n();
  const changes = Object.entries(row.changes);
  return (
    <li className="history-item">
      <p className="history-item__head">
        <span className="history-item__action">{t(`history.action.${row.action}`)}</span>
        {withEntity ? <span className="history-item__entity">{t(`history.entity.${row.entity}`)}</span> : null}
        <span className="history-item__who">{row.userName ?? t('history.system')}</span>
        <time dateTime={row.at}>{formatInstantTimeJa(row.at)}</time>
      </p>
      {changes.length ? (
        <ul className="history-item__changes">
          {changes.map(([field, [before, after]]) => (
            <li key={field}>
              {t('history.field', {
                field,
                before: shown(before, t('history.none')),
                after: shown(after, t('history.none')),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The change history, newest first, a page at a time: one animal's (the animal page's 変更履歴) or the farm's. A
 * viewer, whom the API refuses, sees nothing here.
 */
export function ChangeHistory({ filter = {}, title }: { filter?: AuditFilter; title?: string }) {
  const { t } = useI18n();
  const query = useInfiniteQuery({
    queryKey: historyKeys.audit(filter),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filter, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  const rows = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="card history" aria-labelledby="history-title">
      <h2 id="history-title">{title ?? t('history.title')}</h2>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('history.empty')} />
      ) : (
        <ul className="history-list">
          {rows.map((row) => (
            <AuditItem key={row.id} row={row} withEntity={!filter.entity} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className="button"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {t('history.more')}
        </button>
      ) : null}
    </section>
  );
}
