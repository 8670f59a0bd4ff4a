import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { chooseFarm, showFarm, useCurrentFarm } from '../../api/farms';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import './farms.css';
import './messages';

/** A page about one record (`/cattle/123`) belongs to the farm it was opened on. */
const showsOneRecord = (pathname: string) => /\/\d+(\/|$)/.test(pathname);

/**
 * The app bar's farm: its name for a member of one farm, a select for a member of several. Choosing a farm makes it
 * the account's default on the server, then every screen refetches for it.
 */
export function FarmSwitcher() {
  const { t } = useI18n();
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { farms, current, chosenId } = useCurrentFarm();
  const choose = useMutation({
    mutationFn: chooseFarm,
    onSuccess: async (_done, farmId) => {
      if (showsOneRecord(pathname)) await navigate({ to: '/home' });
      await showFarm(queryClient, farmId);
    },
  });

  // The farm shown is no longer one of ours (removed by its owner, or left on another device): show the fallback.
  const settled = current?.id ?? null;
  useEffect(() => {
    if (farms.data && settled !== chosenId) void showFarm(queryClient, settled);
  }, [farms.data, settled, chosenId, queryClient]);

  if (!farms.data || !current) return null;
  if (farms.data.length === 1) {
    return (
      <p className="farm-switcher">
        <span className="farm-switcher__label">{t('farms.farm')}</span>
        <span className="farm-switcher__name">{current.name}</span>
      </p>
    );
  }
  const error = describeError(choose.error).message;
  return (
    <div className="farm-switcher">
      <label htmlFor={id} className="farm-switcher__label">
        {t('farms.farm')}
      </label>
      <select
        id={id}
        className="control farm-switcher__select"
        value={current.id}
        disabled={choose.isPending}
        aria-busy={choose.isPending}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => choose.mutate(Number(event.target.value))}
      >
        {farms.data.map((farm) => (
          <option key={farm.id} value={farm.id}>
            {farm.name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="farm-switcher__error" id={`${id}-error`} role="alert">
          {t('farms.switchFailed', { message: error })}
        </p>
      ) : null}
    </div>
  );
}
