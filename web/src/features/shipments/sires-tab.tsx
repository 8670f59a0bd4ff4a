import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type SireStat, sireStatsQuery } from '../../api/shipments';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { yen } from './format';

// Narrow enough that its 12px labels stay readable on a 390px phone; the figure is capped in width on a desktop.
const W = 360;
const ROW = 26;
const PAD = { left: 92, right: 44, top: 6, bottom: 6 };
const MAX_BARS = 10;

const dash = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

/**
 * The 4・5等級率 of the sires with graded calves as horizontal bars (0–100%). Hand-drawn SVG like the price chart;
 * the table below has every figure.
 */
function SireChart({ sires }: { sires: SireStat[] }) {
  const { t } = useI18n();
  const titleId = useId();
  const descId = useId();
  const rows = sires.filter((s) => s.grade45Rate !== null).slice(0, MAX_BARS);
  if (rows.length === 0) return null;
  const H = PAD.top + PAD.bottom + rows.length * ROW;
  const innerW = W - PAD.left - PAD.right;
  return (
    <figure className="sire-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{t('shipments.sireChartTitle')}</title>
        <desc id={descId}>{t('shipments.sireChartDescription')}</desc>
        {[0, 0.5, 1].map((f) => (
          <line
            key={f}
            className="chart__grid"
            x1={PAD.left + innerW * f}
            x2={PAD.left + innerW * f}
            y1={PAD.top}
            y2={H - PAD.bottom}
          />
        ))}
        {rows.map((s, i) => {
          const y = PAD.top + i * ROW;
          const width = ((s.grade45Rate ?? 0) / 100) * innerW;
          return (
            <g key={s.sireName}>
              <text className="chart__axis sire-chart__name" x={PAD.left - 8} y={y + ROW / 2 + 4} textAnchor="end">
                {s.sireName.length > 6 ? `${s.sireName.slice(0, 6)}…` : s.sireName}
              </text>
              <rect
                className="sire-chart__bar"
                x={PAD.left}
                y={y + 5}
                width={Math.max(width, 1)}
                height={ROW - 10}
                rx={2}
              />
              <text className="chart__axis" x={PAD.left + width + 6} y={y + ROW / 2 + 4}>
                {s.grade45Rate}%
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** /shipments?tab=sires: which sire gives the best carcasses on this farm (§9.3). */
export function SiresTab() {
  const { t, locale } = useI18n();
  const sires = useQuery(sireStatsQuery());
  if (sires.isLoading) return <Loading />;
  if (sires.isError) return <ErrorState error={sires.error} onRetry={() => sires.refetch()} />;
  if (!sires.data || sires.data.length === 0) {
    return (
      <EmptyState title={t('shipments.siresEmpty')}>
        <p>{t('shipments.siresEmptyHint')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="shipments-tab">
      <section className="card sire-card" aria-labelledby="sire-title">
        <h2 id="sire-title">{t('shipments.sireTitle')}</h2>
        <p className="muted">{t('shipments.sireLead')}</p>
        <SireChart sires={sires.data} />
        <section className="table-scroll" tabIndex={0} aria-label={t('shipments.sireTitle')}>
          <table className="data-table sire-table">
            <thead>
              <tr>
                <th scope="col">{t('shipments.sireName')}</th>
                <th scope="col">{t('shipments.calves')}</th>
                <th scope="col">{t('shipments.averagePrice')}</th>
                <th scope="col">{t('shipments.meanCarcassWeight')}</th>
                <th scope="col">{t('shipments.meanBms')}</th>
                <th scope="col">{t('shipments.grade45Rate')}</th>
              </tr>
            </thead>
            <tbody>
              {sires.data.map((s) => (
                <tr key={s.sireName}>
                  <th scope="row">{s.sireName}</th>
                  <td>{t('shipments.headCount', { n: s.calves })}</td>
                  <td>{yen(s.meanPrice, locale)}</td>
                  <td>{s.meanCarcassWeightKg === null ? '—' : t('shipments.kg', { n: s.meanCarcassWeightKg })}</td>
                  <td>{dash(s.meanBms)}</td>
                  <td>{dash(s.grade45Rate, '%')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
    </div>
  );
}
