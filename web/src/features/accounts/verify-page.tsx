import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { verificationQuery } from '../../api/accounts';
import { Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './messages';
import { PublicLayout } from '../../components/public-layout';

/** The verification mail's link (`/verify?token=`, given as `token`): checked, then on to /complete with it. */
export function VerifyPage({ token }: { token?: string }) {
  const { t } = useI18n();
  const check = useQuery({
    ...verificationQuery(token ?? ''),
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
