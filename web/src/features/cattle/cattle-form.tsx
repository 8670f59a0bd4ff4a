import { useInfiniteQuery } from '@tanstack/react-query';
import { todayJst } from '@worker/domain/calendar';
import { GENDERS, GROWTH_STAGES } from '@worker/domain/cattle-enums';
import type { z } from 'zod';
import { type CattleDetail, cattleListQuery } from '../../api/cattle';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField, useSchemaForm } from '../../components/form';
import type { FieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { parseNumberInput } from '../../lib/number-input';
import { changedFields, formValuesOf } from './cattle-form-values';
import { EarTagField } from './ear-tag-field';
import './messages';

const str = (form: FormData, key: string) => {
  const value = String(form.get(key) ?? '').trim();
  return value === '' ? null : value;
};

/** Reads the form into the API's body shape; empty inputs become null so the server clears them. */
function readForm(form: FormData, mode: 'create' | 'edit') {
  const optional = (key: string) => str(form, key);
  // Numbers may be typed full-width or with thousands separators; the schema sees the number (NaN if unreadable).
  const number = (key: string) => parseNumberInput(form.get(key));
  const body: Record<string, unknown> = {
    name: String(form.get('name') ?? ''),
    identificationNumber: str(form, 'identificationNumber') ?? (mode === 'create' ? '' : undefined),
    earTagNumber: optional('earTagNumber'),
    gender: str(form, 'gender') ?? (mode === 'create' ? '' : undefined),
    growthStage: str(form, 'growthStage') ?? (mode === 'create' ? '' : undefined),
    birthday: optional('birthday'),
    breed: optional('breed'),
    barn: optional('barn'),
    weight: number('weight'),
    score: number('score'),
    producerName: optional('producerName'),
    breedingValue: optional('breedingValue'),
    notes: optional('notes'),
    bloodline: {
      fatherCattleName: optional('fatherCattleName'),
      motherFatherCattleName: optional('motherFatherCattleName'),
      motherGrandFatherCattleName: optional('motherGrandFatherCattleName'),
      motherGreatGrandFatherCattleName: optional('motherGreatGrandFatherCattleName'),
    },
    motherInfo: {
      motherCattleId: optional('motherCattleId'),
      motherName: optional('motherName'),
      motherIdentificationNumber: optional('motherIdentificationNumber'),
      motherScore: number('motherScore'),
    },
    // A new animal's calvings before the record (blank: the stage decides, §5); an edit's count with the last one.
    ...(mode === 'edit' ? { parity: number('parity') } : {}),
    breeding: {
      ...(mode === 'create' ? { parity: number('parity') ?? undefined } : {}),
      breedingMemo: optional('breedingMemo'),
    },
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/**
 * A new animal (`createCattleSchema`) or an edit (`updateCattleSchema`): the page gives the API's schema for the mode,
 * the request that saves what passes it, and what follows once saved.
 */
type FormProps<Schema extends z.ZodType, Result> = {
  mode: 'create' | 'edit';
  schema: Schema;
  initial?: CattleDetail;
  save: (body: z.output<Schema>) => Promise<Result>;
  onSaved: (result: Result) => unknown;
};

type SectionProps = { v: CattleDetail | undefined; errors: FieldErrors };

/** Name, numbers (as printed on the tag), sex, stage, birthday, breed and the rest of the register's line. */
function BasicsSection({ v, errors, mode }: SectionProps & { mode: 'create' | 'edit' }) {
  const { t } = useI18n();
  return (
    <section className="card form">
      <h2>{t('cattle.basics')}</h2>
      <TextField
        label={t('cattle.name')}
        name="name"
        required
        defaultValue={v?.name ?? ''}
        maxLength={50}
        error={errors.name}
      />
      <div className="form__row">
        <EarTagField cattleId={v?.cattleId ?? null} defaultValue={v?.earTagNumber ?? ''} error={errors.earTagNumber} />
        <TextField
          label={t('cattle.identificationNumber')}
          name="identificationNumber"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required={mode === 'create' || v?.identificationNumber != null}
          hint={t('cattle.identificationHint')}
          defaultValue={v?.identificationNumber ?? ''}
          error={errors.identificationNumber}
        />
      </div>
      <div className="form__row">
        <SelectField
          label={t('cattle.genderLabel')}
          name="gender"
          required
          defaultValue={v?.gender ?? ''}
          error={errors.gender}
        >
          <option value="">{t('cattle.choose')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`cattle.gender.${g}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('cattle.growthStageLabel')}
          name="growthStage"
          required
          defaultValue={v?.growthStage ?? ''}
          error={errors.growthStage}
        >
          <option value="">{t('cattle.choose')}</option>
          {GROWTH_STAGES.map((s) => (
            <option key={s} value={s}>
              {t(`cattle.growthStage.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="form__row">
        <TextField
          label={t('cattle.birthday')}
          name="birthday"
          type="date"
          max={todayJst()}
          defaultValue={v?.birthday ?? ''}
          error={errors.birthday}
        />
        <TextField
          label={t('cattle.breed')}
          name="breed"
          list="breeds"
          defaultValue={v?.breed ?? (mode === 'create' ? '黒毛和種' : '')}
          error={errors.breed}
        />
        <datalist id="breeds">
          {['黒毛和種', '褐毛和種', '日本短角種', '無角和種', '交雑種（F1）', 'ホルスタイン', 'ジャージー'].map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
      </div>
      <div className="form__row">
        <TextField label={t('cattle.barn')} name="barn" defaultValue={v?.barn ?? ''} error={errors.barn} />
        <TextField
          label={t('cattle.weight')}
          name="weight"
          inputMode="decimal"
          defaultValue={v?.weight ?? ''}
          error={errors.weight}
        />
        <TextField
          label={t('cattle.score')}
          name="score"
          inputMode="numeric"
          defaultValue={v?.score ?? ''}
          error={errors.score}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('cattle.producerName')}
          name="producerName"
          defaultValue={v?.producerName ?? ''}
          error={errors.producerName}
        />
        <TextField
          label={t('cattle.breedingValue')}
          name="breedingValue"
          defaultValue={v?.breedingValue ?? ''}
          error={errors.breedingValue}
        />
      </div>
      <TextAreaField
        label={t('cattle.notes')}
        name="notes"
        defaultValue={v?.notes ?? ''}
        maxLength={1000}
        error={errors.notes}
      />
    </section>
  );
}

function BloodlineSection({ v, errors }: SectionProps) {
  const { t } = useI18n();
  return (
    <section className="card form">
      <h2>{t('cattle.bloodline')}</h2>
      <div className="form__row">
        <TextField
          label={t('cattle.father')}
          name="fatherCattleName"
          defaultValue={v?.bloodline?.fatherCattleName ?? ''}
          error={errors['bloodline.fatherCattleName']}
        />
        <TextField
          label={t('cattle.motherFather')}
          name="motherFatherCattleName"
          defaultValue={v?.bloodline?.motherFatherCattleName ?? ''}
          error={errors['bloodline.motherFatherCattleName']}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('cattle.motherGrandFather')}
          name="motherGrandFatherCattleName"
          defaultValue={v?.bloodline?.motherGrandFatherCattleName ?? ''}
          error={errors['bloodline.motherGrandFatherCattleName']}
        />
        <TextField
          label={t('cattle.motherGreatGrandFather')}
          name="motherGreatGrandFatherCattleName"
          defaultValue={v?.bloodline?.motherGreatGrandFatherCattleName ?? ''}
          error={errors['bloodline.motherGreatGrandFatherCattleName']}
        />
      </div>
    </section>
  );
}

/** The dam: one of the farm's cows (never the animal itself), or her name and numbers when she is not in the herd. */
function MotherSection({ v, errors }: SectionProps) {
  const { t } = useI18n();
  const cows = useInfiniteQuery({
    ...cattleListQuery({ gender: ['雌'], sortBy: 'name', sortOrder: 'asc' }),
    select: (data) => data.pages.flatMap((p) => p.results).filter((c) => c.cattleId !== v?.cattleId),
  });
  const damId = v?.motherInfo?.motherCattleId ?? null;
  const others = (cows.data ?? []).filter((cow) => cow.cattleId !== damId);
  return (
    <section className="card form">
      <h2>{t('cattle.mother')}</h2>
      <SelectField
        label={t('cattle.motherCattle')}
        name="motherCattleId"
        defaultValue={v?.motherInfo?.motherCattleId ?? ''}
        error={errors['motherInfo.motherCattleId']}
      >
        <option value="">{t('cattle.motherNone')}</option>
        {/* The dam she has, there from the first paint so the picker shows her before the list of cows arrives. */}
        {damId ? (
          <option value={damId}>
            {v?.motherInfo?.motherEarTagNumber ?? '—'} {v?.motherInfo?.motherName ?? ''}
          </option>
        ) : null}
        {others.map((cow) => (
          <option key={cow.cattleId} value={cow.cattleId}>
            {cow.earTagNumber ?? '—'} {cow.name}
          </option>
        ))}
      </SelectField>
      <div className="form__row">
        <TextField
          label={t('cattle.motherName')}
          name="motherName"
          defaultValue={v?.motherInfo?.motherName ?? ''}
          error={errors['motherInfo.motherName']}
        />
        <TextField
          label={t('cattle.motherIdentificationNumber')}
          name="motherIdentificationNumber"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          hint={t('cattle.identificationHint')}
          defaultValue={v?.motherInfo?.motherIdentificationNumber ?? ''}
          error={errors['motherInfo.motherIdentificationNumber']}
        />
        <TextField
          label={t('cattle.motherScore')}
          name="motherScore"
          inputMode="numeric"
          defaultValue={v?.motherInfo?.motherScore ?? ''}
          error={errors['motherInfo.motherScore']}
        />
      </div>
    </section>
  );
}

/**
 * The parity and memo: a new animal's calvings before the record; an edit's parity counting the last calving, blank
 * while it is unknown (§5).
 */
function BreedingSection({ v, errors, mode }: SectionProps & { mode: 'create' | 'edit' }) {
  const { t } = useI18n();
  return (
    <section className="card form">
      <h2>{t('cattle.breedingSection')}</h2>
      {mode === 'create' ? (
        <TextField
          label={t('cattle.initialParity')}
          name="parity"
          inputMode="numeric"
          hint={t('cattle.initialParityHint')}
          error={errors['breeding.parity']}
        />
      ) : (
        <TextField
          label={t('cattle.parity')}
          name="parity"
          inputMode="numeric"
          hint={t('cattle.parityHint')}
          defaultValue={v?.breedingStatus?.parity ?? ''}
          error={errors.parity}
        />
      )}
      <TextAreaField
        label={t('cattle.breedingMemo')}
        name="breedingMemo"
        defaultValue={v?.breedingStatus?.breedingMemo ?? ''}
        error={errors['breeding.breedingMemo']}
      />
    </section>
  );
}

export function CattleForm<Schema extends z.ZodType, Result>({
  mode,
  schema,
  initial,
  save,
  onSaved,
}: FormProps<Schema, Result>) {
  const { t } = useI18n();
  // The API's own rules check the form first; what passes is sent as they normalised it.
  // An edit sends only what the user changed (§5), so a field it shows and leaves alone stays as the API has it.
  const values = (data: FormData) =>
    mode === 'edit' && initial ? changedFields(readForm(data, mode), formValuesOf(initial)) : readForm(data, mode);
  const form = useSchemaForm({ schema, values, submit: save, onSaved });
  const { errors } = form;
  const v = initial;
  return (
    <form onSubmit={form.onSubmit} noValidate className="form form--sections">
      <FormError message={form.message} />
      <BasicsSection v={v} errors={errors} mode={mode} />

      <BloodlineSection v={v} errors={errors} />

      <MotherSection v={v} errors={errors} />

      <BreedingSection v={v} errors={errors} mode={mode} />

      <div className="form__submit">
        <SubmitButton pending={form.saving}>{mode === 'create' ? t('cattle.create') : t('cattle.save')}</SubmitButton>
      </div>
    </form>
  );
}
