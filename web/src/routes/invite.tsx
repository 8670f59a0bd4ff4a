import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../features/farms/invite-page';
import { tokenSearch } from '../lib/search-params';

export const Route = createFileRoute('/invite')({ validateSearch: tokenSearch, component: InviteScreen });

function InviteScreen() {
  return <InvitePage token={Route.useSearch().token ?? ''} />;
}
