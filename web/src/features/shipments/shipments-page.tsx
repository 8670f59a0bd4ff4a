import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { downloadShipments } from '../../api/shipments';
import { FormError } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { MothersTab } from './mothers-tab';
import { PlansTab } from './plans-tab';
import { RecordsTab } from './records-tab';
import { SHIPMENT_TABS, type ShipmentsSearch, type ShipmentTab } from './shipments-search';
import { SiresTab } from './sires-tab';
import { StatsTab } from './stats-tab';
import './messages';
import './shipments.css';

const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

const tabLabels: Record<ShipmentTab, string> = {
  records: 'shipments.tabRecords',
  plans: 'shipments.tabPlans',
  stats: 'shipments.tabStats',
  mothers: 'shipments.tabMothers',
  sires: 'shipments.tabSires',
};

export function ShipmentsPage({ search }: { search: ShipmentsSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/shipments' });
  const tab: ShipmentTab = search.tab ?? 'records';
  const [notice, setNotice] = useState<string | null>(null);
  // One download at a time: the CSV for machines, the workbook for Excel (IDs keep their zero).
  const exportFile = useMutation({
    mutationFn: (format: ExportFormat) => downloadShipments({ from: search.from, to: search.to }, format),
  });
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  // The tabs scroll sideways on a phone: the one shown (a link to ?tab=sires too) is brought into the row's view, and
  // again when its width changes (the font arriving after the first layout left By sire off-screen in dark mode).
  useEffect(() => {
    const shown = document.getElementById(`shipments-tab-${tab}`);
    const bringIntoView = () => shown?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    bringIntoView();
    if (!shown || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(bringIntoView);
    observer.observe(shown);
    return () => observer.disconnect();
  }, [tab]);

  const select = (next: ShipmentTab) =>
    void navigate({
      search: (s: ShipmentsSearch) => ({ ...s, tab: next === 'records' ? undefined : next, record: undefined }),
    });
  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = SHIPMENT_TABS.indexOf(tab);
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = SHIPMENT_TABS[(index + delta + SHIPMENT_TABS.length) % SHIPMENT_TABS.length];
    select(next);
    requestAnimationFrame(() => document.getElementById(`shipments-tab-${next}`)?.focus());
  };

  return (
    <div className="page shipments">
      <header className="page__header shipments__header">
        <div>
          <h1>{t('shipments.title')}</h1>
          <p className="muted">{t('shipments.lead')}</p>
        </div>
        <div className="page__actions">
          {EXPORT_FORMATS.map((format) => {
            const busy = exportFile.isPending && exportFile.variables === format;
            return (
              <button
                key={format}
                type="button"
                className="button"
                onClick={() => exportFile.mutate(format)}
                disabled={exportFile.isPending}
                aria-busy={busy}
              >
                {busy ? <span className="spinner" aria-hidden="true" /> : <Download size={18} aria-hidden="true" />}
                {t(format === 'csv' ? 'shipments.exportCsv' : 'shipments.exportXlsx')}
              </button>
            );
          })}
        </div>
      </header>
      {exportFile.error ? (
        <FormError message={`${t('shipments.exportFailed')}: ${describeError(exportFile.error).message ?? ''}`} />
      ) : null}
      <div className="shipments-tabs scroll-row" role="tablist" aria-label={t('shipments.tabs')} onKeyDown={onKeyDown}>
        {SHIPMENT_TABS.map((key) => (
          <button
            key={key}
            id={`shipments-tab-${key}`}
            type="button"
            role="tab"
            className="shipments-tabs__tab"
            aria-selected={tab === key}
            aria-controls="shipments-panel"
            tabIndex={tab === key ? 0 : -1}
            onClick={() => select(key)}
          >
            {t(tabLabels[key])}
          </button>
        ))}
      </div>
      {notice ? (
        <div className="alert alert--success" role="status">
          {notice}
        </div>
      ) : null}
      <div id="shipments-panel" role="tabpanel" aria-labelledby={`shipments-tab-${tab}`}>
        {tab === 'records' ? <RecordsTab search={search} onNotice={setNotice} /> : null}
        {tab === 'plans' ? <PlansTab onNotice={setNotice} /> : null}
        {tab === 'stats' ? <StatsTab /> : null}
        {tab === 'mothers' ? <MothersTab /> : null}
        {tab === 'sires' ? <SiresTab /> : null}
      </div>
    </div>
  );
}
