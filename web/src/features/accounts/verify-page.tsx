import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearch } from '@tanstack/react-router';
import { Loading } from '../../components/states';
import { apiFetch } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import './messages';
import { PublicLayout } from './public-layout';

export function VerifyPage() {
  const { t } = useI18n();
  const { token } = useSearch({ from: '/verify' });
  const check = useQuery({
    queryKey: ['verify', token],
    queryFn: () => apiFetch<{ success: boolean; message: string }>('/auth/verify', { method: 'POST', body: { token } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  if (token && check.isSuccess) return <Navigate to="/complete" search={{ token }} replace />;
  return (
    <PublicLayout title={t('accounts.verifyTitle')}>
      {token && check.isPending ? (
        <Loading label={t('accounts.verifying')} />
      ) : (
        <div className="alert alert--error" role="alert">
          <p>
            <strong>{t('accounts.verifyFailed')}</strong>
          </p>
          <p>{check.error instanceof Error ? check.error.message : null}</p>
          <p>{t('accounts.verifyFailedBody')}</p>
          <p>
            <Link to="/register">{t('accounts.toRegister')}</Link>
          </p>
        </div>
      )}
    </PublicLayout>
  );
}
