import { createFileRoute, Link } from '@tanstack/react-router';
import { useCurrentFarm } from '../../api/farms';
import { SettingsPage } from '../../features/accounts/settings-page';
import { BackupSection } from '../../features/history/backup-section';
import { TrashSection } from '../../features/history/trash-section';
import { InseminatorSettings } from '../../features/inseminations/inseminator-settings';
import { ProgrammesSettings } from '../../features/tasks/programmes-page';
import { useI18n } from '../../lib/i18n';

export const Route = createFileRoute('/_app/settings')({ component: SettingsScreen });

/**
 * Settings: the account's; the inseminator's licence and AI register (§21); the farm's programmes (owners edit, staff
 * read, viewers do not see them); the farm's history link, trash (staff and owners restore) and the owner's backup.
 */
function SettingsScreen() {
  const { t } = useI18n();
  const { current } = useCurrentFarm();
  return (
    <>
      <SettingsPage />
      <div className="page">
        <InseminatorSettings />
      </div>
      {current && current.role !== 'viewer' ? (
        <div className="page">
          <ProgrammesSettings canEdit={current.role === 'owner'} />
        </div>
      ) : null}
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
