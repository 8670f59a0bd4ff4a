import { createFileRoute } from '@tanstack/react-router';
import { breedingTrendsQuery } from '../../../api/kpi';
import { KpiPage } from '../../../features/kpi/kpi-page';
import { kpiSearch } from '../../../features/kpi/kpi-search';

export const Route = createFileRoute('/_app/kpi/')({
  validateSearch: kpiSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(breedingTrendsQuery(12)),
  component: KpiPage,
});
