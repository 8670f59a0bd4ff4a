import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { updateCattleSchema } from '@worker/cattle/cattle.schemas';
import { cattleDetailQuery, cattleKeys, updateCattle } from '../../api/cattle';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { CattleForm } from './cattle-form';
import './messages';
import './cattle.css';

export function CattleEditPage({ id }: { id: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(cattleDetailQuery(id));
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  return (
    <div className="page page--narrow">
      <h1>{t('cattle.editTitle')}</h1>
      <CattleForm
        mode="edit"
        schema={updateCattleSchema}
        initial={detail.data}
        save={(body) => updateCattle(id, body)}
        onSaved={async (cow) => {
          queryClient.setQueryData(cattleDetailQuery(id).queryKey, cow);
          await queryClient.invalidateQueries({ queryKey: cattleKeys.all });
          await navigate({ to: '/cattle/$id', params: { id: String(id) } });
        }}
      />
    </div>
  );
}
