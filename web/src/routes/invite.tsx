import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../features/farms/invite-page';
import { tokenSearch } from './-token-search';

export const Route = createFileRoute('/invite')({ validateSearch: tokenSearch, component: InvitePage });
