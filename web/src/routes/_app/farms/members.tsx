import { createFileRoute } from '@tanstack/react-router';
import { useCurrentFarm } from '../../../api/farms';
import { FarmerCodeForm } from '../../../features/farms/farmer-code-form';
import { MembersPage } from '../../../features/farms/members-page';

/** Farm settings: the members, then (owners) the NLBC farmer code (§21). */
function FarmSettingsScreen() {
  const { current } = useCurrentFarm();
  return (
    <>
      <MembersPage />
      {current?.role === 'owner' ? (
        <div className="page page--narrow">
          <FarmerCodeForm key={current.id} farmId={current.id} farmerCode={current.farmerCode} />
        </div>
      ) : null}
    </>
  );
}

export const Route = createFileRoute('/_app/farms/members')({ component: FarmSettingsScreen });
