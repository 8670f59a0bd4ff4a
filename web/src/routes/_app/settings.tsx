import { createFileRoute, Link } from '@tanstack/react-router';
import { useCurrentFarm } from '../../api/farms';
import { SettingsPage } from '../../features/accounts/settings-page';
import { BackupSection } from '../../features/history/backup-section';
import { TrashSection } from '../../features/history/trash-section';
import { useI18n } from '../../lib/i18n';

export const Route = createFileRoute('/_app/settings')({ component: SettingsScreen });

/** Settings: the account's, then the farm's history link, trash (staff and owners restore) and the owner's backup. */
function SettingsScreen() {
  const { t } = useI18n();
  const { current } = useCurrentFarm();
  return (
    <>
      <SettingsPage />
      {current ? (
        <div className="page page--narrow">
          {current.role !== 'viewer' ? (
            <p>
              <Link to="/history" className="button button--block">
                {t('history.farmTitle')}
              </Link>
            </p>
          ) : null}
          <TrashSection canRestore={current.role !== 'viewer'} />
          {current.role === 'owner' ? <BackupSection farmId={current.id} /> : null}
        </div>
      ) : null}
    </>
  );
}
