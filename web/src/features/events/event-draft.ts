import { useQuery } from '@tanstack/react-query';
import { jstDate, jstTime } from '@worker/domain/calendar';
import type { EventType } from '@worker/domain/event-types';
import { INSEMINATION_METHODS, type InseminationMethod } from '@worker/domain/gestation';
import { useEffect, useState } from 'react';
import { type EventDetails, type EventView, recentInputsQuery } from '../../api/events';
import { parseNumberInput } from '../../lib/number-input';
import { COUNTERPARTY_PLACED, counterpartyDetails, counterpartyInitial } from './counterparty-details';
import { type CalfDraft, calfDetails, calfDrafts } from './event-calves';

/** `YYYY-MM-DDTHH:mm` in Japan time, for a datetime-local input. */
export const jstLocalInput = (instant: Date | string = new Date()) => `${jstDate(instant)}T${jstTime(instant)}`;

/** The typed detail fields as the form holds them: text as typed. */
export type DetailText = Record<string, string>;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The fields each way of service takes (§6); only the chosen method's are sent. */
export const METHOD_FIELDS: Record<InseminationMethod, readonly string[]> = {
  AI: ['sireName', 'sireBreed', 'technician', 'semenLot'],
  ET: ['embryoId', 'embryoBreed', 'technician', 'sireName'],
  NATURAL: ['sireName', 'sireBreed'],
};
const DETAIL_TEXT_FIELDS = ['sireName', 'sireBreed', 'technician', 'semenLot', 'embryoId', 'embryoBreed'] as const;
export type DetailTextField = (typeof DETAIL_TEXT_FIELDS)[number];

/** The error keys the form shows beside a field; any other is shown with the form's own error. */
export const PLACED = new Set([
  'cattleId',
  'eventType',
  'eventDatetime',
  'notes',
  'details',
  'details.method',
  'details.result',
  'details.weightKg',
  'details.product',
  'details.dose',
  'details.withdrawalMeatDays',
  'details.withdrawalMilkDays',
  'details.difficult',
  ...DETAIL_TEXT_FIELDS.map((f) => `details.${f}`),
  ...COUNTERPARTY_PLACED,
]);

const methodOf = (value: unknown): InseminationMethod => INSEMINATION_METHODS.find((m) => m === value) ?? 'AI';

/** The details of an event as the form holds them while it is filled in. */
export interface DetailDraft {
  fields: DetailText;
  method: InseminationMethod;
  calves: CalfDraft[];
  difficult: boolean;
}

/** The typed detail fields of docs/product.md §6, built from the form's state. */
export function buildDetails(type: EventType, { fields: f, method, calves, difficult }: DetailDraft) {
  const clean = (o: Record<string, unknown>) => {
    const v = Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== ''));
    return Object.keys(v).length ? v : null;
  };
  switch (type) {
    case 'INSEMINATION':
      return clean({ method, ...Object.fromEntries(METHOD_FIELDS[method].map((k) => [k, f[k]])) });
    case 'PREGNANCY_CHECK':
      return f.result ? { result: f.result } : {};
    case 'CALVING':
      return clean({ difficult: difficult || undefined, calves: calves.length ? calves.map(calfDetails) : undefined });
    case 'WEIGHT_MEASURED':
      return f.weightKg?.trim() ? { weightKg: parseNumberInput(f.weightKg) } : {};
    case 'VACCINATION':
    case 'MEDICATION':
      return clean({
        product: f.product,
        dose: f.dose,
        // Withdrawal days (休薬期間, §16): empty is none.
        withdrawalMeatDays: f.withdrawalMeatDays?.trim() ? parseNumberInput(f.withdrawalMeatDays) : undefined,
        withdrawalMilkDays: f.withdrawalMilkDays?.trim() ? parseNumberInput(f.withdrawalMilkDays) : undefined,
      });
    default:
      return counterpartyDetails(type, f);
  }
}

const initialFields = (d: EventDetails): DetailText => ({
  ...Object.fromEntries(DETAIL_TEXT_FIELDS.map((k) => [k, str(d[k])])),
  result: str(d.result),
  weightKg: str(d.weightKg),
  product: str(d.product),
  dose: str(d.dose),
  withdrawalMeatDays: str(d.withdrawalMeatDays),
  withdrawalMilkDays: str(d.withdrawalMilkDays),
  ...counterpartyInitial(d),
});

/**
 * The typed details being filled in, with the farm's last sire and technician offered for a new service (§15): filled
 * in for an AI, taken back when another way of service is chosen (anything the farmer typed stays).
 */
export function useDetailDraft(event: EventView | undefined, type: EventType | null) {
  const d: EventDetails = event?.details ?? {};
  const [fields, setFields] = useState<DetailText>(() => initialFields(d));
  const [method, setMethod] = useState<InseminationMethod>(methodOf(d.method));
  const [difficult, setDifficult] = useState(d.difficult === true);
  const [calves, setCalves] = useState<CalfDraft[]>(() => calfDrafts(d, event?.eventType !== 'CALVING'));
  const recent = useQuery({ ...recentInputsQuery(), enabled: !event && type === 'INSEMINATION' });
  const lastSire = recent.data?.sires[0];
  const lastTechnician = recent.data?.technicians[0];
  const prefill = {
    sireName: lastSire?.name ?? '',
    sireBreed: lastSire?.breed ?? '',
    technician: lastTechnician ?? '',
  };
  useEffect(() => {
    if ((!lastSire && !lastTechnician) || method !== 'AI') return;
    setFields((f) =>
      f.sireName || f.technician || f.sireBreed
        ? f
        : { ...f, sireName: lastSire?.name ?? '', sireBreed: lastSire?.breed ?? '', technician: lastTechnician ?? '' },
    );
  }, [lastSire, lastTechnician, method]);
  const chooseMethod = (next: InseminationMethod) => {
    setMethod(next);
    if (next === 'AI' || event) return;
    setFields((f) => {
      const kept = { ...f };
      for (const key of ['sireName', 'sireBreed', 'technician'] as const)
        if (prefill[key] && f[key] === prefill[key]) kept[key] = '';
      return kept;
    });
  };
  const set = (name: string) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  return {
    draft: { fields, method, calves, difficult } satisfies DetailDraft,
    set,
    chooseMethod,
    setCalves,
    setDifficult,
    recent: recent.data,
  };
}

export type DetailDraftState = ReturnType<typeof useDetailDraft>;
