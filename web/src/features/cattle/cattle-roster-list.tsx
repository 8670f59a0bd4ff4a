import { Link } from '@tanstack/react-router';
import { jstTime } from '@worker/domain/calendar';
import type { CattleListSearch } from '../../api/cattle';
import { StatusBadge } from '../../components/badges';
import { EmptyState } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { type KeptRoster, rosterMatches, withAges } from '../../lib/roster';
import { CattleRowHead } from './cattle-badges';

/**
 * The herd list without a signal (§20): the roster kept on this phone, searched and filtered as the list would be,
 * with the time it was last updated. Never "no animals" for one it could not ask about: it says it is the kept list.
 */
export function CattleRosterList({ roster, search }: { roster: KeptRoster; search: CattleListSearch }) {
  const { t } = useI18n();
  const term = search.search?.trim() ?? '';
  // Newest first, as the list's default order; a search best match first (§20).
  const all = term
    ? rosterMatches(roster.data, term, Number.POSITIVE_INFINITY)
    : withAges([...roster.data].sort((a, b) => b.cattleId - a.cattleId));
  const rows = all.filter(
    (a) =>
      (!search.status || search.status === 'ALL' || search.status.split(',').includes(a.status)) &&
      (!search.gender?.length || (a.gender !== null && search.gender.includes(a.gender))) &&
      (!search.growth_stage?.length || (a.growthStage !== null && search.growth_stage.includes(a.growthStage))),
  );
  return (
    <>
      <p className="muted cattle-kept" role="status">
        {t('cattle.keptRoster', { time: jstTime(roster.checkedAt), count: rows.length })}
      </p>
      {rows.length === 0 ? (
        <EmptyState title={t('cattle.keptEmpty')} />
      ) : (
        <ul className="cattle-list">
          {rows.slice(0, 200).map((cow) => (
            <li key={cow.cattleId}>
              <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="cattle-row">
                <CattleRowHead cow={cow} />
                <span className="cattle-row__side">
                  <StatusBadge status={cow.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
