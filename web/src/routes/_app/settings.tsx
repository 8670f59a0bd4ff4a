import { createFileRoute } from '@tanstack/react-router';
import { useCurrentFarm } from '../../api/farms';
import { SettingsPage } from '../../features/accounts/settings-page';
import { BackupSection } from '../../features/history/backup-section';
import { TrashSection } from '../../features/history/trash-section';

export const Route = createFileRoute('/_app/settings')({ component: SettingsScreen });

/** Settings: the account's, then the farm's trash (staff and owners restore) and, for the owner, its backup. */
function SettingsScreen() {
  const { current } = useCurrentFarm();
  return (
    <>
      <SettingsPage />
      {current ? (
        <div className="page page--narrow">
          <TrashSection canRestore={current.role !== 'viewer'} />
          {current.role === 'owner' ? <BackupSection farmId={current.id} /> : null}
        </div>
      ) : null}
    </>
  );
}
