import { earTagWarnings } from '@worker/domain/ear-tags';
import { parseEarTagNumber } from '@worker/domain/identification';
import { useState } from 'react';
import { useRoster } from '../../api/cattle';
import { TextField } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';

/**
 * The ear tag, with the warning the API gives (§5) shown as it is typed: one line per other living animal of the
 * farm with that tag, read from the roster kept on the phone (every living animal, offline too). Saving stays allowed.
 */
export function EarTagField({
  cattleId,
  defaultValue,
  error,
}: {
  cattleId: number | null;
  defaultValue: string;
  error?: string;
}) {
  const { t } = useI18n();
  const roster = useRoster();
  const [typed, setTyped] = useState(defaultValue);
  // Read as the API reads it (full-width digits, spaces); the roster holds only living animals.
  const tag = parseEarTagNumber(typed);
  const warnings = tag
    ? earTagWarnings({ cattleId, earTagNumber: tag, status: 'HEALTHY' }, roster.data?.data ?? [])
    : [];
  return (
    <TextField
      label={t('cattle.earTagNumber')}
      name="earTagNumber"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      hint={
        warnings.length > 0 ? (
          <span className="field__warning" role="status">
            {warnings.map((w) => (
              <span key={w}>{w}</span>
            ))}
          </span>
        ) : (
          t('cattle.earTagHint')
        )
      }
      defaultValue={defaultValue}
      onChange={(e) => setTyped(e.target.value)}
      error={error}
    />
  );
}
