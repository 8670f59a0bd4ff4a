import { Link } from '@tanstack/react-router';
import { CALF_GENDERS, MAX_CALVES } from '@worker/domain/event-types';
import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { EventDetails } from '../../api/events';
import { TextField } from '../../components/form';
import type { FieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { parseNumberInput } from '../../lib/number-input';
import { useCalfLinkLabel, useCalfText } from './event-details';
import './messages';

/** One calf of a calving as the form holds it; `cattleId` once the calving has registered it. */
export interface CalfDraft {
  key: number;
  gender: string;
  name: string;
  identificationNumber: string;
  earTagNumber: string;
  weightKg: string;
  stillborn: boolean;
  cattleId?: number;
}

const CALF_FIELDS = ['gender', 'name', 'identificationNumber', 'earTagNumber', 'weightKg', 'stillborn'] as const;

let nextKey = 0;
const emptyCalf = (): CalfDraft => ({
  key: nextKey++,
  gender: '',
  name: '',
  identificationNumber: '',
  earTagNumber: '',
  weightKg: '',
  stillborn: false,
});

/** The calves a stored calving carries, as drafts (a new calving starts with one empty calf). */
export function calfDrafts(details: EventDetails | null | undefined, isNew: boolean): CalfDraft[] {
  const stored = details?.calves ?? [];
  if (stored.length === 0) return isNew ? [emptyCalf()] : [];
  return stored.map((c) => ({
    ...emptyCalf(),
    gender: c.gender,
    name: c.name ?? '',
    identificationNumber: c.identificationNumber ?? '',
    earTagNumber: c.earTagNumber ?? '',
    weightKg: c.weightKg !== undefined ? String(c.weightKg) : '',
    stillborn: c.stillborn === true,
    cattleId: c.cattleId,
  }));
}

/** An identifier as typed, trimmed (a string: its leading zeros stay; the API normalises it); empty is not given. */
const idText = (v: string) => (v.trim() ? v.trim() : undefined);

/** A calf's details for the API: what was typed, the numbers left out for a stillborn calf (it is not registered). */
export function calfDetails(c: CalfDraft): Record<string, unknown> {
  const value: Record<string, unknown> = {
    gender: c.gender || undefined,
    name: c.name.trim() ? c.name : undefined,
    identificationNumber: c.stillborn ? undefined : idText(c.identificationNumber),
    earTagNumber: c.stillborn ? undefined : idText(c.earTagNumber),
    weightKg: c.weightKg.trim() ? parseNumberInput(c.weightKg) : undefined,
    stillborn: c.stillborn || undefined,
  };
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** The error keys the calves show in place: `details.calves` and `details.calves.1.identificationNumber`. */
export const isCalfErrorKey = (key: string) =>
  key === 'details.calves' || new RegExp(`^details\\.calves\\.\\d+\\.(${CALF_FIELDS.join('|')})$`).test(key);

/** A calf the calving registered already: shown and linked, not edited here. */
function RegisteredCalf({
  calf,
  index,
  count,
  error,
}: {
  calf: CalfDraft;
  index: number;
  count: number;
  error?: string;
}) {
  const { t } = useI18n();
  const calfText = useCalfText();
  const linkLabel = useCalfLinkLabel();
  return (
    <div className="event-calf event-calf--registered" data-calf-key={calf.key}>
      <p className="event-calf__title">{t('events.calfN', { n: index + 1 })}</p>
      <p>
        {calfText({
          gender: calf.gender,
          name: calf.name,
          weightKg: calf.weightKg ? Number(calf.weightKg) : undefined,
          stillborn: calf.stillborn,
        })}{' '}
        <Link to="/cattle/$id" params={{ id: String(calf.cattleId) }}>
          {linkLabel(calf, index, count)}
        </Link>
      </p>
      <p className="field__hint">{t('events.calfRegistered')}</p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CalfGender({
  name,
  value,
  error,
  onChange,
}: {
  name: string;
  value: string;
  error?: string;
  onChange: (gender: string) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={`choice-group${error ? ' field--error' : ''}`}>
      <legend className="is-required">{t('events.calfGender')}</legend>
      {CALF_GENDERS.map((g) => (
        <label key={g} className="choice">
          <input type="radio" name={name} value={g} checked={value === g} onChange={() => onChange(g)} />
          {t(`events.calfSex.${g}`)}
        </label>
      ))}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The calves of a calving, added one by one (twins, triplets: up to 3), each removable, each with its sex, name,
 * numbers, birth weight and 死産. A calf the calving registered already is shown, linked, not edited here; nor can
 * it or a calf before it be removed (the API keeps registered calves by their place).
 */
export function CalvesFields({
  calves,
  onChange,
  errors,
  hint,
}: {
  calves: CalfDraft[];
  onChange: (calves: CalfDraft[]) => void;
  errors: FieldErrors;
  hint?: string;
}) {
  const { t } = useI18n();
  const addRef = useRef<HTMLButtonElement>(null);
  const focus = useRef<number | 'add' | null>(null);
  useEffect(() => {
    const target = focus.current;
    if (target === null) return;
    focus.current = null;
    if (target === 'add') addRef.current?.focus();
    else document.querySelector<HTMLInputElement>(`[data-calf-key="${target}"] input`)?.focus();
  });
  const update = (key: number, patch: Partial<CalfDraft>) =>
    onChange(calves.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const removable = (index: number) => !calves.slice(index).some((c) => c.cattleId !== undefined);
  const err = (i: number, field: (typeof CALF_FIELDS)[number]) => errors[`details.calves.${i}.${field}`];
  const listError = errors['details.calves'];

  return (
    <fieldset className={`event-calves${listError ? ' field--error' : ''}`}>
      <legend>{t('events.calvesLegend')}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {calves.map((calf, i) => {
        const n = i + 1;
        if (calf.cattleId !== undefined) {
          const errorText = CALF_FIELDS.map((f) => err(i, f)).find(Boolean);
          return <RegisteredCalf key={calf.key} calf={calf} index={i} count={calves.length} error={errorText} />;
        }
        return (
          <fieldset key={calf.key} className="event-calf" data-calf-key={calf.key}>
            <legend className="event-calf__title">{t('events.calfN', { n })}</legend>
            <CalfGender
              name={`calf-${calf.key}-gender`}
              value={calf.gender}
              error={err(i, 'gender')}
              onChange={(gender) => update(calf.key, { gender })}
            />
            <label className="choice event-calf__stillborn">
              <input
                type="checkbox"
                checked={calf.stillborn}
                onChange={(e) => update(calf.key, { stillborn: e.target.checked })}
              />
              {t('events.stillborn')}
            </label>
            {calf.stillborn ? <p className="field__hint">{t('events.stillbornHint')}</p> : null}
            <div className="form__row">
              <TextField
                label={t('events.calfName')}
                value={calf.name}
                onChange={(e) => update(calf.key, { name: e.target.value })}
                error={err(i, 'name')}
                autoComplete="off"
              />
              <TextField
                label={t('events.calfWeight')}
                inputMode="decimal"
                autoComplete="off"
                value={calf.weightKg}
                onChange={(e) => update(calf.key, { weightKg: e.target.value })}
                error={err(i, 'weightKg')}
              />
            </div>
            {calf.stillborn ? null : (
              <div className="form__row">
                <TextField
                  label={t('events.calfIdentificationNumber')}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={calf.identificationNumber}
                  onChange={(e) => update(calf.key, { identificationNumber: e.target.value })}
                  hint={t('events.calfIdentificationHint')}
                  error={err(i, 'identificationNumber')}
                />
                <TextField
                  label={t('events.calfEarTag')}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={calf.earTagNumber}
                  onChange={(e) => update(calf.key, { earTagNumber: e.target.value })}
                  error={err(i, 'earTagNumber')}
                />
              </div>
            )}
            {removable(i) ? (
              <div className="event-calf__actions">
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => {
                    focus.current = 'add';
                    onChange(calves.filter((c) => c.key !== calf.key));
                  }}
                >
                  {t('events.removeCalf', { n })}
                </button>
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {calves.length === 0 ? <p className="muted">{t('events.calvesNone')}</p> : null}
      {listError ? (
        <p className="field__error" role="alert">
          {listError}
        </p>
      ) : null}
      {calves.length < MAX_CALVES ? (
        <button
          ref={addRef}
          type="button"
          className="button"
          onClick={() => {
            const calf = emptyCalf();
            focus.current = calf.key;
            onChange([...calves, calf]);
          }}
        >
          <Plus size={18} aria-hidden="true" />
          {t('events.addCalf')}
        </button>
      ) : (
        <p className="field__hint">{t('events.calvesMax')}</p>
      )}
    </fieldset>
  );
}
