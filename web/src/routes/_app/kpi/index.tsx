import { createFileRoute } from '@tanstack/react-router';
import { breedingTrendsQuery } from '../../../api/kpi';
import { KpiPage } from '../../../features/kpi/kpi-page';
import { kpiSearch } from '../../../features/kpi/kpi-search';
import { CensusCard } from '../../../features/reports/census-card';

/** The reports screen: the breeding KPIs, then the head count for the annual report (§21). */
function ReportsScreen() {
  return (
    <>
      <KpiPage />
      <div className="page">
        <CensusCard />
      </div>
    </>
  );
}

export const Route = createFileRoute('/_app/kpi/')({
  validateSearch: kpiSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(breedingTrendsQuery(12)),
  component: ReportsScreen,
});
