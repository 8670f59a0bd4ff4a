import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createCattleSchema } from '@worker/cattle/cattle.schemas';
import { cattleKeys, registerCattle } from '../../api/cattle';
import { isQueued } from '../../api/queued';
import { useI18n } from '../../lib/i18n';
import { CattleForm } from './cattle-form';
import './messages';
import './cattle.css';

export function CattleNewPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="page page--narrow">
      <h1>{t('cattle.newTitle')}</h1>
      <CattleForm
        mode="create"
        schema={createCattleSchema}
        save={registerCattle}
        onSaved={async (cow) => {
          // No signal: the animal waits under 未送信 and is registered when the signal comes back.
          if (isQueued(cow)) return navigate({ to: '/outbox' });
          await queryClient.invalidateQueries({ queryKey: cattleKeys.all });
          await navigate({ to: '/cattle/$id', params: { id: String(cow.cattleId) } });
        }}
      />
    </div>
  );
}
