import { useQuery, useQueryClient } from '@tanstack/react-query';
import { todayJst } from '@worker/domain/calendar';
import { enrolSchema } from '@worker/domain/programmes';
import { useState } from 'react';
import { z } from 'zod';
import { useRoster } from '../../api/cattle';
import { useCurrentFarm } from '../../api/farms';
import { enrolCattle, programmesQuery, taskKeys } from '../../api/tasks';
import { Dialog } from '../../components/dialog';
import { FormError, SelectField, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';
import './tasks.css';

const LIVING = (status: string) => status !== 'DEAD' && status !== 'SHIPPED';
const enrolFormSchema = enrolSchema.extend({ programmeId: z.coerce.number().int().positive() });

/** The form: a programme, a start date, and the cows picked from the herd (filtered as you type). */
export function EnrolForm({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const programmes = useQuery(programmesQuery);
  const roster = useRoster();
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const form = useSchemaForm({
    schema: enrolFormSchema,
    values: (data) => ({
      programmeId: data.get('programmeId'),
      cattleIds: [...picked],
      startDate: String(data.get('startDate') ?? ''),
    }),
    submit: ({ programmeId, ...input }) => enrolCattle(programmeId, input),
    onSaved: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
  const animals = (roster.data?.data ?? [])
    .filter((a) => LIVING(a.status))
    .filter((a) => !term || `${a.earTagNumber ?? ''} ${a.name ?? ''}`.includes(term.trim()));
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  if (form.saved && form.result)
    return (
      <>
        <p role="status">
          {t('programmes.enrolled', { count: form.result.enrolments.length, tasks: form.result.tasksCreated })}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.back')}
          </button>
        </div>
      </>
    );
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FormError message={form.message} />
      <SelectField name="programmeId" label={t('tasks.programme')} required>
        {(programmes.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <TextField
        name="startDate"
        type="date"
        label={t('programmes.startDate')}
        defaultValue={todayJst()}
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
        <div className="enrol-cows">
          {animals.slice(0, 200).map((a) => (
            <label key={a.cattleId}>
              <input type="checkbox" checked={picked.has(a.cattleId)} onChange={() => toggle(a.cattleId)} />
              {[a.earTagNumber, a.name].filter(Boolean).join(' ') || `#${a.cattleId}`}
            </label>
          ))}
        </div>
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

/** On the herd list: プログラムに登録 — choose cows, a programme and the start (staff and owners). */
export function EnrolFromHerd() {
  const { t } = useI18n();
  const { current } = useCurrentFarm();
  const [open, setOpen] = useState(false);
  if (!current || current.role === 'viewer') return null;
  return (
    <div className="enrol-from-herd">
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('programmes.enrol')}
      </button>
      <Dialog open={open} title={t('programmes.enrolTitle')} onClose={() => setOpen(false)}>
        <EnrolForm onClose={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}
