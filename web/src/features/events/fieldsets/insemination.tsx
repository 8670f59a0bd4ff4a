import { useI18n } from '../../../lib/i18n';
import type { DetailTextField } from '../event-draft';
import type { FieldsetProps } from './fieldset';
import { DetailText, ExpectedCalf, MethodFieldset, ServiceSuggestions } from './service-parts';
import '../messages';

/**
 * 授精・ET・本交 (INSEMINATION): the way of service, then its own fields. The alert's quick AI shows the sire and
 * technician only (`part` 'quick'), and folds the way of service, the sire's breed and the lot below 保存 ('more').
 */
export function InseminationFields(props: FieldsetProps) {
  const { t } = useI18n();
  const { state, errors, breed, dairy, part } = props;
  const text = (name: DetailTextField, label: string, hint?: string) => (
    <DetailText name={name} label={label} hint={hint} state={state} errors={errors} />
  );
  const sireBreedHint = dairy ? t('events.sireBreedDairyHint', { dam: breed }) : t('events.sireBreedHint');
  const quickAi = part !== 'all' && state.draft.method === 'AI';
  if (quickAi && part === 'quick')
    return (
      <>
        {text('sireName', t('events.sireName'))}
        {text('technician', t('events.technician'))}
        <ServiceSuggestions state={state} />
      </>
    );
  if (quickAi)
    return (
      <>
        <MethodFieldset state={state} errors={errors} />
        {text('sireBreed', t('events.sireBreed'), sireBreedHint)}
        {text('semenLot', t('events.semenLot'))}
        <ExpectedCalf state={state} breed={breed} />
      </>
    );
  if (part === 'more') return null;
  const method = state.draft.method;
  return (
    <>
      <MethodFieldset state={state} errors={errors} />
      {method === 'ET' ? (
        <>
          {text('embryoId', t('events.embryoId'))}
          {text(
            'embryoBreed',
            t('events.embryoBreed'),
            dairy ? t('events.embryoBreedDairyHint', { dam: breed }) : t('events.embryoBreedHint'),
          )}
          {text('technician', t('events.transferredBy'))}
          {text('sireName', t('events.sireName'))}
        </>
      ) : (
        <>
          {text('sireName', t('events.sireName'))}
          {text('sireBreed', t('events.sireBreed'), sireBreedHint)}
          {method === 'AI' ? text('technician', t('events.technician')) : null}
          {method === 'AI' ? text('semenLot', t('events.semenLot')) : null}
        </>
      )}
      <ServiceSuggestions state={state} />
      <ExpectedCalf state={state} breed={breed} />
    </>
  );
}
