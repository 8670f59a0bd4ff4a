import { createFileRoute } from '@tanstack/react-router';
import { breedingTrendsQuery } from '../../../api/kpi';
import { KpiPage } from '../../../features/kpi/kpi-page';
import { kpiSearchSchema } from '../../../features/kpi/kpi-search';

export const Route = createFileRoute('/_app/kpi/')({
  validateSearch: kpiSearchSchema,
  loader: ({ context }) => void context.queryClient.prefetchQuery(breedingTrendsQuery(12)),
  component: KpiPage,
});
