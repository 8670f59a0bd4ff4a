import { useQueryClient } from '@tanstack/react-query';
import { farmNameSchema } from '@worker/domain/farm-name';
import { useState } from 'react';
import { z } from 'zod';
import { type Farm, farmsQuery, renameFarm } from '../../api/farms';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './farms.css';
import './messages';

/** The farm-name form's rule: the API's own (trimmed, 1 to 50 characters, no URL). */
const farmNameFormSchema = z.object({ name: farmNameSchema });

export function FarmNameCard({ farm }: { farm: Farm }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const rename = useSchemaForm({
    schema: farmNameFormSchema,
    values: (data) => ({ name: String(data.get('name') ?? '') }),
    submit: (input) => renameFarm(farm.id, input),
    onSaved: async (renamed) => {
      queryClient.setQueryData(farmsQuery.queryKey, (list) =>
        list?.map((f) => (f.id === renamed.id ? { ...f, name: renamed.name } : f)),
      );
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: farmsQuery.queryKey });
    },
  });

  return (
    <section className="card" aria-labelledby="farm-name-title">
      {editing ? (
        <form className="farm-name-form" onSubmit={rename.onSubmit} noValidate>
          <h2 id="farm-name-title" className="visually-hidden">
            {farm.name}
          </h2>
          <TextField
            label={t('farms.farmName')}
            name="name"
            defaultValue={farm.name}
            maxLength={50}
            required
            autoFocus
            error={rename.errors.name}
          />
          <FormError message={rename.message} />
          <div className="page__actions">
            <SubmitButton pending={rename.saving}>{t('common.save')}</SubmitButton>
            <button
              type="button"
              className="button"
              onClick={() => {
                setEditing(false);
                rename.reset();
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="farm-name">
          <div>
            <p className="muted farm-name__label">{t('farms.farmName')}</p>
            <h2 id="farm-name-title">{farm.name}</h2>
          </div>
          {farm.role === 'owner' ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                rename.reset();
                setEditing(true);
              }}
            >
              {t('farms.rename')}
            </button>
          ) : null}
        </div>
      )}
      {rename.saved && !editing ? (
        <p className="muted" role="status">
          {t('farms.renamed')}
        </p>
      ) : null}
    </section>
  );
}
