import { Link } from '@tanstack/react-router';
import { INSEMINATION_METHODS, type InseminationMethod } from '@worker/domain/gestation';
import { Fragment } from 'react';
import type { EventDetails, EventView } from '../../api/events';
import { useI18n } from '../../lib/i18n';
import './messages';

/** A calf as a calving's line names it. */
export interface CalfFacts {
  gender: string;
  name?: string | null;
  weightKg?: number;
  stillborn?: boolean;
}

const methodOf = (value: unknown): InseminationMethod => INSEMINATION_METHODS.find((m) => m === value) ?? 'AI';

/** One calf as a calving's line shows it: 雌 ふたご1 32.5kg, or 雄 死産. */
export function useCalfText() {
  const { t } = useI18n();
  return (calf: CalfFacts) =>
    [
      t(`events.calfSex.${calf.gender}`),
      calf.name,
      calf.weightKg !== undefined && !Number.isNaN(calf.weightKg) ? t('events.kg', { n: calf.weightKg }) : null,
      calf.stillborn ? t('events.calfSummaryStillborn') : null,
    ]
      .filter(Boolean)
      .join(' ');
}

/** A link's words for a registered calf: its name, or its place among several, or just "the calf". */
export function useCalfLinkLabel() {
  const { t } = useI18n();
  return (calf: { name?: string | null }, index: number, count: number) =>
    calf.name
      ? t('events.toCalfNamed', { name: calf.name })
      : count > 1
        ? t('events.toCalfN', { n: index + 1 })
        : t('events.toCalf');
}

/**
 * A short line for an event's typed details, calves aside: the service's method, embryo and sire (人工授精 /
 * 種雄牛名: 安福久（黒毛和種）), the check's result, the weight, the product.
 */
function useDetailsText() {
  const { t } = useI18n();
  return (event: EventView): string => {
    const d: EventDetails = event.details ?? {};
    const parts: string[] = [];
    const paren = (text: string | null | undefined) => (text ? t('common.paren', { text }) : '');
    if (event.eventType === 'INSEMINATION') {
      const method = methodOf(d.method);
      parts.push(t(`events.method.${method}`));
      if (d.embryoId) parts.push(`${t('events.embryoId')}: ${d.embryoId}${paren(d.embryoBreed)}`);
      else if (d.embryoBreed) parts.push(`${t('events.embryoBreed')}: ${d.embryoBreed}`);
      if (d.sireName) parts.push(`${t('events.sireName')}: ${d.sireName}${paren(d.sireBreed)}`);
      else if (d.sireBreed) parts.push(`${t('events.sireBreed')}: ${d.sireBreed}`);
      if (d.technician) {
        parts.push(`${t(method === 'ET' ? 'events.transferredBy' : 'events.technician')}: ${d.technician}`);
      }
      if (d.semenLot) parts.push(`${t('events.semenLot')}: ${d.semenLot}`);
    } else {
      if (d.sireName) parts.push(`${t('events.sireName')}: ${d.sireName}`);
      if (d.technician) parts.push(`${t('events.technician')}: ${d.technician}`);
    }
    if (d.result) parts.push(`${t('events.result')}: ${t(`events.resultValue.${d.result}`)}`);
    if (d.difficult === true) parts.push(t('events.difficultShort'));
    if (d.weightKg !== undefined) parts.push(t('events.kg', { n: d.weightKg }));
    if (d.product) parts.push(d.product);
    if (d.dose) parts.push(d.dose);
    const withdrawal = [
      d.withdrawalMeatDays ? t('events.withdrawalMeat', { n: d.withdrawalMeatDays }) : null,
      d.withdrawalMilkDays ? t('events.withdrawalMilk', { n: d.withdrawalMilkDays }) : null,
    ].filter(Boolean);
    if (withdrawal.length) parts.push(t('events.withdrawalDays', { parts: withdrawal.join('・') }));
    return parts.join(' / ');
  };
}

/** An event's details as the timeline and the log show them, each registered calf a link to its page. */
export function EventDetailsLines({ event }: { event: EventView }) {
  const { t } = useI18n();
  const detailsText = useDetailsText();
  const calfText = useCalfText();
  const linkLabel = useCalfLinkLabel();
  const text = detailsText(event);
  const calves = event.details?.calves ?? [];
  return (
    <>
      {text ? <p className="event-item__details">{text}</p> : null}
      {calves.length ? (
        <p className="event-item__details">
          {t('events.calvesCount', { n: calves.length })}:{' '}
          {calves.map((calf, i) => (
            // Calves have no id of their own until registered; their place in the calving is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Fragment key={i}>
              {i > 0 ? ', ' : null}
              {calf.cattleId !== undefined ? (
                <Link
                  to="/cattle/$id"
                  params={{ id: String(calf.cattleId) }}
                  className="event-calf-link"
                  title={linkLabel(calf, i, calves.length)}
                >
                  {calfText(calf)}
                </Link>
              ) : (
                <span>{calfText(calf)}</span>
              )}
            </Fragment>
          ))}
        </p>
      ) : null}
    </>
  );
}
