import type { CattleDetail } from '../../api/cattle';

/** A form's body in the API's shape: fields, and the nested bloodline, mother and breeding objects. */
export type FormBody = { [key: string]: unknown };

const isObject = (value: unknown): value is FormBody =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Two read values are the same when both are empty, or they print alike (a select reads '12' for the dam 12). */
const same = (a: unknown, b: unknown) => {
  const x = a ?? null;
  const y = b ?? null;
  return x === y || (x !== null && y !== null && String(x) === String(y));
};

/**
 * What an edit sends (§5: an edit changes only what it names): the fields whose read value differs from what the
 * animal had, nested objects cut to their changed keys and left out when nothing in them changed. A field the screen
 * never showed, or showed and left alone, is not sent, so the API keeps it as it is (the dam link, the bloodline).
 */
export function changedFields(read: FormBody, was: FormBody): FormBody {
  const changed: FormBody = {};
  for (const [key, value] of Object.entries(read)) {
    if (isObject(value)) {
      const inner = changedFields(value, isObject(was[key]) ? was[key] : {});
      if (Object.keys(inner).length > 0) changed[key] = inner;
    } else if (!same(value, was[key])) {
      changed[key] = value;
    }
  }
  return changed;
}

/** The animal as the edit form reads it back unchanged: the shape of its body, from the animal's page data. */
export function formValuesOf(v: CattleDetail): FormBody {
  return {
    name: v.name,
    identificationNumber: v.identificationNumber,
    earTagNumber: v.earTagNumber,
    gender: v.gender,
    growthStage: v.growthStage,
    birthday: v.birthday,
    breed: v.breed,
    barn: v.barn,
    weight: v.weight,
    score: v.score,
    producerName: v.producerName,
    breedingValue: v.breedingValue,
    notes: v.notes,
    parity: v.breedingStatus?.parity ?? null,
    bloodline: {
      fatherCattleName: v.bloodline?.fatherCattleName,
      motherFatherCattleName: v.bloodline?.motherFatherCattleName,
      motherGrandFatherCattleName: v.bloodline?.motherGrandFatherCattleName,
      motherGreatGrandFatherCattleName: v.bloodline?.motherGreatGrandFatherCattleName,
    },
    motherInfo: {
      motherCattleId: v.motherInfo?.motherCattleId,
      motherName: v.motherInfo?.motherName,
      motherIdentificationNumber: v.motherInfo?.motherIdentificationNumber,
      motherScore: v.motherInfo?.motherScore,
    },
    breeding: { breedingMemo: v.breedingStatus?.breedingMemo },
  };
}
