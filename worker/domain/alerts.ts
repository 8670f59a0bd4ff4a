/** Alert enumerations, labels, transitions and request rules (docs/product.md §7), shared with the web app. */
export const ALERT_TYPES = [
  'OPEN_DAYS_OVER60_NO_AI',
  'CALVING_WITHIN_60',
  'CALVING_OVERDUE',
  'ESTRUS_OVER20_NOT_PREGNANT',
  'PREGNANCY_CHECK_DUE',
  'DRY_OFF_DUE',
  'HEIFER_NOT_BRED',
  'OPEN_AFTER_CHECK',
  'FILING_OVERDUE',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved', 'dismissed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Statuses that count as an alert still needing attention. */
export const OPEN_ALERT_STATUSES = ['active', 'acknowledged'] as const satisfies readonly AlertStatus[];

export const ALERT_HISTORY_ACTIONS = ['created', 'updated', 'acknowledged', 'resolved', 'dismissed'] as const;

type Label = { ja: string; en: string };

export const ALERT_TYPE_LABELS: Record<AlertType, Label> = {
  OPEN_DAYS_OVER60_NO_AI: { ja: '分娩後60日超・未授精', en: 'Over 60 days open, not inseminated' },
  CALVING_WITHIN_60: { ja: '分娩予定60日以内', en: 'Calving within 60 days' },
  CALVING_OVERDUE: { ja: '分娩予定日超過', en: 'Calving overdue' },
  ESTRUS_OVER20_NOT_PREGNANT: { ja: '再発情の確認', en: 'Watch for return heat' },
  PREGNANCY_CHECK_DUE: { ja: '妊娠鑑定予定', en: 'Pregnancy check due' },
  DRY_OFF_DUE: { ja: '乾乳予定', en: 'Dry-off due' },
  HEIFER_NOT_BRED: { ja: '未授精の育成牛', en: 'Heifer not bred' },
  OPEN_AFTER_CHECK: { ja: '不受胎後・再授精なし', en: 'Open after a check, not served again' },
  FILING_OVERDUE: { ja: '届出の期限超過', en: 'Filing overdue' },
};

export const ALERT_SEVERITY_LABELS: Record<
  AlertSeverity,
  Label & { priority: number; color: 'red' | 'orange' | 'yellow' }
> = {
  high: { ja: '高', en: 'High', priority: 3, color: 'red' },
  medium: { ja: '中', en: 'Medium', priority: 2, color: 'orange' },
  low: { ja: '低', en: 'Low', priority: 1, color: 'yellow' },
};

export const ALERT_STATUS_LABELS: Record<AlertStatus, Label> = {
  active: { ja: '未対応', en: 'Open' },
  acknowledged: { ja: '確認済み', en: 'Acknowledged' },
  resolved: { ja: '解決済み', en: 'Resolved' },
  dismissed: { ja: '却下', en: 'Dismissed' },
};

/** docs/product.md §7: active → acknowledged | dismissed; acknowledged → resolved | dismissed; resolved and dismissed are final. */
const TRANSITIONS: Record<AlertStatus, readonly AlertStatus[]> = {
  active: ['acknowledged', 'dismissed'],
  acknowledged: ['resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};

export const canTransition = (from: AlertStatus, to: AlertStatus): boolean => TRANSITIONS[from].includes(to);

/** The statuses a farmer can move an alert to from `from`. */
export const nextStatuses = (from: AlertStatus): readonly AlertStatus[] => TRANSITIONS[from];
