import { useInfiniteQuery } from '@tanstack/react-query';
import { formatInstantTimeJa } from '@worker/domain/calendar';
import { ApiError } from '../../api/client';
import { type AuditFilter, type AuditRow, fetchAuditPage, historyKeys } from '../../api/history';
import { LoadMore } from '../../components/load-more';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './history.css';
import './messages';

type Change = AuditRow['changes'][number];

/** One change as a line: 'label: before → after'; a field set on a create shows its value, one cleared its old one. */
function changeLine(change: Change, t: ReturnType<typeof useI18n>['t']): string {
  if (change.before === null) return t('history.set', { field: change.label, value: change.after ?? '' });
  if (change.after === null) return t('history.cleared', { field: change.label, value: change.before });
  return t('history.field', { field: change.label, before: change.before, after: change.after });
}

/** One row of the history: what happened in the farmer's words (naming the animal), who and when, then each change. */
export function AuditItem({ row }: { row: AuditRow }) {
  const { t } = useI18n();
  return (
    <li className="history-item">
      <p className="history-item__summary">{row.summary}</p>
      <p className="history-item__meta">
        <span className="history-item__who">{row.userName ?? t('history.system')}</span>
        <time dateTime={row.at}>{formatInstantTimeJa(row.at)}</time>
      </p>
      {row.changes.length ? (
        <ul className="history-item__changes">
          {row.changes.map((change) => (
            <li key={change.field}>{changeLine(change, t)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The change history, newest first, a page at a time: one animal's whole story (the animal page's 変更履歴: her
 * edits, events, tasks, filings and shipments) or the farm's, in the language of the screen. A viewer, whom the API
 * refuses, sees nothing here.
 */
export function ChangeHistory({ filter: given = {}, title }: { filter?: AuditFilter; title?: string }) {
  const { t, locale } = useI18n();
  const filter = { ...given, lang: locale };
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
    <section className="card change-history" aria-labelledby="history-title">
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
            <AuditItem key={row.id} row={row} />
          ))}
        </ul>
      )}
      <LoadMore pages={query} />
    </section>
  );
}
