import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { cattleDetailQuery } from '../../../../api/cattle';
import { cattleEventsQuery } from '../../../../api/events';
import { shipmentsQuery } from '../../../../api/shipments';
import { CattleAlerts } from '../../../../features/alerts/cattle-alerts';
import { CattleDetailPage } from '../../../../features/cattle/cattle-detail-page';
import { EventTimeline } from '../../../../features/events/event-timeline';
import { GrowthCard } from '../../../../features/pens/growth-chart';
import { CattleShipmentPanel } from '../../../../features/shipments/cattle-shipment-panel';
import { animalId } from './-animal-id';

// The change history sits below everything else on the page: loaded after it, it keeps the page's own download
// within its budget (bench/budgets.mjs routeKb).
const CattleTasks = lazy(() =>
  import('../../../../features/tasks/cattle-tasks').then((m) => ({ default: m.CattleTasks })),
);
const ChangeHistory = lazy(() =>
  import('../../../../features/history/change-history').then((m) => ({ default: m.ChangeHistory })),
);

export const Route = createFileRoute('/_app/cattle/$id/')({
  loader: ({ context, params }) => {
    const id = animalId(params.id);
    void context.queryClient.prefetchQuery(cattleDetailQuery(id));
    void context.queryClient.prefetchQuery(cattleEventsQuery(id));
  },
  component: AnimalScreen,
});

/** The animal's page: the cattle feature's profile with the alerts, events and shipments features' own sections. */
function AnimalScreen() {
  const id = animalId(Route.useParams().id);
  // The same query as the shipment panel's (one request): its record holds its SHIPMENT event in the timeline (§9).
  const shipment = useQuery(shipmentsQuery({ cattleId: id, limit: 1 }));
  const animal = useQuery(cattleDetailQuery(id));
  return (
    <CattleDetailPage
      id={id}
      alerts={
        <>
          <CattleAlerts cattleId={id} />
          {/* Her tasks, and the protocol steps stopped with their reason (§22 turn 4). */}
          <Suspense fallback={null}>
            <CattleTasks cattleId={id} />
          </Suspense>
        </>
      }
      timeline={<EventTimeline cattleId={id} heldEventId={shipment.data?.results[0]?.eventId ?? null} />}
      shipment={<CattleShipmentPanel cattleId={id} />}
      growth={<GrowthCard cattleId={id} birthday={animal.data?.birthday ?? null} />}
      changes={
        <Suspense fallback={null}>
          <ChangeHistory filter={{ cattleId: String(id) }} />
        </Suspense>
      }
    />
  );
}
