import { createFileRoute } from '@tanstack/react-router';
import { homeQuery } from '../../api/home';
import { HomeScreen } from './-home-screen';

export const Route = createFileRoute('/_app/home')({
  // GET /home goes out with the screen's chunk, not once the screen has rendered (the screen does not fetch it again).
  loader: ({ context, preload }) => {
    if (!preload) void context.queryClient.prefetchQuery(homeQuery(context.queryClient));
  },
  component: HomeScreen,
});
