import { createFileRoute } from '@tanstack/react-router';
import { useCurrentFarm } from '../../api/farms';
import { SettingsPage } from '../../features/accounts/settings-page';
import { InseminatorSettings } from '../../features/inseminations/inseminator-settings';
import { ProgrammesSettings } from '../../features/tasks/programmes-page';

/**
 * Settings: the account's, then the inseminator's licence and AI register (§21), then the farm's programmes (owners
 * edit, staff read, viewers do not see them).
 */
function SettingsScreen() {
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
    </>
  );
}

export const Route = createFileRoute('/_app/settings')({ component: SettingsScreen });
