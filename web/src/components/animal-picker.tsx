import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type CattleListItem, cattleSearchQuery } from '../api/cattle';
import { defineMessages, useI18n } from '../lib/i18n';

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
    },
  },
});

/** The fields every caller needs of an animal it shows as picked (a match of the search, or one it already knows). */
export type PickableAnimal = Pick<CattleListItem, 'cattleId' | 'name' | 'earTagNumber'>;

/**
 * Finds an animal of the herd by ear tag or name and picks it: a labelled search input, then the matches as
 * large (44px) radio choices in a fieldset; picking moves focus to "Change", and "Change" back to the search.
 * `value` is the picked animal as the caller keeps it (`A`); a pick hands over the herd list's whole entry.
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
  onChange: (animal: CattleListItem | null) => void;
  error?: string;
  required?: boolean;
  /** The search input's label (default: 耳標番号または名前で検索). */
  label?: string;
  hint?: string;
  /** How an animal is named, picked or in the list (default: `#ear-tag name`). */
  formatAnimal?: (animal: PickableAnimal) => string;
  /** Extra muted text after a match (e.g. sex and age). */
  details?: (animal: CattleListItem) => ReactNode;
  /** Hides matches that cannot be picked here. */
  filter?: (animal: CattleListItem) => boolean;
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
  const name = (animal: PickableAnimal) =>
    formatAnimal
      ? formatAnimal(animal)
      : [animal.earTagNumber != null ? `#${animal.earTagNumber}` : null, animal.name ?? t('animalPicker.unnamed')]
          .filter(Boolean)
          .join(' ');
  const pick = (animal: CattleListItem | null) => {
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
  const matches = (results.data ?? []).filter((a) => !filter || filter(a));
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
      {search.length >= 2 ? (
        results.isLoading ? (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        ) : results.isError ? (
          <p className="field__error">{results.error.message}</p>
        ) : matches.length === 0 ? (
          <p className="muted" role="status">
            {t('animalPicker.none')}
          </p>
        ) : (
          <fieldset className="animal-choices">
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
