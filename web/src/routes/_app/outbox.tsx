import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../features/outbox/outbox-page';

export const Route = createFileRoute('/_app/outbox')({ component: OutboxPage });
