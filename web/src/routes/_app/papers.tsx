import { createFileRoute } from '@tanstack/react-router';
import { todayJst } from '@worker/domain/calendar';
import { defaultCensusDate } from '@worker/domain/census';
import { censusQuery } from '../../api/filings';
import { PapersIntro } from '../../features/filings/papers-intro';
import { InseminatorSettings } from '../../features/inseminations/inseminator-settings';
import { CensusCard } from '../../features/reports/census-card';

/** 書類 (§21, turn 4): one menu entry for the filings, the 1 February head count and the AI register. */
function PapersScreen() {
  return (
    <div className="page page--narrow papers">
      <PapersIntro />
      <CensusCard />
      <InseminatorSettings />
    </div>
  );
}

export const Route = createFileRoute('/_app/papers')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(censusQuery(defaultCensusDate(todayJst()))),
  component: PapersScreen,
});
