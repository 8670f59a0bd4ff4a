import { createFileRoute } from '@tanstack/react-router';
import { CompletePage } from '../features/accounts/complete-page';
import { tokenSearch } from './-token-search';

export const Route = createFileRoute('/complete')({ validateSearch: tokenSearch, component: CompletePage });
