import type { alertWithHistory, listAlerts } from './alerts.queries';

/** Response types of the alerts API, inferred from the queries that produce them (the web app imports these). */
export type AlertsPage = Awaited<ReturnType<typeof listAlerts>>;
export type AlertView = AlertsPage['results'][number];
export type AlertSummary = AlertsPage['summary'];
type WithHistory = NonNullable<Awaited<ReturnType<typeof alertWithHistory>>>;
export type AlertHistoryEntry = WithHistory['history'][number];
