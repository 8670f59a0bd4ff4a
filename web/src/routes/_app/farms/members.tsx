import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../../../features/farms/members-page';

export const Route = createFileRoute('/_app/farms/members')({ component: MembersPage });
