import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { addDays, formatDateJa, formatInstantJa, todayJst } from '@worker/domain/calendar';
import { breedLabel } from '@worker/domain/cattle-enums';
import { isRestricted } from '@worker/domain/withdrawal';
import { CalendarPlus, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { type CattleDetail, cattleDetailQuery, cattleKeys, removeCattle, statusHistoryQuery } from '../../api/cattle';
import { ApiError } from '../../api/client';
import { useCurrentFarm } from '../../api/farms';
import { StatusBadge, withdrawalText } from '../../components/badges';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { defineMessages, useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import { AlertMarker, useSexAndAge, WithdrawalBadge } from './cattle-badges';
import { OfflineAnimal } from './offline-animal';
import './messages';
import './cattle.css';
import './cattle-detail.css';

// The status form (its schema and the form fields) loads when it is opened, not with the animal's page.
const StatusDialog = lazy(() => import('./status-dialog').then(({ StatusDialog }) => ({ default: StatusDialog })));

defineMessages({
  ja: {
    animalPage: {
      sections: 'この牛の項目',
      breeding: '繁殖',
      profile: '基本',
      bloodline: '血統',
      summary: '成績・子牛',
      alerts: 'アラート',
      events: 'イベント',
      shipment: '出荷',
      history: '履歴',
      dangerTitle: 'この牛を削除',
      dangerBody:
        '登録の間違いを消すときだけ使います。イベント・アラート・出荷予定も一緒にゴミ箱へ移り、30日間は設定のゴミ箱から復元できます。出荷や死亡は「状態を変更」で記録してください。',
    },
  },
  en: {
    animalPage: {
      sections: 'Sections of this animal',
      breeding: 'Breeding',
      profile: 'Profile',
      bloodline: 'Bloodline',
      summary: 'Record & calves',
      alerts: 'Alerts',
      events: 'Events',
      shipment: 'Shipment',
      history: 'History',
      dangerTitle: 'Delete this animal',
      dangerBody:
        'Only to remove an animal registered by mistake. Its events, alerts and shipment plans go to the trash with it and can be restored from the trash in Settings for 30 days. Record a sale or death with “Change status”.',
    },
  },
});

/** The page's sections, in order, for the jump chips at the top. */
const SECTIONS = ['breeding', 'profile', 'bloodline', 'summary', 'alerts', 'events', 'shipment', 'history'] as const;
const sectionId = (section: (typeof SECTIONS)[number]) => `animal-${section}`;

function SectionNav() {
  const { t } = useI18n();
  return (
    <nav className="animal-sections scroll-row" aria-label={t('animalPage.sections')}>
      {SECTIONS.map((section) => (
        <a key={section} href={`#${sectionId(section)}`} className="chip animal-sections__chip">
          {t(`animalPage.${section}`)}
        </a>
      ))}
    </nav>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {items.map(([label, value]) => (
        <div key={label} className="facts__item">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DeleteDialog({ cow, open, onClose }: { cow: CattleDetail; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeCattle(cow.cattleId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: cattleDetailQuery(cow.cattleId).queryKey });
      await queryClient.invalidateQueries({ queryKey: cattleKeys.all });
      await navigate({ to: '/cattle', search: {} });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title={t('cattle.deleteConfirmTitle')}
      confirmLabel={t('cattle.deleteConfirm')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <p>{t('cattle.deleteConfirmBody', { name: cow.name ?? '', tag: cow.earTagNumber ?? '—' })}</p>
    </ConfirmDialog>
  );
}

function StatusHistory({ id }: { id: number }) {
  const { t } = useI18n();
  const history = useQuery(statusHistoryQuery(id));
  const serverText = useServerText();
  if (history.isPending) return <Loading />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  if (history.data.length === 0) return <p className="muted">{t('cattle.noHistory')}</p>;
  return (
    <ol className="history">
      {history.data.map((h) => (
        <li key={h.historyId}>
          <time dateTime={h.changedAt}>{formatInstantJa(h.changedAt)}</time>{' '}
          {h.oldStatus ? t(`cattle.status.${h.oldStatus}`) : '—'} → <strong>{t(`cattle.status.${h.newStatus}`)}</strong>
          {h.reason ? <span className="muted">{t('common.paren', { text: serverText(h.reason) })}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function useDays() {
  const { t } = useI18n();
  return (value: number | null | undefined) =>
    value === null || value === undefined ? null : t('cattle.days', { value: Math.round(value) });
}

function BreedingSection({ cow }: { cow: CattleDetail }) {
  const { t } = useI18n();
  const days = useDays();
  const bs = cow.breedingStatus;
  return (
    <section className="card animal-section" id={sectionId('breeding')}>
      <h2>{t('cattle.breedingStatus')}</h2>
      <Facts
        items={[
          // Unknown is said so, never shown as 0 or 初産 (§5).
          [t('cattle.parity'), bs ? (bs.parity ?? t('cattle.parityUnknown')) : null],
          [t('cattle.expectedCalvingDate'), formatDateJa(bs?.expectedCalvingDate)],
          [t('cattle.scheduledPregnancyCheckDate'), formatDateJa(bs?.scheduledPregnancyCheckDate)],
          ...(bs?.nextExpectedEstrus
            ? [[t('cattle.nextExpectedEstrus'), formatDateJa(bs.nextExpectedEstrus)] as [string, ReactNode]]
            : []),
          [t('cattle.inseminationCount'), bs?.inseminationCount],
          [t('cattle.daysAfterInsemination'), days(bs?.daysAfterInsemination)],
          [t('cattle.daysAfterCalving'), days(bs?.daysAfterCalving)],
          [t('cattle.daysOpenLabel'), days(bs?.daysOpen)],
          [t('cattle.pregnancyDays'), days(bs?.pregnancyDays)],
          [t('cattle.difficultBirth'), bs ? (bs.isDifficultBirth ? t('cattle.yes') : t('cattle.no')) : null],
        ]}
      />
      {bs?.breedingMemo ? <p className="note">{bs.breedingMemo}</p> : null}
    </section>
  );
}

/** The breeding summary and the calves, a calf in its first year named 雌子牛 / Heifer calf, a grown daughter 雌. */
function SummarySection({ cow }: { cow: CattleDetail }) {
  const { t } = useI18n();
  const days = useDays();
  const summary = cow.breedingSummary;
  const yearAgo = addDays(todayJst(), -365);
  const calfSex = (calf: { gender: string | null; birthday: string | null }) =>
    calf.gender
      ? t(calf.birthday && calf.birthday > yearAgo ? `cattle.calf.${calf.gender}` : `cattle.gender.${calf.gender}`)
      : '';
  return (
    <section className="card animal-section" id={sectionId('summary')}>
      <h2>{t('cattle.summary')}</h2>
      <Facts
        items={[
          [t('cattle.totalInseminationCount'), summary?.totalInseminationCount],
          [t('cattle.pregnancyHeadCount'), summary?.pregnancyHeadCount],
          [
            t('cattle.pregnancySuccessRate'),
            summary?.pregnancySuccessRate === null || summary?.pregnancySuccessRate === undefined
              ? null
              : t('cattle.percent', { value: Math.round(summary.pregnancySuccessRate * 10) / 10 }),
          ],
          [t('cattle.averageDaysOpen'), days(summary?.averageDaysOpen)],
          [t('cattle.averagePregnancyPeriod'), days(summary?.averagePregnancyPeriod)],
          [t('cattle.averageCalvingInterval'), days(summary?.averageCalvingInterval)],
          [t('cattle.difficultBirthCount'), summary?.difficultBirthCount],
        ]}
      />
      <h3>{t('cattle.calves')}</h3>
      {cow.calves.length === 0 ? (
        <p className="muted">{t('cattle.noCalves')}</p>
      ) : (
        <ul className="animal-calves">
          {cow.calves.map((calf) => (
            <li key={calf.cattleId}>
              <Link to="/cattle/$id" params={{ id: String(calf.cattleId) }} className="animal-calves__link">
                <span className="animal-calves__name">
                  {calf.earTagNumber ?? '—'} {calf.name ?? ''}
                </span>
                <span className="muted">
                  {formatDateJa(calf.birthday)} {calfSex(calf)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The animal's tag, name, numbers, sex and age, badges, withdrawal, and its actions. */
function AnimalHeader({ cow, onChangeStatus }: { cow: CattleDetail; onChangeStatus: () => void }) {
  const { t } = useI18n();
  const sexAndAge = useSexAndAge();
  return (
    <header className="animal-header card">
      <div className="animal-header__id">
        <span className="animal-header__tag">
          <span className="visually-hidden">{`${t('cattle.earTag')} `}</span>
          {cow.earTagNumber ?? '—'}
        </span>
        <div>
          <h1>{cow.name ?? '—'}</h1>
          <p className="muted">
            {t('cattle.idNumber')} {cow.identificationNumber ?? t('common.unregistered')}
            {sexAndAge(cow).map((part) => (
              <Fragment key={part}>
                {' · '}
                <span className="animal-header__part">{part}</span>
              </Fragment>
            ))}
          </p>
        </div>
      </div>
      <div className="animal-header__badges">
        <StatusBadge status={cow.status} />
        <WithdrawalBadge withdrawal={cow.withdrawal} />
        <AlertMarker count={cow.alerts.alertCount} severity={cow.alerts.highestSeverity} />
      </div>
      {isRestricted(cow.withdrawal, todayJst()) ? (
        <p className="animal-header__withdrawal" role="note">
          {t('cattle.withdrawalTitle')}: {withdrawalText(t, cow.withdrawal)}
        </p>
      ) : null}
      <div className="animal-header__actions">
        <Link to="/events/new" search={{ cattleId: cow.cattleId }} className="button button--primary">
          <CalendarPlus size={20} aria-hidden="true" />
          {t('cattle.recordEvent')}
        </Link>
        <button type="button" className="button" onClick={onChangeStatus}>
          <RefreshCw size={18} aria-hidden="true" />
          {t('cattle.changeStatus')}
        </button>
        <Link to="/cattle/$id/edit" params={{ id: String(cow.cattleId) }} className="button">
          <Pencil size={18} aria-hidden="true" />
          {t('cattle.edit')}
        </Link>
      </div>
    </header>
  );
}

/** The parts of the animal's page that other features own, composed by the route (web/src/routes/_app/cattle/$id). */
interface AnimalSections {
  id: number;
  alerts: ReactNode;
  timeline: ReactNode;
  shipment: ReactNode;
  /** Its weights over the breed's curve (§26). */
  growth?: ReactNode;
  /** The change history (§23), above the owner's delete. */
  changes?: ReactNode;
}

export function CattleDetailPage({ id, alerts, timeline, shipment, growth, changes }: AnimalSections) {
  const { t, locale } = useI18n();
  const detail = useQuery(cattleDetailQuery(id));
  const { current } = useCurrentFarm();
  const [dialog, setDialog] = useState<'status' | 'delete' | null>(null);

  // No signal and no saved copy of her page: the roster kept on the phone shows her (§20, turn 4), never an endless
  // 読み込み中… — a query waiting for the network is 'paused'; one that tried and failed is a network error.
  const offline =
    (detail.isPending && detail.fetchStatus === 'paused') ||
    (detail.error instanceof ApiError && detail.error.code === 'NETWORK_ERROR');
  if (offline) return <OfflineAnimal id={id} />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <EmptyState title={t('cattle.notFound')}>
          <Link to="/cattle" search={{}}>
            {t('cattle.backToList')}
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  }
  const cow = detail.data;
  const motherName = cow.motherInfo?.motherCattleId ? (
    <Link to="/cattle/$id" params={{ id: String(cow.motherInfo.motherCattleId) }}>
      {cow.motherInfo.motherName ?? cow.motherInfo.motherEarTagNumber ?? cow.motherInfo.motherCattleId}
    </Link>
  ) : (
    cow.motherInfo?.motherName
  );

  return (
    <div className="page">
      <AnimalHeader cow={cow} onChangeStatus={() => setDialog('status')} />
      <SectionNav />

      <div className="detail-grid">
        <BreedingSection cow={cow} />

        <section className="card animal-section" id={sectionId('profile')}>
          <h2>{t('cattle.profile')}</h2>
          <Facts
            items={[
              [t('cattle.birthday'), formatDateJa(cow.birthday)],
              [t('cattle.growthStageLabel'), cow.growthStage ? t(`cattle.growthStage.${cow.growthStage}`) : null],
              [t('cattle.breed'), cow.breed ? breedLabel(cow.breed, locale) : null],
              [t('cattle.pen'), cow.pen?.name],
              [t('cattle.barn'), cow.barn],
              [t('cattle.weight'), cow.weight],
              [t('cattle.score'), cow.score],
              [t('cattle.producerName'), cow.producerName],
              [t('cattle.breedingValue'), cow.breedingValue],
            ]}
          />
          {cow.notes ? <p className="note">{cow.notes}</p> : null}
        </section>

        <section className="card animal-section" id={sectionId('bloodline')}>
          <h2>{t('cattle.bloodline')}</h2>
          <Facts
            items={[
              [t('cattle.father'), cow.bloodline?.fatherCattleName],
              [t('cattle.motherFather'), cow.bloodline?.motherFatherCattleName],
              [t('cattle.motherGrandFather'), cow.bloodline?.motherGrandFatherCattleName],
              [t('cattle.motherGreatGrandFather'), cow.bloodline?.motherGreatGrandFatherCattleName],
            ]}
          />
          <h3>{t('cattle.mother')}</h3>
          <Facts
            items={[
              [t('cattle.motherName'), motherName],
              [t('cattle.motherIdentificationNumber'), cow.motherInfo?.motherIdentificationNumber],
              [t('cattle.motherScore'), cow.motherInfo?.motherScore],
            ]}
          />
        </section>

        <SummarySection cow={cow} />
      </div>

      {growth}

      <div className="animal-section" id={sectionId('alerts')}>
        {alerts}
      </div>

      <section className="card animal-section" id={sectionId('events')}>
        <h2>{t('cattle.events')}</h2>
        {timeline}
      </section>

      <div className="animal-section" id={sectionId('shipment')}>
        {shipment}
      </div>

      <section className="card animal-section" id={sectionId('history')}>
        <h2>{t('cattle.statusHistory')}</h2>
        <StatusHistory id={cow.cattleId} />
      </section>

      {changes}

      {current?.role === 'owner' ? (
        <section className="card danger-zone" aria-labelledby="animal-danger">
          <h2 id="animal-danger">{t('animalPage.dangerTitle')}</h2>
          <p className="muted">{t('animalPage.dangerBody')}</p>
          <button type="button" className="button button--danger" onClick={() => setDialog('delete')}>
            <Trash2 size={18} aria-hidden="true" />
            {t('cattle.delete')}
          </button>
        </section>
      ) : null}

      {dialog === 'status' ? (
        <Suspense fallback={null}>
          <StatusDialog cow={cow} open onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      <DeleteDialog cow={cow} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </div>
  );
}
