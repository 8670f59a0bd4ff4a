import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/accounts/settings-page';
import { InseminatorSettings } from '../../features/inseminations/inseminator-settings';

/** Settings: the account's, then the inseminator's licence and AI register (§21). */
function SettingsScreen() {
  return (
    <>
      <SettingsPage />
      <div className="page">
        <InseminatorSettings />
      </div>
    </>
  );
}

export const Route = createFileRoute('/_app/settings')({ component: SettingsScreen });
