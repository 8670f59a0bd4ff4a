import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/accounts/reset-password-page';
import { tokenSearch } from './-token-search';

export const Route = createFileRoute('/reset-password')({ validateSearch: tokenSearch, component: ResetPasswordPage });
