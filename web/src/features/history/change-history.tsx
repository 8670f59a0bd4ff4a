import { useInfiniteQuery } from '@tanstack/react-query';
import { formatInstantTimeJa } from '@worker/domain/calendar';
import { ApiError } from '../../api/client';
import { type AuditFilter, type AuditRow, fetchAuditPage, historyKeys } from '../../api/history';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { type Locale, useI18n } from '../../lib/i18n';
import './history.css';
import './messages';

/** The fields a farmer meets in the history, in their words; any other field shows its own name. */
const FIELD_LABELS: Record<string, { ja: string; en: string }> = {
  name: { ja: '名前', en: 'Name' },
  earTagNumber: { ja: '耳標番号', en: 'Ear tag' },
  identificationNumber: { ja: '個体識別番号', en: 'ID number' },
  gender: { ja: '性別', en: 'Sex' },
  birthday: { ja: '生年月日', en: 'Birthday' },
  breed: { ja: '品種', en: 'Breed' },
  status: { ja: '状態', en: 'Status' },
  growthStage: { ja: '成長段階', en: 'Stage' },
  weight: { ja: '体重', en: 'Weight' },
  barn: { ja: '牛舎', en: 'Barn' },
  notes: { ja: 'メモ', en: 'Notes' },
  memo: { ja: 'メモ', en: 'Memo' },
  reason: { ja: '理由', en: 'Reason' },
  bloodline: { ja: '血統', en: 'Bloodline' },
  fatherCattleName: { ja: '父牛', en: 'Sire' },
  motherInfo: { ja: '母牛', en: 'Dam' },
  eventType: { ja: '種類', en: 'Type' },
  eventDatetime: { ja: '日時', en: 'Date' },
  details: { ja: '詳細', en: 'Details' },
  price: { ja: '価格', en: 'Price' },
  shipmentDate: { ja: '出荷日', en: 'Shipped on' },
  plannedShipmentMonth: { ja: '出荷予定月', en: 'Planned month' },
  role: { ja: '役割', en: 'Role' },
  farmerCode: { ja: '農家コード', en: 'Farmer code' },
  filedAt: { ja: '届出日', en: 'Filed on' },
  dueDate: { ja: '期限', en: 'Due' },
  assigneeUserId: { ja: '担当者', en: 'Assignee' },
  skipReason: { ja: 'スキップの理由', en: 'Reason skipped' },
  enrolled: { ja: '登録', en: 'Enrolled' },
  cancelledEnrolment: { ja: '登録の取り消し', en: 'Enrolment cancelled' },
  trigger: { ja: '開始条件', en: 'Trigger' },
  steps: { ja: '手順', en: 'Steps' },
};

const FROM_LINE: Record<Locale, string> = { ja: 'LINEから', en: 'From LINE' };

const label = (field: string, locale: Locale) => FIELD_LABELS[field]?.[locale] ?? field;

/** A value as text: lists joined, an object's fields by their labels — never raw JSON. */
function shown(value: unknown, none: string, locale: Locale): string {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.map((v) => shown(v, none, locale)).join('、');
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${label(k, locale)} ${shown(v, none, locale)}`);
    return parts.length ? parts.join(' / ') : none;
  }
  return String(value);
}

function AuditItem({ row, withEntity }: { row: AuditRow; withEntity: boolean }) {
  const { t, locale } = useI18n();
  // Where a write came from is said once in the head ('LINEから', §25), not as a changed field.
  const { source: origin, ...fields } = row.changes;
  const changes = Object.entries(fields);
  return (
    <li className="history-item">
      <p className="history-item__head">
        <span className="history-item__action">{t(`history.action.${row.action}`)}</span>
        {withEntity ? <span className="history-item__entity">{t(`history.entity.${row.entity}`)}</span> : null}
        <span className="history-item__who">{row.userName ?? t('history.system')}</span>
        {origin?.[1] === 'line' ? <span className="history-item__source">{FROM_LINE[locale]}</span> : null}
        <time dateTime={row.at}>{formatInstantTimeJa(row.at)}</time>
      </p>
      {changes.length ? (
        <ul className="history-item__changes">
          {changes.map(([field, [before, after]]) => (
            <li key={field}>
              {t('history.field', {
                field: label(field, locale),
                before: shown(before, t('history.none'), locale),
                after: shown(after, t('history.none'), locale),
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
