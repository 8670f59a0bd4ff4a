import { todayJst } from '@worker/domain/calendar';
import { createShipmentSchema, updateShipmentSchema } from '@worker/shipments/shipments.schemas';
import { useState } from 'react';
import { isQueued } from '../../api/queued';
import type { ShipmentListItem } from '../../api/shipments';
import type { PickerAnimal } from '../../components/animal-picker';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField, useSchemaForm } from '../../components/form';
import { PartyFields } from '../../components/party-fields';
import type { FieldErrors } from '../../lib/form-errors';
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

const initialValues = (editing?: ShipmentListItem): Values => ({
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

/** The body as the API's schema reads it: '624,800' and '６２４，８００' are 624800 (NaN when unreadable, so it says why). */
function bodyOf(values: Values) {
  const { carcassWeightKg, yieldGrade, qualityGrade, bms, carcassNotes, ...fields } = values;
  const graded = [carcassWeightKg, yieldGrade, qualityGrade, bms, carcassNotes].some((v) => v.trim() !== '');
  return {
    ...fields,
    price: parseNumberInput(values.price),
    weight: parseNumberInput(values.weight),
    ageAtShipment: parseNumberInput(values.ageAtShipment),
    // Carcass results (枝肉成績) come weeks after the sale: none given is none stored.
    carcass: graded
      ? { weightKg: parseNumberInput(carcassWeightKg), yieldGrade, qualityGrade, bms, notes: carcassNotes }
      : null,
  };
}

/** The sale itself: its date, the price, the weight and the age. */
function SaleFields({ values, set, errors }: { values: Values; set: SetValue; errors: FieldErrors }) {
  const { t } = useI18n();
  return (
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
  );
}

/**
 * Who bought the animal (出荷先), and who the NLBC filing names (§21): the filing's name falls back to the buyer, so it
 * is asked for only when the filing names another (an abattoir after a market), and its hint says so.
 */
function BuyerFields({ values, set, errors }: { values: Values; set: SetValue; errors: FieldErrors }) {
  const { t } = useI18n();
  const buyer = values.buyer.trim();
  return (
    <>
      <TextField
        label={t('shipments.buyer')}
        value={values.buyer}
        onChange={set('buyer')}
        error={errors.buyer}
        hint={t('shipments.buyerHint')}
      />
      <PartyFields
        kind="SHIPMENT"
        values={values}
        onChange={(k) => set(k as keyof Values)}
        errors={errors}
        nameHint={buyer ? t('shipments.toNameSame', { buyer }) : t('shipments.toNameEmpty')}
      />
    </>
  );
}

/**
 * Records a new shipment (with an animal picked or given) or corrects an existing one, on the form kit: the API's
 * own schema of the mode checks it first, its 400 details are shown in place, and `onDone` gets what to say after.
 */
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
  const [picked, setPicked] = useState<PickerAnimal | null>(null);
  const [values, setValues] = useState<Values>(() => initialValues(editing));
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const form = useSchemaForm({
    schema: editing ? updateShipmentSchema : createShipmentSchema,
    values: () => (editing ? bodyOf(values) : { ...bodyOf(values), cattleId: (fixedAnimal ?? picked)?.cattleId }),
    // A new record carries its animal; a correction is of the record it opened on.
    submit: async (input) => {
      if ('cattleId' in input)
        return t(isQueued(await create.mutateAsync(input)) ? 'shipments.queued' : 'shipments.saved');
      await update.mutateAsync({ shipmentId: editing?.shipmentId ?? '', input });
      return t('shipments.updated');
    },
    onSaved: onDone,
  });
  const { errors } = form;
  const named = editing ?? fixedAnimal;

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      {named ? (
        <p>
          <strong>{animalLabel(named)}</strong>
        </p>
      ) : (
        <AnimalPicker value={picked} onChange={setPicked} error={errors.cattleId} />
      )}
      {fixedAnimal && errors.cattleId ? <FormError message={errors.cattleId} /> : null}
      <SaleFields values={values} set={set} errors={errors} />
      <BuyerFields values={values} set={set} errors={errors} />
      <TextAreaField
        label={t('shipments.notes')}
        value={values.notes}
        onChange={set('notes')}
        error={errors.notes}
        rows={2}
      />
      <CarcassFieldset values={values} set={set} errors={errors} />
      <FormError message={form.message} />
      <div className="actions">
        <SubmitButton pending={form.saving}>{editing ? t('shipments.saveEdit') : t('shipments.save')}</SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
