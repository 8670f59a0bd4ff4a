import { useQuery } from '@tanstack/react-query';
import { jstTime } from '@worker/domain/calendar';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cattleSearchQuery, useRoster } from '../api/cattle';
import { ApiError } from '../api/client';
import { defineMessages, useI18n } from '../lib/i18n';
import { type RosterAnimal, rosterMatches } from '../lib/roster';
import { useOnline } from '../lib/use-online';

defineMessages({
  ja: {
    animalPicker: {
      animal: '牛',
      search: '耳標番号または名前で検索',
      hint: '2文字以上で候補が出ます（例: 1234、はなこ）',
      none: '該当する牛がいません',
      pick: '牛を選択',
      change: '変更',
      unnamed: '（名前なし）',
      kept: 'この端末の牛台帳から（最終更新 {{time}}）',
      noRoster: '電波がないため検索できません。電波のある所で一度開くと、この端末でも探せるようになります。',
    },
  },
  en: {
    animalPicker: {
      animal: 'Animal',
      search: 'Search by ear tag or name',
      hint: 'Type 2 or more characters (e.g. 1234, Hanako)',
      none: 'No matching animals',
      pick: 'Pick an animal',
      change: 'Change',
      unnamed: '(no name)',
      kept: 'From the herd kept on this device (last updated {{time}})',
      noRoster: 'No signal, so the herd cannot be searched. Open the app once with a signal to search it here offline.',
    },
  },
});

/** The fields every caller needs of an animal it shows as picked (a match of the search, or one it already knows). */
export type PickableAnimal = Pick<RosterAnimal, 'cattleId' | 'name' | 'earTagNumber'>;

/** A match: the herd list's entry online, the kept roster's (with its age) offline — both have these fields. */
export type PickerAnimal = RosterAnimal & { monthsOld: number | null };

/**
 * Finds an animal of the herd by ear tag or name and picks it: a labelled search input, then the matches as
 * large (44px) radio choices in a fieldset; picking moves focus to "Change", and "Change" back to the search.
 * `value` is the picked animal as the caller keeps it (`A`). Without a signal it searches the roster kept on this
 * phone (§20), saying when that was last updated, and never says "no match" for an animal it could not ask about.
 */
export function AnimalPicker<A extends PickableAnimal = PickableAnimal>({
  value,
  onChange,
  error,
  required = true,
  label,
  hint,
  formatAnimal,
  details,
  filter,
  limit = 10,
}: {
  value: A | null;
  onChange: (animal: PickerAnimal | null) => void;
  error?: string;
  required?: boolean;
  /** The search input's label (default: 耳標番号または名前で検索). */
  label?: string;
  hint?: string;
  /** How an animal is named, picked or in the list (default: `#ear-tag name`). */
  formatAnimal?: (animal: PickableAnimal) => string;
  /** Extra muted text after a match (e.g. sex and age). */
  details?: (animal: PickerAnimal) => ReactNode;
  /** Hides matches that cannot be picked here. */
  filter?: (animal: PickerAnimal) => boolean;
  limit?: number;
}) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (value ? changeRef.current : inputRef.current)?.focus();
  }, [value]);
  const results = useQuery({
    ...cattleSearchQuery(search, limit),
    staleTime: 30_000,
    enabled: search.length >= 2 && !value,
  });
  const online = useOnline();
  const roster = useRoster();
  const lostSignal = results.error instanceof ApiError && results.error.code === 'NETWORK_ERROR';
  const offline = (!online || lostSignal) && !results.data;
  const name = (animal: PickableAnimal) =>
    formatAnimal
      ? formatAnimal(animal)
      : [animal.earTagNumber != null ? `#${animal.earTagNumber}` : null, animal.name ?? t('animalPicker.unnamed')]
          .filter(Boolean)
          .join(' ');
  const pick = (animal: PickerAnimal | null) => {
    moveFocus.current = true;
    onChange(animal);
  };

  if (value) {
    return (
      <div className="field">
        <span className="field__label">{t('animalPicker.animal')}</span>
        <div className="animal-picked">
          <strong>{name(value)}</strong>
          <button ref={changeRef} type="button" className="button" onClick={() => pick(null)}>
            {t('animalPicker.change')}
          </button>
        </div>
      </div>
    );
  }
  const kept = offline ? roster.data : null;
  const found: PickerAnimal[] = kept ? rosterMatches(kept.data, search, limit * 3) : (results.data ?? []);
  const matches = found.filter((a) => !filter || filter(a)).slice(0, limit);
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label ?? t('animalPicker.search')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        inputMode="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
      />
      <p className={error ? 'field__error' : 'field__hint'} id={`${id}-hint`} role={error ? 'alert' : undefined}>
        {error ?? hint ?? t('animalPicker.hint')}
      </p>
      {search.length >= 2 && offline && !kept ? (
        <p className="muted" role="status">
          {roster.isPending ? t('common.loading') : t('animalPicker.noRoster')}
        </p>
      ) : search.length >= 2 ? (
        !kept && results.isLoading ? (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        ) : !kept && results.isError ? (
          <p className="field__error">{results.error.message}</p>
        ) : matches.length === 0 ? (
          <p className="muted" role="status">
            {t('animalPicker.none')}
            {kept ? ` — ${t('animalPicker.kept', { time: jstTime(kept.checkedAt) })}` : null}
          </p>
        ) : (
          <fieldset className="animal-choices">
            {kept ? <p className="muted">{t('animalPicker.kept', { time: jstTime(kept.checkedAt) })}</p> : null}
            <legend className="visually-hidden">{t('animalPicker.pick')}</legend>
            {matches.map((animal) => (
              <label key={animal.cattleId} className="choice">
                <input type="radio" name={`${id}-animal`} onChange={() => pick(animal)} />
                <span>
                  {name(animal)}
                  {details ? <span className="muted"> {details(animal)}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
    </div>
  );
}
