import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { animalLabel, herdSearchQuery, type HerdAnimal } from './shipments-api';

/** Finds an animal of the herd by ear tag, name or ID number; shows the matches as large radio choices. */
export function AnimalPicker({
  value,
  onChange,
  error,
  filter,
}: {
  value: HerdAnimal | null;
  onChange: (animal: HerdAnimal | null) => void;
  error?: string;
  filter?: (animal: HerdAnimal) => boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({ ...herdSearchQuery(search), enabled: search.length >= 2 && !value });

  if (value) {
    return (
      <div className="field">
        <span className="field__label">{t('shipments.animal')}</span>
        <div className="picked-animal">
          <strong>{animalLabel(value)}</strong>
          <button type="button" className="button" onClick={() => onChange(null)}>
            {t('shipments.change')}
          </button>
        </div>
      </div>
    );
  }
  const matches = (results.data ?? []).filter((a) => !filter || filter(a));
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="is-required">
        {t('shipments.searchAnimal')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
      />
      {error ? (
        <p className="field__error" id={`${id}-hint`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={`${id}-hint`}>
          {t('shipments.searchHint')}
        </p>
      )}
      {search.length >= 2 ? (
        results.isLoading ? (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        ) : results.isError ? (
          <p className="field__error">{(results.error as Error).message}</p>
        ) : matches.length === 0 ? (
          <p className="muted" role="status">
            {t('shipments.noAnimals')}
          </p>
        ) : (
          <fieldset className="animal-choices">
            <legend className="visually-hidden">{t('shipments.pickAnimal')}</legend>
            {matches.map((animal) => (
              <label key={animal.cattleId} className="choice">
                <input type="radio" name={`${id}-animal`} onChange={() => onChange(animal)} />
                <span>
                  {animalLabel(animal)}
                  <span className="muted"> {[animal.gender, animal.monthsOld != null ? t('shipments.months', { n: animal.monthsOld }) : null].filter(Boolean).join('・')}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
    </div>
  );
}
