import { useId } from 'react';
import type { MonthlyStat } from '../../api/shipments';
import { useI18n } from '../../lib/i18n';

const W = 640;
const H = 240;
const PAD = { left: 52, right: 52, top: 16, bottom: 30 };

function niceMax(value: number) {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const unit = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * magnitude >= value) ?? 10;
  return unit * magnitude;
}

const man = (value: number) => `${Math.round(value / 10_000).toLocaleString('ja-JP')}`;

/**
 * Monthly revenue as bars (left axis, 万円) and the average price as a line (right axis, 万円). Hand-drawn SVG:
 * two series do not justify a chart library in the bundle; the same numbers are in the table beside it.
 */
export function PriceChart({ months, from, to }: { months: MonthlyStat[]; from: string; to: string }) {
  const { t, locale } = useI18n();
  const titleId = useId();
  const descId = useId();
  const maxRevenue = niceMax(Math.max(0, ...months.map((m) => m.totalRevenue)));
  const maxAverage = niceMax(Math.max(0, ...months.map((m) => m.averagePrice ?? 0)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, months.length);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yRevenue = (v: number) => PAD.top + innerH - (v / maxRevenue) * innerH;
  const yAverage = (v: number) => PAD.top + innerH - (v / maxAverage) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const labelEvery = Math.ceil(months.length / 8);
  // The average-price line breaks at a month without shipments: one polyline per run of priced months, keyed by the
  // run's first month.
  const segments: { start: string; points: string[] }[] = [];
  let run: string[] | null = null;
  for (const [i, m] of months.entries()) {
    if (m.averagePrice === null) {
      run = null;
      continue;
    }
    if (!run) {
      run = [];
      segments.push({ start: m.month, points: run });
    }
    run.push(`${x(i)},${yAverage(m.averagePrice)}`);
  }

  return (
    <figure className="price-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{t('shipments.chartTitle')}</title>
        <desc id={descId}>{t('shipments.chartDescription', { from, to })}</desc>
        {ticks.map((f) => (
          <g key={f}>
            <line
              className="chart__grid"
              x1={PAD.left}
              x2={W - PAD.right}
              y1={PAD.top + innerH * (1 - f)}
              y2={PAD.top + innerH * (1 - f)}
            />
            <text className="chart__axis" x={PAD.left - 6} y={PAD.top + innerH * (1 - f) + 4} textAnchor="end">
              {man(maxRevenue * f)}
            </text>
            <text
              className="chart__axis price-chart__axis--line"
              x={W - PAD.right + 6}
              y={PAD.top + innerH * (1 - f) + 4}
            >
              {man(maxAverage * f)}
            </text>
          </g>
        ))}
        <text className="chart__axis" x={PAD.left - 6} y={10} textAnchor="end">
          {locale === 'en' ? '¥10k' : '万円'}
        </text>
        {months.map((m, i) => (
          <g key={m.month}>
            {m.totalRevenue > 0 ? (
              <rect
                className="price-chart__bar"
                x={x(i) - slot * 0.3}
                width={slot * 0.6}
                y={yRevenue(m.totalRevenue)}
                height={PAD.top + innerH - yRevenue(m.totalRevenue)}
                rx={2}
              />
            ) : null}
            {i % labelEvery === 0 ? (
              <text className="chart__axis" x={x(i)} y={H - 10} textAnchor="middle">
                {locale === 'en' ? m.month.slice(2) : `${Number(m.month.slice(5))}月`}
              </text>
            ) : null}
          </g>
        ))}
        {segments.map((s) => (
          <polyline key={s.start} className="price-chart__line" points={s.points.join(' ')} />
        ))}
        {months.map((m, i) =>
          m.averagePrice === null ? null : (
            <circle key={m.month} className="price-chart__dot" cx={x(i)} cy={yAverage(m.averagePrice)} r={3.5} />
          ),
        )}
      </svg>
      <figcaption className="price-chart__legend">
        <span className="legend legend--bar">{t('shipments.chartLegendRevenue')}</span>
        <span className="legend legend--line">{t('shipments.chartLegendAverage')}</span>
      </figcaption>
    </figure>
  );
}
