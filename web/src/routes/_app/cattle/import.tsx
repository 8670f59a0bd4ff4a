import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../../features/imports/import-page';

export const Route = createFileRoute('/_app/cattle/import')({ component: ImportPage });
