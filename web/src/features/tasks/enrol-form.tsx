import { useQuery, useQueryClient } from '@tanstack/react-query';
import { todayJst } from '@worker/domain/calendar';
import { programmeWords } from '@worker/domain/programme-words';
import { enrolSchema } from '@worker/domain/programmes';
import { useState } from 'react';
import { z } from 'zod';
import { useRoster } from '../../api/cattle';
import {
  type Eligibility,
  type EnrolAnswer,
  eligibilityQuery,
  enrolCattle,
  programmesQuery,
  taskKeys,
} from '../../api/tasks';
import { StatusBadge } from '../../components/badges';
import { FormError, SelectField, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';
import './tasks.css';

const LIVING = (status: string) => status !== 'DEAD' && status !== 'SHIPPED';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const enrolFormSchema = enrolSchema.extend({ programmeId: z.coerce.number().int().positive() });

type Picked = Set<number>;
const label = (a: { cattleId: number; earTagNumber: string | null; name: string | null }) =>
  [a.earTagNumber, a.name].filter(Boolean).join(' ') || `#${a.cattleId}`;

/**
 * The picker's animals for a programme and start (§22 turn 4): each with its status and, when the programme is not
 * for it, disabled with the reason the API gives.
 */
function CowPicker({
  why,
  term,
  picked,
  toggle,
}: {
  why: ReadonlyMap<number, Eligibility>;
  term: string;
  picked: Picked;
  toggle: (id: number) => void;
}) {
  const { t } = useI18n();
  const roster = useRoster();
  const animals = (roster.data?.data ?? [])
    .filter((a) => LIVING(a.status))
    .filter((a) => !term || `${a.earTagNumber ?? ''} ${a.name ?? ''}`.includes(term.trim()));
  return (
    <ul className="enrol-cows">
      {animals.slice(0, 200).map((a) => {
        const known = why.get(a.cattleId);
        const reason = known?.reason ?? null;
        const id = `enrol-cow-${a.cattleId}`;
        return (
          <li key={a.cattleId} className={reason ? 'enrol-cow enrol-cow--ineligible' : 'enrol-cow'}>
            <label>
              <input
                type="checkbox"
                checked={!reason && picked.has(a.cattleId)}
                disabled={reason !== null}
                aria-describedby={id}
                onChange={() => toggle(a.cattleId)}
              />
              {label(a)}
            </label>
            <span id={id} className="enrol-cow__state">
              <StatusBadge status={known?.status ?? a.status} />
              {reason ? <span className="enrol-cow__reason">{t('programmes.notFor', { reason })}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What an enrolment made, and the animals it left out with their reasons. */
function Enrolled({ result, onClose }: { result: EnrolAnswer; onClose: () => void }) {
  const { t } = useI18n();
  const roster = useRoster();
  const names = new Map((roster.data?.data ?? []).map((a) => [a.cattleId, label(a)]));
  return (
    <>
      <p role="status">{t('programmes.enrolled', { count: result.enrolments.length, tasks: result.tasksCreated })}</p>
      {result.skipped.length > 0 ? (
        <>
          <p>{t('programmes.skipped', { count: result.skipped.length })}</p>
          <ul className="enrol-skipped">
            {result.skipped.map((s) => (
              <li key={s.cattleId}>
                {names.get(s.cattleId) ?? `#${s.cattleId}`}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.back')}
        </button>
      </div>
    </>
  );
}

/** The form: a programme, a start date, and the cows picked from the herd (filtered as you type). */
export function EnrolForm({ onClose }: { onClose: () => void }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const programmes = useQuery(programmesQuery);
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<Picked>(new Set());
  const [chosen, setChosen] = useState<number | null>(null);
  const [startDate, setStartDate] = useState(todayJst());
  const programmeId = chosen ?? programmes.data?.[0]?.id ?? null;
  const eligibility = useQuery({
    ...eligibilityQuery(programmeId ?? 0, startDate),
    enabled: programmeId !== null && DATE.test(startDate),
  });
  const why = new Map((eligibility.data ?? []).map((e) => [e.cattleId, e]));
  const form = useSchemaForm({
    schema: enrolFormSchema,
    values: (data) => ({
      programmeId: data.get('programmeId'),
      // An animal picked before the programme or start changed, that is not for it now, is not sent.
      cattleIds: [...picked].filter((id) => !why.get(id)?.reason),
      startDate: String(data.get('startDate') ?? ''),
    }),
    submit: ({ programmeId, ...input }) => enrolCattle(programmeId, input),
    onSaved: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  if (form.saved && form.result) return <Enrolled result={form.result} onClose={onClose} />;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FormError message={form.message} />
      <SelectField
        name="programmeId"
        label={t('tasks.programme')}
        required
        value={programmeId ?? ''}
        onChange={(e) => setChosen(Number(e.target.value))}
      >
        {(programmes.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {programmeWords(p.name, locale)}
          </option>
        ))}
      </SelectField>
      <TextField
        name="startDate"
        type="date"
        label={t('programmes.startDate')}
        value={startDate}
        onChange={(e) => setStartDate(e.target.value)}
        error={form.errors.startDate}
        required
      />
      <fieldset>
        <legend>{t('programmes.pickCows')}</legend>
        <TextField
          label={t('programmes.searchCows')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          type="search"
        />
        <CowPicker why={why} term={term} picked={picked} toggle={toggle} />
        {form.errors.cattleIds ? (
          <p className="field__error" role="alert">
            {form.errors.cattleIds}
          </p>
        ) : null}
      </fieldset>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={form.saving}>{t('programmes.enrolSubmit')}</SubmitButton>
      </div>
    </form>
  );
}
