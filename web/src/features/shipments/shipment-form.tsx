import { todayJst } from '@worker/domain/calendar';
import { createShipmentSchema, updateShipmentSchema } from '@worker/shipments/shipments.schemas';
import { type FormEvent, useState } from 'react';
import { isQueued } from '../../api/queued';
import type { ShipmentListItem } from '../../api/shipments';
import type { PickerAnimal } from '../../components/animal-picker';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { PartyFields } from '../../components/party-fields';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { parseNumberInput } from '../../lib/number-input';
import { AnimalPicker, type ShipmentAnimal } from './animal-picker';
import { animalLabel } from './format';
import { useShipmentMutations } from './mutations';

type Values = {
  shipmentDate: string;
  price: string;
  weight: string;
  ageAtShipment: string;
  buyer: string;
  toFarmerCode: string;
  toName: string;
  notes: string;
  carcassWeightKg: string;
  yieldGrade: string;
  qualityGrade: string;
  bms: string;
  carcassNotes: string;
};

const QUALITY_GRADES = [5, 4, 3, 2, 1];
const BMS_NUMBERS = Array.from({ length: 12 }, (_, i) => 12 - i);

const toText = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** Records a new shipment (with an animal picked or given) or corrects an existing one. */
type SetValue = (key: keyof Values) => (e: { target: { value: string } }) => void;

/** The carcass results (枝肉成績): weight, 歩留・肉質等級, BMS and notes, all optional (they come weeks after the sale). */
function CarcassFieldset({ values, set, errors }: { values: Values; set: SetValue; errors: FieldErrors }) {
  const { t } = useI18n();
  return (
    <fieldset className="shipment-form__carcass">
      <legend>{t('shipments.carcass')}</legend>
      <div className="shipment-form__grid">
        <TextField
          label={t('shipments.carcassWeight')}
          inputMode="decimal"
          value={values.carcassWeightKg}
          onChange={set('carcassWeightKg')}
          error={errors['carcass.weightKg']}
          autoComplete="off"
        />
        <SelectField
          label={t('shipments.yieldGrade')}
          value={values.yieldGrade}
          onChange={set('yieldGrade')}
          error={errors['carcass.yieldGrade']}
        >
          <option value="">{t('shipments.notGraded')}</option>
          {['A', 'B', 'C'].map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('shipments.qualityGrade')}
          value={values.qualityGrade}
          onChange={set('qualityGrade')}
          error={errors['carcass.qualityGrade']}
        >
          <option value="">{t('shipments.notGraded')}</option>
          {QUALITY_GRADES.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </SelectField>
        <SelectField label="BMS" value={values.bms} onChange={set('bms')} error={errors['carcass.bms']}>
          <option value="">{t('shipments.notGraded')}</option>
          {BMS_NUMBERS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('shipments.carcassNotes')}
        value={values.carcassNotes}
        onChange={set('carcassNotes')}
        error={errors['carcass.notes']}
      />
    </fieldset>
  );
}

export function ShipmentForm({
  editing,
  animal: fixedAnimal,
  onDone,
  onCancel,
}: {
  editing?: ShipmentListItem;
  animal?: ShipmentAnimal | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { create, update } = useShipmentMutations();
  const mutation = editing ? update : create;
  const [picked, setPicked] = useState<PickerAnimal | null>(null);
  const [values, setValues] = useState<Values>({
    shipmentDate: editing?.shipmentDate ?? todayJst(),
    price: toText(editing?.price),
    weight: toText(editing?.weight),
    ageAtShipment: toText(editing?.ageAtShipment),
    buyer: editing?.buyer ?? '',
    toFarmerCode: editing?.toFarmerCode ?? '',
    toName: editing?.toName ?? '',
    notes: editing?.notes ?? '',
    carcassWeightKg: toText(editing?.carcass?.weightKg),
    yieldGrade: editing?.carcass?.yieldGrade ?? '',
    qualityGrade: toText(editing?.carcass?.qualityGrade),
    bms: toText(editing?.carcass?.bms),
    carcassNotes: editing?.carcass?.notes ?? '',
  });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const server = describeError(mutation.error);
  const errors = { ...server.fields, ...clientErrors };
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    // '624,800' and '６２４，８００' are 624800: the schema sees the numbers (NaN when unreadable, so it says why).
    const { carcassWeightKg, yieldGrade, qualityGrade, bms, carcassNotes, ...fields } = values;
    const graded = [carcassWeightKg, yieldGrade, qualityGrade, bms, carcassNotes].some((v) => v.trim() !== '');
    const body = {
      ...fields,
      price: parseNumberInput(values.price),
      weight: parseNumberInput(values.weight),
      ageAtShipment: parseNumberInput(values.ageAtShipment),
      // Carcass results (枝肉成績) come weeks after the sale: none given is none stored.
      carcass: graded
        ? { weightKg: parseNumberInput(carcassWeightKg), yieldGrade, qualityGrade, bms, notes: carcassNotes }
        : null,
    };
    if (editing) {
      const parsed = updateShipmentSchema.safeParse(body);
      if (!parsed.success) return setClientErrors(zodFieldErrors(parsed.error));
      setClientErrors({});
      update.mutate(
        { shipmentId: editing.shipmentId, input: parsed.data },
        { onSuccess: () => onDone(t('shipments.updated')) },
      );
    } else {
      const parsed = createShipmentSchema.safeParse({ ...body, cattleId: (fixedAnimal ?? picked)?.cattleId });
      if (!parsed.success) return setClientErrors(zodFieldErrors(parsed.error));
      setClientErrors({});
      create.mutate(parsed.data, {
        onSuccess: (r) => onDone(isQueued(r) ? t('shipments.queued') : t('shipments.saved')),
      });
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {editing ? (
        <p>
          <strong>{animalLabel(editing)}</strong>
        </p>
      ) : fixedAnimal ? (
        <p>
          <strong>{animalLabel(fixedAnimal)}</strong>
        </p>
      ) : (
        <AnimalPicker value={picked} onChange={setPicked} error={errors.cattleId} />
      )}
      {fixedAnimal && errors.cattleId ? <FormError message={errors.cattleId} /> : null}
      <div className="shipment-form__grid">
        <TextField
          label={t('shipments.shipmentDate')}
          type="date"
          required
          max={todayJst()}
          value={values.shipmentDate}
          onChange={set('shipmentDate')}
          error={errors.shipmentDate}
        />
        <TextField
          label={t('shipments.price')}
          inputMode="numeric"
          required
          value={values.price}
          onChange={set('price')}
          error={errors.price}
          autoComplete="off"
        />
        <TextField
          label={t('shipments.weight')}
          inputMode="decimal"
          value={values.weight}
          onChange={set('weight')}
          error={errors.weight}
          autoComplete="off"
        />
        <TextField
          label={t('shipments.ageAtShipment')}
          inputMode="numeric"
          value={values.ageAtShipment}
          onChange={set('ageAtShipment')}
          error={errors.ageAtShipment}
          hint={t('shipments.ageHint')}
          autoComplete="off"
        />
      </div>
      <TextField
        label={t('shipments.buyer')}
        value={values.buyer}
        onChange={set('buyer')}
        error={errors.buyer}
        hint={t('shipments.buyerHint')}
      />
      <PartyFields kind="SHIPMENT" values={values} onChange={(k) => set(k as keyof Values)} errors={errors} />
      <TextAreaField
        label={t('shipments.notes')}
        value={values.notes}
        onChange={set('notes')}
        error={errors.notes}
        rows={2}
      />
      <CarcassFieldset values={values} set={set} errors={errors} />
      <FormError message={server.message} />
      <div className="actions">
        <SubmitButton pending={mutation.isPending}>
          {editing ? t('shipments.saveEdit') : t('shipments.save')}
        </SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
