import { createFileRoute } from '@tanstack/react-router';
import { meTodayQuery } from '../../api/tasks';
import { TodayRoundPage } from '../../features/tasks/today-round-page';

/** 今日の巡回: the morning across every farm the caller works for (docs/product.md §22). */
export const Route = createFileRoute('/_app/today')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(meTodayQuery),
  component: TodayRoundPage,
});
