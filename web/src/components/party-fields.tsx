/**
 * The counterparty or disposal of a move (docs/product.md §21): who an animal came from (ARRIVAL), went to (SHIPMENT,
 * a shipment record) or where a dead one went (DEATH) — a code and a name, both optional, that the NLBC filing asks
 * for. Shared by the event form and the shipment form.
 */
import type { ReactNode } from 'react';
import type { FieldErrors } from '../lib/form-errors';
import { defineMessages, useI18n } from '../lib/i18n';
import { TextField } from './form';

defineMessages({
  ja: {
    party: {
      ARRIVAL: { legend: '導入元（届出用）', code: '導入元の農家コード', name: '導入元の名前' },
      SHIPMENT: { legend: '出荷先（届出用）', code: '出荷先の農家コード', name: '出荷先の名前（市場・と畜場など）' },
      DEATH: { legend: '死亡の処理（届出用）', code: '処理コード', name: '処理先（化製場など）' },
      codeHint: '数字1〜10桁。わからなければ空のままで、後から入力できます。',
    },
  },
  en: {
    party: {
      ARRIVAL: { legend: 'Came from (for the filing)', code: "Seller's farmer code", name: "Seller's name" },
      SHIPMENT: { legend: 'Went to (for the filing)', code: "Buyer's farmer code", name: 'Buyer (market, abattoir…)' },
      DEATH: { legend: 'Disposal (for the filing)', code: 'Disposal code', name: 'Disposed at (rendering plant…)' },
      codeHint: '1–10 digits. Leave it empty if unknown; you can add it later.',
    },
  },
});

export const PARTY_KEYS = {
  ARRIVAL: ['fromFarmerCode', 'fromName'],
  SHIPMENT: ['toFarmerCode', 'toName'],
  DEATH: ['disposalCode', 'disposalName'],
} as const;
export type PartyKind = keyof typeof PARTY_KEYS;

export function PartyFields({
  kind,
  values,
  onChange,
  errors,
  errorPrefix = '',
  nameHint,
}: {
  kind: PartyKind;
  values: Record<string, string | undefined>;
  onChange: (key: string) => (e: { target: { value: string } }) => void;
  errors: FieldErrors;
  errorPrefix?: string;
  /** What the name falls back to when left empty (the shipment form's 出荷先). */
  nameHint?: ReactNode;
}) {
  const { t } = useI18n();
  const [code, name] = PARTY_KEYS[kind];
  return (
    <fieldset className="form party-fields">
      <legend>{t(`party.${kind}.legend`)}</legend>
      <TextField
        label={t(`party.${kind}.code`)}
        name={code}
        value={values[code] ?? ''}
        onChange={onChange(code)}
        inputMode={kind === 'DEATH' ? 'text' : 'numeric'}
        autoComplete="off"
        hint={kind === 'DEATH' ? undefined : t('party.codeHint')}
        error={errors[`${errorPrefix}${code}`]}
      />
      <TextField
        label={t(`party.${kind}.name`)}
        name={name}
        value={values[name] ?? ''}
        onChange={onChange(name)}
        autoComplete="off"
        hint={nameHint}
        error={errors[`${errorPrefix}${name}`]}
      />
    </fieldset>
  );
}
