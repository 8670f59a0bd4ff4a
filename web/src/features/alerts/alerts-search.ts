import { ALERT_SEVERITIES, ALERT_TYPES } from '@worker/domain/alerts';
import { oneOf, searchOf } from '../../lib/search-params';

/** The /alerts filters live in the URL, so a filtered list survives a reload and the back button. */
export const ALERT_VIEWS = ['open', 'resolved', 'dismissed', 'all'] as const;
export type AlertListView = (typeof ALERT_VIEWS)[number];

export const alertsSearch = searchOf({
  show: oneOf(ALERT_VIEWS),
  severity: oneOf(ALERT_SEVERITIES),
  alertType: oneOf(ALERT_TYPES),
});
export type AlertsSearch = ReturnType<typeof alertsSearch>;

export const statusesOfView: Record<AlertListView, string | undefined> = {
  open: undefined,
  resolved: 'resolved',
  dismissed: 'dismissed',
  all: 'active,acknowledged,resolved,dismissed',
};
