import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type AlertSeverity, type AlertType, nextStatuses } from '@worker/domain/alerts';
import { daysBetween, formatDateJa, formatInstantJa, todayJst } from '@worker/domain/calendar';
import { Check, CheckCheck, Ellipsis, History, NotebookPen, PenLine, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { type AlertView, alertHistoryQuery, useChangeAlertStatus } from '../../api/alerts';
import { ErrorState, Loading } from '../../components/states';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import './alerts.css';

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useI18n();
  return <span className={`severity severity--${severity}`}>{t(`alerts.severity.${severity}`)}</span>;
}

/** "期日 今日", "期日から3日超過", "期日まであと5日" — how far the due date is from today (JST). */
export function useDueLabel() {
  const { t } = useI18n();
  const today = todayJst();
  return (dueAt: string | null) => {
    if (!dueAt) return null;
    const days = daysBetween(today, dueAt);
    if (days === 0) return { text: t('alerts.dueToday'), tone: 'today' as const };
    if (days < 0) return { text: t('alerts.overdue', { days: -days }), tone: 'overdue' as const };
    if (days <= 7) return { text: t('alerts.dueIn', { days }), tone: 'soon' as const };
    return { text: t('alerts.dueOn', { date: formatDateJa(dueAt) }), tone: 'later' as const };
  };
}

/** An alert's message: the API's words in Japanese, their English (or the type's label) in English. */
export function useAlertMessage() {
  const { t } = useI18n();
  const serverText = useServerText();
  return (alert: Pick<AlertView, 'message' | 'type'>) => serverText(alert.message, t(`alerts.type.${alert.type}`));
}

export function AnimalLink({ alert }: { alert: Pick<AlertView, 'cattleId' | 'cattleName' | 'cattleEarTagNumber'> }) {
  const { t } = useI18n();
  const name = alert.cattleName ?? t('alerts.unnamed');
  return (
    // Named by what it shows (the ear tag and name, WCAG 2.5.3 label in name): it is the animal's page.
    <Link to="/cattle/$id" params={{ id: String(alert.cattleId) }} className="alert-card__animal">
      {alert.cattleEarTagNumber !== null ? (
        <span className="alert-card__tag">
          <span className="visually-hidden">{t('alerts.earTagLabel')} </span>
          {alert.cattleEarTagNumber}
        </span>
      ) : null}{' '}
      <span className="alert-card__name">{name}</span>
    </Link>
  );
}

/** The event that answers an alert (§15): recorded from the alert's card in two taps. */
const ANSWERED_BY: Partial<Record<AlertType, 'INSEMINATION' | 'PREGNANCY_CHECK' | 'CALVING'>> = {
  OPEN_DAYS_OVER60_NO_AI: 'INSEMINATION',
  ESTRUS_OVER20_NOT_PREGNANT: 'INSEMINATION',
  HEIFER_NOT_BRED: 'INSEMINATION',
  OPEN_AFTER_CHECK: 'INSEMINATION',
  PREGNANCY_CHECK_DUE: 'PREGNANCY_CHECK',
  CALVING_WITHIN_60: 'CALVING',
  CALVING_OVERDUE: 'CALVING',
};

/** '授精を記録' / '妊娠鑑定を記録' / '分娩を記録': the event form, filled in with the animal, the type and now. */
export function RecordFromAlert({
  alert,
  className = 'button button--primary',
}: {
  alert: Pick<AlertView, 'type' | 'cattleId' | 'status'>;
  className?: string;
}) {
  const { t } = useI18n();
  const type = ANSWERED_BY[alert.type as AlertType];
  if (!type || (alert.status !== 'active' && alert.status !== 'acknowledged')) return null;
  return (
    <Link to="/events/new" search={{ cattleId: alert.cattleId, type }} className={className}>
      <PenLine size={18} aria-hidden="true" />
      {t(`alerts.record.${type}`)}
    </Link>
  );
}

/**
 * The reason and memo dialogs (forms checked with the API's own schemas) load when one is first opened: /home shows
 * alerts, and its first visit would otherwise build those schemas (and load zod) before they show (decision 028).
 */
const ReasonDialog = lazy(() => import('./alert-dialogs').then(({ ReasonDialog }) => ({ default: ReasonDialog })));
const MemoDialog = lazy(() => import('./alert-dialogs').then(({ MemoDialog }) => ({ default: MemoDialog })));

function AlertHistoryList({ alertId }: { alertId: string }) {
  const { t } = useI18n();
  const history = useQuery(alertHistoryQuery(alertId));
  const serverText = useServerText();
  if (history.isPending) return <Loading />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  return (
    <ol className="alert-history">
      {history.data.map((h) => (
        <li key={h.id}>
          <time dateTime={h.createdAt}>{formatInstantJa(h.createdAt)}</time> {t(`alerts.action.${h.action}`)}
          <span className="muted">
            {t('common.paren', { text: h.changedBy === 'system' ? t('alerts.by.system') : t('alerts.by.user') })}
          </span>
          {h.reason ? <span> {serverText(h.reason)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

type StatusAction = 'acknowledged' | 'resolved' | 'dismissed';
const STATUS_ICON = { acknowledged: Check, resolved: CheckCheck, dismissed: X } as const;
const STATUS_LABEL = { acknowledged: 'alerts.acknowledge', resolved: 'alerts.resolve', dismissed: 'alerts.dismiss' };

/**
 * One alert, compact enough for two or more on a phone screen: severity, what is wrong, the animal (ear tag and name),
 * the due day and one action — the event that answers it (recording it resolves the alert), else the next step (確認,
 * then 解決); the other steps, the memo and the history sit behind その他.
 */
export function AlertCard({ alert, showAnimal = true }: { alert: AlertView; showAnimal?: boolean }) {
  const { t } = useI18n();
  const dueLabel = useDueLabel();
  const alertMessage = useAlertMessage();
  const change = useChangeAlertStatus();
  const [reasonFor, setReasonFor] = useState<'resolved' | 'dismissed' | null>(null);
  const [memoOpen, setMemoOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const due = dueLabel(alert.dueAt);
  const allowed = nextStatuses(alert.status) as StatusAction[];
  const open = alert.status === 'active' || alert.status === 'acknowledged';
  const error = describeError(change.error).message;
  // On the card: the event that answers the alert, else the next step (確認, then 解決); the rest behind その他.
  const recordable = open && ANSWERED_BY[alert.type as AlertType] !== undefined;
  const ordered = [...allowed].sort((a, b) => Number(a === 'dismissed') - Number(b === 'dismissed'));
  const next = recordable ? undefined : ordered[0];
  const others = recordable ? ordered : ordered.slice(1);
  const menu = useRef<HTMLDetailsElement>(null);
  /** A choice made in その他 closes it. */
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  const act = (status: StatusAction) => {
    closeMenu();
    if (status === 'acknowledged') change.mutate({ id: alert.id, input: { status } });
    else setReasonFor(status);
  };
  const statusButton = (status: StatusAction, className: string) => {
    const Icon = STATUS_ICON[status];
    return (
      <button
        key={status}
        type="button"
        className={className}
        disabled={status === 'acknowledged' && change.isPending}
        aria-busy={status === 'acknowledged' && change.isPending}
        onClick={() => act(status)}
      >
        <Icon size={18} aria-hidden="true" />
        {t(STATUS_LABEL[status])}
      </button>
    );
  };

  return (
    <article
      className={`alert-card alert-card--${alert.severity}`}
      aria-label={`${t(`alerts.severity.${alert.severity}`)} ${alertMessage(alert)}`}
    >
      <div className="alert-card__head">
        <SeverityBadge severity={alert.severity} />
        <p className="alert-card__message">{alertMessage(alert)}</p>
        {alert.status === 'active' ? null : (
          <span className={`badge alert-status alert-status--${alert.status}`}>
            {t(`alerts.status.${alert.status}`)}
          </span>
        )}
      </div>
      <div className="alert-card__meta">
        {showAnimal ? <AnimalLink alert={alert} /> : null}
        {due ? <span className={`due due--${open ? due.tone : 'later'}`}>{due.text}</span> : null}
      </div>
      {alert.memo ? <p className="note alert-card__memo">{alert.memo}</p> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="alert-card__actions">
        <RecordFromAlert alert={alert} />
        {next ? statusButton(next, 'button') : null}
        <details className="alert-more" ref={menu}>
          <summary className="button button--ghost">
            <Ellipsis size={18} aria-hidden="true" />
            {t('alerts.moreActions')}
            <span className="visually-hidden">{t('common.paren', { text: alertMessage(alert) })}</span>
          </summary>
          <div className="alert-more__menu">
            {others.map((status) => statusButton(status, 'button button--ghost'))}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                closeMenu();
                setMemoOpen(true);
              }}
            >
              <NotebookPen size={18} aria-hidden="true" />
              {t('alerts.memo')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={historyOpen}
              onClick={() => {
                closeMenu();
                setHistoryOpen((v) => !v);
              }}
            >
              <History size={18} aria-hidden="true" />
              {historyOpen ? t('alerts.hideHistory') : t('alerts.showHistory')}
            </button>
          </div>
        </details>
      </div>
      {historyOpen ? <AlertHistoryList alertId={alert.id} /> : null}
      {/* Mounted only while open: one <dialog> on the page at a time keeps its title id unique. */}
      <Suspense fallback={null}>
        {reasonFor ? (
          <ReasonDialog
            alert={alert}
            subject={alertMessage(alert)}
            status={reasonFor}
            onClose={() => setReasonFor(null)}
          />
        ) : null}
        {memoOpen ? (
          <MemoDialog alert={alert} subject={alertMessage(alert)} open onClose={() => setMemoOpen(false)} />
        ) : null}
      </Suspense>
    </article>
  );
}
