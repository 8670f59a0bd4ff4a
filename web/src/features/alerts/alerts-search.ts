import { ALERT_SEVERITIES, ALERT_TYPES } from '@worker/domain/alerts';
import { z } from 'zod';

/** The /alerts filters live in the URL, so a filtered list survives a reload and the back button. */
export const ALERT_VIEWS = ['open', 'resolved', 'dismissed', 'all'] as const;
export type AlertListView = (typeof ALERT_VIEWS)[number];

export const alertsSearchSchema = z.object({
  show: z.enum(ALERT_VIEWS).optional().catch(undefined),
  severity: z.enum(ALERT_SEVERITIES).optional().catch(undefined),
  alertType: z.enum(ALERT_TYPES).optional().catch(undefined),
});
export type AlertsSearch = z.infer<typeof alertsSearchSchema>;

export const statusesOfView: Record<AlertListView, string | undefined> = {
  open: undefined,
  resolved: 'resolved',
  dismissed: 'dismissed',
  all: 'active,acknowledged,resolved,dismissed',
};
