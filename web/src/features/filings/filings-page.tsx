import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { todayJst } from '@worker/domain/calendar';
import { FILING_FIELD_LABELS, FILING_KINDS, FILING_LABELS } from '@worker/domain/filings';
import { useEffect, useState } from 'react';
import { apiFetchFile, downloadBlob } from '../../api/download';
import { useCurrentFarm } from '../../api/farms';
import { type Filing, filingKeys, filingsQuery, markFilings } from '../../api/filings';
import { LoadMore } from '../../components/load-more';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { FilingItem } from './filing-item';
import type { FilingsSearch } from './filings-search';
import { MarkFiledForm } from './mark-form';
import { Worksheet } from './worksheet';
import './filings.css';
import './messages';

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

/** The fields the selected filings still miss, each once, in the form's order. */
const missingOf = (filings: readonly Filing[], selected: ReadonlySet<number>) => {
  const all = new Set(filings.filter((f) => selected.has(f.id)).flatMap((f) => f.missing));
  return Object.keys(FILING_FIELD_LABELS).filter((f) => all.has(f));
};

export function FilingsPage({ search }: { search: FilingsSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/filings' });
  const kind = search.kind ?? 'BIRTH';
  const status = search.status ?? 'pending';
  const queryClient = useQueryClient();
  const { current } = useCurrentFarm();
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
        <LoadMore pages={list} />
      </div>
      <Worksheet kind={kind} status={status} filings={filings} farm={current} printedOn={todayJst()} />
    </div>
  );
}
