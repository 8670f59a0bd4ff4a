import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type SireStat, sireStatsQuery } from '../../api/shipments';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { yen } from './format';

// Narrow enough that its 12px labels stay readable on a 390px phone; the figure is capped in width on a desktop.
const W = 360;
const ROW = 26;
const PAD = { left: 92, right: 88, top: 6, bottom: 6 };
const MAX_BARS = 10;
/** Fewer graded calves than this and a sire's bar is drawn faint: one good calf is not a sire's rate (decision 058). */
export const MIN_GRADED_FOR_BAR = 3;
/** The name calves without a known sire are grouped under: no sire to pick semen by, so never a bar. */
const UNKNOWN_SIRE = '不明';

const dash = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

/**
 * The 4・5等級率 of the sires with graded calves as horizontal bars (0–100%). Hand-drawn SVG like the price chart;
 * the table below has every figure.
 */
function SireChart({ sires }: { sires: SireStat[] }) {
  const { t } = useI18n();
  const titleId = useId();
  const descId = useId();
  const rows = sires.filter((s) => s.grade45Rate !== null && s.sireName !== UNKNOWN_SIRE).slice(0, MAX_BARS);
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
                className={
                  s.gradedCalves < MIN_GRADED_FOR_BAR ? 'sire-chart__bar sire-chart__bar--few' : 'sire-chart__bar'
                }
                x={PAD.left}
                y={y + 5}
                width={Math.max(width, 1)}
                height={ROW - 10}
                rx={2}
              />
              <text className="chart__axis" x={PAD.left + width + 6} y={y + ROW / 2 + 4}>
                {t('shipments.rateOf', { rate: s.grade45Rate, n: s.gradedCalves })}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">{t('shipments.sireChartCaption', { n: MIN_GRADED_FOR_BAR })}</figcaption>
    </figure>
  );
}

/** A figure with the number of calves behind it: '100%' over '1頭中', so one good calf does not read as a sure sire. */
function Figure({ value, n }: { value: string; n: number }) {
  const { t } = useI18n();
  return (
    <>
      <span className="sire-figure">{value}</span>
      {value === '—' ? null : <span className="sire-n"> {t('shipments.ofCalves', { n })}</span>}
    </>
  );
}

function useSireFigures() {
  const { t, locale } = useI18n();
  return (s: SireStat) => ({
    price: yen(s.meanPrice, locale),
    weight: s.meanCarcassWeightKg === null ? '—' : t('shipments.kg', { n: s.meanCarcassWeightKg }),
    bms: dash(s.meanBms),
    rate: dash(s.grade45Rate, '%'),
  });
}

/** Phones: a card per sire, the rate first, each figure with its n. */
function SireCards({ sires }: { sires: SireStat[] }) {
  const { t } = useI18n();
  const figures = useSireFigures();
  return (
    <ul className="sire-cards">
      {sires.map((s) => {
        const f = figures(s);
        return (
          <li key={s.sireName} className="sire-item">
            <h3 className="sire-item__name">
              {s.sireName} <span className="muted">{t('shipments.headCount', { n: s.calves })}</span>
            </h3>
            <dl className="sire-item__figures">
              <div>
                <dt>{t('shipments.grade45Rate')}</dt>
                <dd>
                  <Figure value={f.rate} n={s.gradedCalves} />
                </dd>
              </div>
              <div>
                <dt>{t('shipments.meanBms')}</dt>
                <dd>
                  <Figure value={f.bms} n={s.bmsCalves} />
                </dd>
              </div>
              <div>
                <dt>{t('shipments.meanCarcassWeight')}</dt>
                <dd>
                  <Figure value={f.weight} n={s.weighedCalves} />
                </dd>
              </div>
              <div>
                <dt>{t('shipments.averagePrice')}</dt>
                <dd>
                  <span className="sire-figure">{f.price}</span>
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function SireTable({ sires }: { sires: SireStat[] }) {
  const { t } = useI18n();
  const figures = useSireFigures();
  return (
    <section className="table-scroll scroll-row" tabIndex={0} aria-label={t('shipments.sireTable')}>
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
          {sires.map((s) => {
            const f = figures(s);
            return (
              <tr key={s.sireName}>
                <th scope="row">{s.sireName}</th>
                <td>{t('shipments.headCount', { n: s.calves })}</td>
                <td>{f.price}</td>
                <td>
                  <Figure value={f.weight} n={s.weighedCalves} />
                </td>
                <td>
                  <Figure value={f.bms} n={s.bmsCalves} />
                </td>
                <td>
                  <Figure value={f.rate} n={s.gradedCalves} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** /shipments?tab=sires: which sire gives the best carcasses on this farm (§9.3). */
export function SiresTab() {
  const { t } = useI18n();
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
        <div className="sire-narrow">
          <SireCards sires={sires.data} />
        </div>
        <div className="sire-wide">
          <SireTable sires={sires.data} />
        </div>
      </section>
    </div>
  );
}
