import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../features/accounts/verify-page';
import { tokenSearch } from './-token-search';

export const Route = createFileRoute('/verify')({ validateSearch: tokenSearch, component: VerifyPage });
