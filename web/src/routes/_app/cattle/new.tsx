import { createFileRoute } from '@tanstack/react-router';
import { CattleNewPage } from '../../../features/cattle/cattle-new-page';

export const Route = createFileRoute('/_app/cattle/new')({ component: CattleNewPage });
