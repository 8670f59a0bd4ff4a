import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  FILING_FIELD_LABELS,
  FILING_FIELDS,
  FILING_KINDS,
  FILING_LABELS,
  type FilingKind,
} from '@worker/domain/filings';
import { useEffect, useState } from 'react';
import { apiFetchFile, downloadBlob } from '../../api/download';
import { type Filing, type FilingStatus, filingKeys, filingsQuery, markFilings } from '../../api/filings';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { type Locale, useI18n } from '../../lib/i18n';
import type { FilingsSearch } from './filings-search';
import { MarkFiledForm } from './mark-form';
import './filings.css';
import './messages';

const fieldLabel = (field: string, locale: Locale) =>
  FILING_FIELD_LABELS[field as keyof typeof FILING_FIELD_LABELS]?.[locale] ?? field;

/** The fields entered on the animal's edit screen; farmerCode is the farm's; the rest are the event's. */
const ANIMAL_FIELDS = ['identificationNumber', 'birthday', 'gender', 'breed', 'motherIdentificationNumber'];

/** A missing field, as a link to where it is filled in (§21, turn 4). */
function MissingLink({ field, filing }: { field: string; filing: Filing }) {
  const { t, locale } = useI18n();
  const label = fieldLabel(field, locale);
  const id = String(filing.cattleId);
  if (field === 'farmerCode')
    return (
      <Link
        to="/farms/members"
        className="filing__fix"
        aria-label={t('filings.fillIn', { field: label, where: t('filings.whereFarm') })}
      >
        {label}
      </Link>
    );
  if (ANIMAL_FIELDS.includes(field))
    return (
      <Link
        to="/cattle/$id/edit"
        params={{ id }}
        className="filing__fix"
        aria-label={t('filings.fillIn', { field: label, where: t('filings.whereAnimal') })}
      >
        {label}
      </Link>
    );
  return (
    <Link
      to="/cattle/$id"
      params={{ id }}
      className="filing__fix"
      aria-label={t('filings.fillIn', { field: label, where: t('filings.whereRecord') })}
    >
      {label}
    </Link>
  );
}

/** The fields the selected filings still miss, each once, in the form's order. */
const missingOf = (filings: readonly Filing[], selected: ReadonlySet<number>) => {
  const all = new Set(filings.filter((f) => selected.has(f.id)).flatMap((f) => f.missing));
  return Object.keys(FILING_FIELD_LABELS).filter((f) => all.has(f));
};

function FilingItem({
  filing,
  selected,
  onSelect,
  onUndo,
}: {
  filing: Filing;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onUndo: () => void;
}) {
  const { t } = useI18n();
  // The animal by ear tag and name, an unnamed calf by its dam ('未登録 子牛（0123 はなの子）'), never by its id.
  const who = filing.label;
  return (
    <li className="card filing" data-filing={filing.id}>
      <label className="filing__check">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('filings.select', { name: who })}
        />
      </label>
      <div>
        <p className="filing__title">
          {/* The 個体識別番号 when it has one; without, the label says 未登録 and 未入力 links to where it is entered. */}
          {who} {filing.identificationNumber ? <span className="muted">{filing.identificationNumber}</span> : null}
        </p>
        <p className="filing__meta">
          {t('filings.eventDate')} {filing.eventDate} · {t('filings.dueDate')} {filing.dueDate}{' '}
          {filing.overdue ? <span className="filing__overdue">{t('filings.overdue')}</span> : null}
        </p>
        {filing.status === 'filed' ? (
          <p className="filing__meta">
            {t('filings.filedAt', { date: filing.filedAt ?? '', name: filing.filedBy?.userName ?? '' })}
          </p>
        ) : null}
        {filing.missing.length ? (
          <p className="filing__missing">
            {t('filings.missing')}{' '}
            {filing.missing.map((f) => (
              <MissingLink key={f} field={f} filing={filing} />
            ))}
          </p>
        ) : null}
        {filing.eventDeleted ? <p className="filing__missing">{t('filings.eventDeleted')}</p> : null}
      </div>
      {filing.status === 'filed' ? (
        <div className="filing__actions">
          <button type="button" className="button button--small" onClick={onUndo}>
            {t('filings.undo')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** The A4 worksheet: the NLBC form's fields of the kind, one row per filing, shown only when printed. */
function Worksheet({ kind, status, filings }: { kind: FilingKind; status: FilingStatus; filings: Filing[] }) {
  const { t, locale } = useI18n();
  const fields = FILING_FIELDS[kind] as readonly string[];
  return (
    <section className="filings-worksheet" aria-hidden="true">
      <h1>{t('filings.worksheet', { kind: FILING_LABELS[kind][locale], status: t(`filings.${status}`) })}</h1>
      <table>
        <thead>
          <tr>
            {fields.map((f) => (
              <th key={f}>{fieldLabel(f, locale)}</th>
            ))}
            <th>{t('filings.dueDate')}</th>
          </tr>
        </thead>
        <tbody>
          {filings.map((filing) => (
            <tr key={filing.id}>
              {fields.map((f) => (
                <td key={f}>{filing.fields[f] ?? ''}</td>
              ))}
              <td>{filing.dueDate}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function KindTabs({ kind, status, onChange }: FilingsSearch & { onChange: (next: FilingsSearch) => void }) {
  const { t, locale } = useI18n();
  return (
    <div className="filings-toolbar">
      <fieldset className="chip-group">
        <legend>{t('filings.kindsLabel')}</legend>
        {FILING_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className="chip chip--solid"
            aria-pressed={k === kind}
            onClick={() => onChange({ kind: k, status })}
          >
            {FILING_LABELS[k][locale]}
          </button>
        ))}
      </fieldset>
      <fieldset className="chip-group">
        <legend>{t('filings.statusLabel')}</legend>
        {(['pending', 'filed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="chip"
            aria-pressed={s === status}
            onClick={() => onChange({ kind, status: s })}
          >
            {t(`filings.${s}`)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

export function FilingsPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/_app/filings' });
  const navigate = useNavigate({ from: '/filings' });
  const kind = search.kind ?? 'BIRTH';
  const status = search.status ?? 'pending';
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(filingsQuery(kind, status));
  const filings = list.data?.pages.flatMap((p) => p.data) ?? [];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view starts with nothing selected
  useEffect(() => setSelected(new Set()), [kind, status]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: filingKeys.all });
  const undo = useMutation({
    mutationFn: (id: number) => markFilings({ ids: [id], filed: false }),
    onSuccess: refresh,
  });
  const download = async () => {
    const file = await apiFetchFile(`/filings/export?kind=${kind}&status=${status}`);
    downloadBlob(file.blob, file.filename ?? 'filings.csv');
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="page filings-page">
      <div className="filings-screen">
        <div className="page__header">
          <h1>{t('filings.title')}</h1>
          <p className="muted">{t('filings.lead')}</p>
        </div>
        <KindTabs kind={kind} status={status} onChange={(next) => navigate({ search: next })} />
        <div className="filings-toolbar">
          <button type="button" className="button" onClick={() => window.print()}>
            {t('filings.print')}
          </button>
          <button type="button" className="button" onClick={download}>
            {t('filings.download')}
          </button>
        </div>
        {status === 'pending' && filings.length ? (
          <MarkFiledForm
            ids={[...selected]}
            missing={missingOf(filings, selected)}
            onSaved={() => {
              setSelected(new Set());
              void refresh();
            }}
          />
        ) : null}
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => list.refetch()} />
        ) : filings.length === 0 ? (
          <EmptyState title={status === 'pending' ? t('filings.emptyPending') : t('filings.empty')} />
        ) : (
          <ul className="filings-list">
            {filings.map((f) => (
              <FilingItem
                key={f.id}
                filing={f}
                selected={selected.has(f.id)}
                onSelect={(on) => toggle(f.id, on)}
                onUndo={() => undo.mutate(f.id)}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <button
            type="button"
            className="button button--block"
            disabled={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
          >
            {t('filings.more')}
          </button>
        ) : null}
      </div>
      <Worksheet kind={kind} status={status} filings={filings} />
    </div>
  );
}
