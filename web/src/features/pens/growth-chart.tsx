/**
 * An animal's growth (docs/product.md §26): its weights as points over the breed's standard curve, by 月齢, with
 * the overall and recent daily gain. An SVG drawn with the theme's colours, so it reads in light and dark.
 */
import { useQuery } from '@tanstack/react-query';
import { calendarMonths } from '@worker/domain/ages';
import { daysBetween } from '@worker/domain/calendar';
import { type Growth, growthQuery } from '../../api/pens';
import { useI18n } from '../../lib/i18n';
import './messages';
import './pens.css';

const W = 320;
const H = 216;
const PAD = { left: 40, right: 10, top: 18, bottom: 40 };

/** Age in months (fractional) of a point: whole calendar months plus the days since the last month's mark. */
function ageMonths(birthday: string, date: string) {
  const whole = calendarMonths(birthday, date);
  return Math.max(0, whole) + Math.max(0, daysBetween(birthday, date) - whole * 30.4) / 30.4;
}

function ChartSvg({ growth, birthday }: { growth: Growth; birthday: string | null }) {
  const { t } = useI18n();
  const first = growth.points[0]?.date;
  const xOf = (date: string) => (birthday ? ageMonths(birthday, date) : first ? daysBetween(first, date) / 30.4 : 0);
  const xs = growth.points.map((p) => xOf(p.date));
  const maxX = Math.max(growth.standard ? 36 : 1, ...xs.map((x) => Math.ceil(x)));
  const maxY = Math.max(
    100,
    ...growth.points.map((p) => p.weightKg),
    ...(growth.standard ?? []).map((s) => s.weightKg),
  );
  const top = Math.ceil(maxY / 100) * 100;
  const sx = (x: number) => PAD.left + (x / maxX) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - (y / top) * (H - PAD.top - PAD.bottom);
  const curve = (growth.standard ?? []).map((s) => `${sx(s.ageMonths)},${sy(s.weightKg)}`).join(' ');
  const line = growth.points.map((p, i) => `${sx(xs[i])},${sy(p.weightKg)}`).join(' ');
  const yTicks = Array.from({ length: top / 100 + 1 }, (_, i) => i * 100).filter((y) => top <= 500 || y % 200 === 0);
  const xTicks = Array.from({ length: Math.floor(maxX / 6) + 1 }, (_, i) => i * 6);
  return (
    <svg className="growth-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('pens.growthChart')}>
      {yTicks.map((y) => (
        <g key={`y${y}`}>
          <line className="growth-chart__grid" x1={PAD.left} x2={W - PAD.right} y1={sy(y)} y2={sy(y)} />
          <text className="growth-chart__label" x={PAD.left - 4} y={sy(y) + 4} textAnchor="end">
            {y}
          </text>
        </g>
      ))}
      {xTicks.map((x) => (
        <text key={`x${x}`} className="growth-chart__label" x={sx(x)} y={H - PAD.bottom + 14} textAnchor="middle">
          {x}
        </text>
      ))}
      {/* The axes' units: kg up the side, 月齢 (or, without a birthday, months since the first weight) below. */}
      <text className="growth-chart__unit" x={PAD.left - 4} y={PAD.top - 6} textAnchor="end">
        kg
      </text>
      <text className="growth-chart__unit" x={(PAD.left + W - PAD.right) / 2} y={H - 4} textAnchor="middle">
        {birthday ? t('pens.months') : t('pens.monthsSinceFirst')}
      </text>
      {curve ? <polyline className="growth-chart__standard" points={curve} /> : null}
      {line ? <polyline className="growth-chart__line" points={line} /> : null}
      {growth.points.map((p, i) => (
        <circle key={`${p.date}-${p.source}`} className="growth-chart__point" cx={sx(xs[i])} cy={sy(p.weightKg)} r={4}>
          <title>{`${p.date} ${p.weightKg}kg`}</title>
        </circle>
      ))}
    </svg>
  );
}

/** The growth card of the animal's page. */
export function GrowthCard({ cattleId, birthday }: { cattleId: number; birthday: string | null }) {
  const { t } = useI18n();
  const growth = useQuery(growthQuery(cattleId));
  if (!growth.data) return null;
  const { dg, points, standard } = growth.data;
  const perDay = (v: number | null) => (v === null ? '—' : t('pens.kgPerDay', { dg: v.toFixed(2) }));
  return (
    <section className="card animal-section growth-card" aria-labelledby="growth-title">
      <h2 id="growth-title">{t('pens.growth')}</h2>
      {points.length === 0 ? (
        <p className="muted">{t('pens.noWeights')}</p>
      ) : (
        <dl className="growth-card__dg">
          <div>
            <dt>{t('pens.dgOverall')}</dt>
            <dd data-testid="dg-overall">{perDay(dg.overall)}</dd>
          </div>
          <div>
            <dt>{t('pens.dgRecent')}</dt>
            <dd data-testid="dg-recent">{perDay(dg.recent)}</dd>
          </div>
        </dl>
      )}
      {points.length > 0 || standard ? <ChartSvg growth={growth.data} birthday={birthday} /> : null}
      <p className="growth-card__legend muted">
        <span className="growth-card__key growth-card__key--line" aria-hidden="true" /> {t('pens.growth')}
        {standard ? (
          <>
            {' '}
            <span className="growth-card__key growth-card__key--standard" aria-hidden="true" /> {t('pens.standard')}
          </>
        ) : null}
      </p>
    </section>
  );
}
