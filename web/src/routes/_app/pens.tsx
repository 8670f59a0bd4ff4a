import { createFileRoute } from '@tanstack/react-router';
import { pensQuery } from '../../api/pens';
import { PensPage } from '../../features/pens/pens-page';

export const Route = createFileRoute('/_app/pens')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(pensQuery);
  },
  component: PensPage,
});
