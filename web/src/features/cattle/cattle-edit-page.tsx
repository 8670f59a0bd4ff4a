import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { CattleDetail } from '@worker/cattle/cattle.types';
import { ErrorState, Loading } from '../../components/states';
import { apiFetch } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { cattleDetailQuery } from './cattle-api';
import { CattleForm } from './cattle-form';
import './messages';
import './cattle.css';

export function CattleEditPage() {
  const { t } = useI18n();
  const id = Number(useParams({ from: '/app/cattle/$id/edit' }).id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery(cattleDetailQuery(id));
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<{ data: CattleDetail }>(`/cattle/${id}`, { method: 'PATCH', body }).then((r) => r.data),
    onSuccess: async (cow) => {
      queryClient.setQueryData(cattleDetailQuery(id).queryKey, cow);
      await queryClient.invalidateQueries({ queryKey: ['cattle'] });
      await navigate({ to: '/cattle/$id', params: { id: String(id) } });
    },
  });
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  return (
    <div className="page page--narrow">
      <h1>{t('cattle.editTitle')}</h1>
      <CattleForm
        mode="edit"
        initial={detail.data}
        pending={save.isPending}
        error={save.error}
        onSubmit={(body) => save.mutate(body)}
      />
    </div>
  );
}
