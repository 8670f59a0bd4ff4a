import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { EventDetailsView } from '../domain/event-details';
import { EVENT_SOURCES } from '../domain/event-source';
import { FARM_ROLES } from '../domain/roles';

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const timestamps = {
  createdAt: text('created_at').notNull().default(nowIso),
  updatedAt: text('updated_at').notNull().default(nowIso),
};

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userName: text('user_name').notNull().default('仮登録ユーザー'),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
    verificationTokenHash: text('verification_token_hash'),
    verificationTokenExpiresAt: text('verification_token_expires_at'),
    lastLoginAt: text('last_login_at'),
    theme: text('theme', { enum: ['light', 'dark', 'auto'] })
      .notNull()
      .default('light'),
    googleId: text('google_id'),
    lineId: text('line_id'),
    oauthProvider: text('oauth_provider', { enum: ['email', 'google', 'line'] })
      .notNull()
      .default('email'),
    avatarUrl: text('avatar_url'),
    /** The farm last chosen in the app (migration 0006); see worker/farms/membership.ts for the fallback. */
    defaultFarmId: integer('default_farm_id'),
    /** The morning digest's channel (migration 0012, docs/product.md §15). */
    digestChannel: text('digest_channel', { enum: ['mail', 'line', 'both', 'none'] })
      .notNull()
      .default('mail'),
    /** The inseminator's licence number (免許番号, directory migration 0001, docs/product.md §21). */
    inseminatorLicense: text('inseminator_license'),
    /** The farm LINE messages record on (directory migration 0002, docs/product.md §25); null: the default farm. */
    lineFarmId: integer('line_farm_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_id_unique').on(t.googleId),
    uniqueIndex('users_line_id_unique').on(t.lineId),
    index('users_verification_token_idx').on(t.verificationTokenHash),
  ],
);

/** Password reset links: the SHA-256 of the token, one hour, single use (migration 0007). */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** The tenant: a herd shared by its members (docs/product.md §12). */
export const farms = sqliteTable('farms', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /** The farm-data shard (FARM_DB_<shard>) that holds this farm's herd (decision 034). */
  shard: integer('shard').notNull().default(0),
  /** The farmer code NLBC assigned (農家コード, directory migration 0001, docs/product.md §21). */
  farmerCode: text('farmer_code'),
  /** The shard a move is copying this farm to (directory migration 0003, decision 055): its writes wait meanwhile. */
  movingTo: integer('moving_to'),
  ...timestamps,
});

export const farmMembers = sqliteTable(
  'farm_members',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: FARM_ROLES }).notNull(),
    joinedAt: text('joined_at').notNull().default(nowIso),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.userId] }), index('farm_members_user_idx').on(t.userId, t.farmId, t.role)],
);

/** Invitations to a farm by email with a role: the SHA-256 of the token, 7 days, single use (migration 0008). */
export const farmInvitations = sqliteTable(
  'farm_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: FARM_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    acceptedAt: text('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [
    uniqueIndex('farm_invitations_token_unique').on(t.tokenHash),
    index('farm_invitations_farm_idx').on(t.farmId, t.createdAt),
  ],
);

/**
 * The columns of every farm-data table: the farm it belongs to, and the user who recorded it. In D1 `farm_id` was
 * added by ALTER TABLE (migration 0006), which cannot declare NOT NULL with a reference; every write sets it.
 * `created_by` was `owner_user_id` before farms existed.
 */
const farmScoped = {
  farmId: integer('farm_id')
    .notNull()
    .references(() => farms.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
};

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const cattle = sqliteTable(
  'cattle',
  {
    cattleId: integer('cattle_id').primaryKey({ autoIncrement: true }),
    ...farmScoped,
    /** The user who last changed it by hand (migration 0009). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The national 10-digit 個体識別番号 with its leading zero; null for a calf not tagged yet (migration 0010). */
    identificationNumber: text('identification_number'),
    /** The short number on the tag, 1–10 digits with its leading zeros (migration 0010). */
    earTagNumber: text('ear_tag_number'),
    name: text('name'),
    growthStage: text('growth_stage'),
    birthday: text('birthday'),
    gender: text('gender'),
    weight: real('weight'),
    score: integer('score'),
    breed: text('breed'),
    status: text('status').notNull().default('HEALTHY'),
    producerName: text('producer_name'),
    barn: text('barn'),
    /** The pen (牛房) it is in; null: none (shard migration 0018, §26). Set by MOVE_PEN events and the import. */
    penId: integer('pen_id'),
    breedingValue: text('breeding_value'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('cattle_farm_idx').on(t.farmId, t.cattleId),
    // Also covers the search (ear tag, 個体識別番号 or name contains the text) so it never reads the rows (issue 10).
    index('cattle_farm_search_idx').on(t.farmId, t.earTagNumber, t.identificationNumber, t.name),
    uniqueIndex('cattle_farm_identification_unique').on(t.farmId, t.identificationNumber),
    // Covers the status tabs' counts and the status + gender filters of the list (issue 10).
    index('cattle_farm_status_gender_idx').on(t.farmId, t.status, t.gender),
    index('cattle_farm_birthday_idx').on(t.farmId, t.birthday),
    index('cattle_farm_name_idx').on(t.farmId, t.name),
    index('cattle_farm_pen_idx').on(t.farmId, t.penId),
  ],
);

/** A farm's pens (牛房, shard migration 0018, §26): the name NFKC-normalised and unique in the farm. */
export const pens = sqliteTable(
  'pens',
  {
    penId: integer('pen_id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    name: text('name').notNull(),
    barn: text('barn'),
    capacity: integer('capacity'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [uniqueIndex('pens_farm_name_unique').on(t.farmId, t.name)],
);

export const bloodline = sqliteTable('bloodline', {
  bloodlineId: integer('bloodline_id').primaryKey({ autoIncrement: true }),
  cattleId: integer('cattle_id')
    .notNull()
    .unique()
    .references(() => cattle.cattleId, { onDelete: 'cascade' }),
  fatherCattleName: text('father_cattle_name'),
  motherFatherCattleName: text('mother_father_cattle_name'),
  motherGrandFatherCattleName: text('mother_grand_father_cattle_name'),
  motherGreatGrandFatherCattleName: text('mother_great_grand_father_cattle_name'),
});

export const motherInfo = sqliteTable(
  'mother_info',
  {
    motherInfoId: integer('mother_info_id').primaryKey({ autoIncrement: true }),
    cattleId: integer('cattle_id')
      .notNull()
      .unique()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    motherCattleId: integer('mother_cattle_id').references(() => cattle.cattleId, { onDelete: 'set null' }),
    motherName: text('mother_name'),
    motherIdentificationNumber: text('mother_identification_number'),
    motherScore: integer('mother_score'),
  },
  (t) => [index('mother_info_mother_idx').on(t.motherCattleId)],
);

export const breedingStatus = sqliteTable(
  'breeding_status',
  {
    breedingStatusId: integer('breeding_status_id').primaryKey({ autoIncrement: true }),
    cattleId: integer('cattle_id')
      .notNull()
      .unique()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    /** Calvings before the record; null when the farmer did not know them (shard migration 0014, §5). */
    initialParity: integer('initial_parity').default(0),
    /** initial_parity + the calvings on record; null while initial_parity is unknown. */
    parity: integer('parity').default(0),
    expectedCalvingDate: text('expected_calving_date'),
    scheduledPregnancyCheckDate: text('scheduled_pregnancy_check_date'),
    lastCalvingDate: text('last_calving_date'),
    lastInseminationDate: text('last_insemination_date'),
    conceptionDate: text('conception_date'),
    lastEstrusDate: text('last_estrus_date'),
    daysAfterCalving: integer('days_after_calving'),
    daysOpen: integer('days_open'),
    pregnancyDays: integer('pregnancy_days'),
    daysAfterInsemination: integer('days_after_insemination'),
    inseminationCount: integer('insemination_count').notNull().default(0),
    breedingMemo: text('breeding_memo'),
    isDifficultBirth: integer('is_difficult_birth', { mode: 'boolean' }).notNull().default(false),
    /** The latest end of meat and milk withdrawal over the animal's treatments, JST dates (migration 0013). */
    withdrawalMeatUntil: text('withdrawal_meat_until'),
    withdrawalMilkUntil: text('withdrawal_milk_until'),
    /** Bumped by one by every write of the engine's result; a stale write is refused (migration 0014, decision 025). */
    version: integer('version').notNull().default(0),
    ...timestamps,
  },
  // Shard migration 0007: the home screen's calvings due soon and animals under withdrawal, looked up by date.
  (t) => [
    index('breeding_status_expected_calving_idx').on(t.expectedCalvingDate, t.cattleId),
    index('breeding_status_withdrawal_meat_idx').on(t.withdrawalMeatUntil),
    index('breeding_status_withdrawal_milk_idx').on(t.withdrawalMilkUntil),
  ],
);

export const breedingSummary = sqliteTable('breeding_summary', {
  breedingSummaryId: integer('breeding_summary_id').primaryKey({ autoIncrement: true }),
  cattleId: integer('cattle_id')
    .notNull()
    .unique()
    .references(() => cattle.cattleId, { onDelete: 'cascade' }),
  totalInseminationCount: integer('total_insemination_count').notNull().default(0),
  averageDaysOpen: real('average_days_open'),
  averagePregnancyPeriod: real('average_pregnancy_period'),
  averageCalvingInterval: real('average_calving_interval'),
  difficultBirthCount: integer('difficult_birth_count').notNull().default(0),
  pregnancyHeadCount: integer('pregnancy_head_count').notNull().default(0),
  pregnancySuccessRate: real('pregnancy_success_rate'),
  ...timestamps,
});

export const events = sqliteTable(
  'events',
  {
    eventId: integer('event_id').primaryKey({ autoIncrement: true }),
    cattleId: integer('cattle_id')
      .notNull()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    ...farmScoped,
    /** The user who last changed it by hand (migration 0009). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    eventDatetime: text('event_datetime').notNull(),
    details: text('details', { mode: 'json' }).$type<EventDetailsView>(),
    notes: text('notes'),
    /** Where it came from (shard migration 0019, docs/product.md §25); null for events recorded before it. */
    source: text('source', { enum: EVENT_SOURCES }),
    ...timestamps,
  },
  (t) => [
    index('events_cattle_time_idx').on(t.cattleId, t.eventDatetime),
    index('events_farm_time_idx').on(t.farmId, t.eventDatetime),
    // Both cover the breeding KPI query (worker/kpi/kpi.queries.ts) so it never reads the events table itself:
    // the owner's breeding events of a period, and each one's previous calving or insemination.
    index('events_farm_type_time_cattle_idx').on(t.farmId, t.eventType, t.eventDatetime, t.cattleId),
    index('events_cattle_type_time_idx').on(t.cattleId, t.eventType, t.eventDatetime),
  ],
);

export const cattleStatusHistory = sqliteTable(
  'cattle_status_history',
  {
    historyId: integer('history_id').primaryKey({ autoIncrement: true }),
    cattleId: integer('cattle_id')
      .notNull()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    changedAt: text('changed_at').notNull().default(nowIso),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
  },
  (t) => [index('cattle_status_history_cattle_idx').on(t.cattleId, t.changedAt)],
);

export const alerts = sqliteTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    severity: text('severity', { enum: ['high', 'medium', 'low'] }).notNull(),
    status: text('status', { enum: ['active', 'acknowledged', 'resolved', 'dismissed'] })
      .notNull()
      .default('active'),
    cattleId: integer('cattle_id')
      .notNull()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    cattleName: text('cattle_name'),
    cattleEarTagNumber: text('cattle_ear_tag_number'),
    dueAt: text('due_at'),
    message: text('message').notNull(),
    memo: text('memo'),
    ...farmScoped,
    ...timestamps,
    acknowledgedAt: text('acknowledged_at'),
    resolvedAt: text('resolved_at'),
  },
  (t) => [
    index('alerts_farm_status_idx').on(t.farmId, t.status, t.severity, t.dueAt),
    index('alerts_cattle_idx').on(t.cattleId, t.status),
  ],
);

export const alertHistory = sqliteTable(
  'alert_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'updated', 'acknowledged', 'resolved', 'dismissed'] }).notNull(),
    previousStatus: text('previous_status'),
    newStatus: text('new_status'),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('alert_history_alert_idx').on(t.alertId, t.createdAt)],
);

export const shipments = sqliteTable(
  'shipments',
  {
    shipmentId: text('shipment_id').primaryKey(),
    cattleId: integer('cattle_id')
      .notNull()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    ...farmScoped,
    /** The user who last changed it by hand (migration 0009). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    shipmentDate: text('shipment_date').notNull(),
    price: integer('price').notNull(),
    weight: real('weight'),
    ageAtShipment: integer('age_at_shipment'),
    buyer: text('buyer'),
    /** The counterparty of the move-out filing (shard migration 0004, docs/product.md §21). */
    toFarmerCode: text('to_farmer_code'),
    toName: text('to_name'),
    notes: text('notes'),
    /** Carcass results (枝肉成績, migration 0013): weight, 歩留等級 A–C, 肉質等級 1–5, BMS 1–12. */
    carcassWeightKg: real('carcass_weight_kg'),
    carcassYieldGrade: text('carcass_yield_grade'),
    carcassQualityGrade: integer('carcass_quality_grade'),
    carcassBms: integer('carcass_bms'),
    carcassNotes: text('carcass_notes'),
    /** Its SHIPMENT event (§9, migration 0018): moved with the record's date, deleted with the record. */
    eventId: integer('event_id').references(() => events.eventId, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('shipments_cattle_date_idx').on(t.cattleId, t.shipmentDate),
    index('shipments_farm_date_idx').on(t.farmId, t.shipmentDate),
    index('shipments_event_idx').on(t.eventId),
  ],
);

/**
 * Each farm's number of animals, events and shipments, kept by triggers (migration 0006) so that the unfiltered
 * lists' totals are one row read instead of a count over the whole herd or history (issue 10).
 */
export const farmCounts = sqliteTable('farm_counts', {
  farmId: integer('farm_id')
    .primaryKey()
    .references(() => farms.id, { onDelete: 'cascade' }),
  events: integer('events').notNull().default(0),
  shipments: integer('shipments').notNull().default(0),
  cattle: integer('cattle').notNull().default(0),
  /** Bumped by triggers on whatever the breeding KPIs read (migration 0017): the key of their isolate cache. */
  kpiVersion: integer('kpi_version').notNull().default(0),
  /** Bumped by triggers when the herd roster changes (migration 0020): the roster's ETag. */
  rosterVersion: integer('roster_version').notNull().default(0),
});

/**
 * Each farm's number of animals per status, kept by triggers on cattle (shard migration 0011, decision 036's third
 * addendum): the status counts of the home screen and GET /cattle/status-counts are the farm's few rows here.
 */
export const farmStatusCounts = sqliteTable(
  'farm_status_counts',
  {
    farmId: integer('farm_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.status] })],
);

/**
 * Each farm's alerts per status, severity and due date (open alerts; '' for closed ones and undated), kept by triggers
 * on alerts (shard migration 0013, decision 036's fourth addendum): the alert list's summary and default total add up
 * the farm's rows here instead of reading every alert. A row that reaches zero is removed.
 */
export const farmAlertCounts = sqliteTable(
  'farm_alert_counts',
  {
    farmId: integer('farm_id').notNull(),
    status: text('status').notNull(),
    severity: text('severity').notNull(),
    due: text('due').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.status, t.severity, t.due] })],
);

/**
 * Progress of the dawn run's farm list, per JST date: the cron and then each page message enqueue the farms after
 * `afterFarmId` (worker/dawn/dawn-queue.ts); `finishedAt` is set once every farm is on the queue.
 */
export const dailyRuns = sqliteTable('daily_runs', {
  runDate: text('run_date').primaryKey(),
  /** The last farm id put on the queue (the column predates farms). */
  afterFarmId: integer('after_owner_id').notNull().default(0),
  invocations: integer('invocations').notNull().default(0),
  finishedAt: text('finished_at'),
  ...timestamps,
});

export const DAWN_RUN_STATUSES = ['working', 'retrying', 'done', 'dead'] as const;

/**
 * One farm's dawn run on one JST date (migration 0021, decision 035): claimed atomically by the queue consumer, so
 * the farm is regenerated and its digests sent once that day whatever the retries and duplicate deliveries. `news`
 * keeps this morning's high alerts between the regeneration and the digests; `tries` fences a claim.
 */
export const dawnFarmRuns = sqliteTable(
  'dawn_farm_runs',
  {
    runDate: text('run_date').notNull(),
    farmId: integer('farm_id').notNull(),
    status: text('status', { enum: DAWN_RUN_STATUSES }).notNull(),
    tries: integer('tries').notNull().default(0),
    /** Epoch ms until which a 'working' claim holds; a later delivery may take it over after. */
    leaseUntil: integer('lease_until'),
    news: text('news'),
    digests: integer('digests'),
    /** How long the try that finished took. */
    workMs: integer('work_ms'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.runDate, t.farmId] })],
);

export const shipmentPlans = sqliteTable(
  'shipment_plans',
  {
    planId: text('plan_id').primaryKey(),
    cattleId: integer('cattle_id')
      .notNull()
      .unique()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    ...farmScoped,
    plannedShipmentMonth: text('planned_shipment_month').notNull(),
    /** The animal's ear tag, kept by triggers (migration 0019), so the board's page is read in index order. */
    earTagNumber: text('ear_tag_number'),
    ...timestamps,
  },
  (t) => [
    index('shipment_plans_farm_month_ear_tag_idx').on(
      t.farmId,
      t.plannedShipmentMonth,
      sql`cast(${t.earTagNumber} as integer)`,
      t.earTagNumber,
      t.cattleId,
    ),
  ],
);

const epochSeconds = sql`(unixepoch())`;

export const registrations = sqliteTable(
  'registrations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    referralSource: text('referral_source'),
    status: text('status').notNull().default('pending'),
    locale: text('locale', { enum: ['ja', 'en'] })
      .notNull()
      .default('ja'),
    createdAt: integer('created_at').notNull().default(epochSeconds),
    updatedAt: integer('updated_at').notNull().default(epochSeconds),
  },
  (t) => [uniqueIndex('registrations_email_unique').on(t.email), index('registrations_created_idx').on(t.createdAt)],
);

export const emailLogs = sqliteTable(
  'email_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    type: text('type', {
      enum: ['verification', 'completed', 'pre_registration', 'alert_digest', 'password_reset', 'invitation'],
    }).notNull(),
    httpStatus: integer('http_status'),
    resendId: text('resend_id'),
    error: text('error'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('email_logs_email_idx').on(t.email, t.createdAt)],
);

/** Development-only mailbox: mail kept instead of sent when no RESEND_API_KEY is set. */
export const devOutbox = sqliteTable(
  'dev_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('dev_outbox_to_idx').on(t.to, t.id)],
);

/** Sliding-window counters for login throttling and per-IP limits. */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.createdAt)],
);

/** LINE userIds that follow the official account, from the Messaging API webhook (migration 0012). */
export const lineFriends = sqliteTable('line_friends', {
  lineUserId: text('line_user_id').primaryKey(),
  following: integer('following', { mode: 'boolean' }).notNull(),
  /** The webhook event's timestamp (ms): an older event never overwrites a newer one. */
  eventAt: integer('event_at').notNull(),
  updatedAt: text('updated_at').notNull().default(nowIso),
});

/** Webhook events already handled, by webhookEventId: redeliveries change nothing (migration 0012). */
export const lineWebhookEvents = sqliteTable('line_webhook_events', {
  webhookEventId: text('webhook_event_id').primaryKey(),
  type: text('type').notNull(),
  lineUserId: text('line_user_id'),
  createdAt: text('created_at').notNull().default(nowIso),
});

/** Every LINE push attempt, like email_logs for mail (migration 0012). */
export const linePushLogs = sqliteTable(
  'line_push_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lineUserId: text('line_user_id').notNull(),
    userId: integer('user_id'),
    type: text('type', { enum: ['alert_digest', 'line_reply', 'line_push'] }).notNull(),
    attempt: integer('attempt').notNull(),
    retryKey: text('retry_key').notNull(),
    httpStatus: integer('http_status'),
    requestId: text('request_id'),
    error: text('error'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('line_push_logs_user_idx').on(t.lineUserId, t.createdAt)],
);

/** Development only: LINE pushes kept instead of sent (migration 0012). */
export const lineDevOutbox = sqliteTable(
  'line_dev_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** 'reply' (through a reply token) or 'push' (directory migration 0002). */
    kind: text('kind', { enum: ['reply', 'push'] })
      .notNull()
      .default('push'),
    replyToken: text('reply_token'),
    /** LINE's own message objects, as JSON; null for the text pushes kept before migration 0002. */
    messages: text('messages'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('line_dev_outbox_to_idx').on(t.to, t.id)],
);

/** The one live link code of a user (directory migration 0002, docs/product.md §25): its SHA-256, 10 minutes. */
export const lineLinkCodes = sqliteTable(
  'line_link_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [uniqueIndex('line_link_codes_hash_unique').on(t.codeHash)],
);

/**
 * The one-use postback actions of a LINE conversation (directory migration 0002, §25): a confirmation to record, a
 * task to tick, a farm or an animal to choose. `used_at` is set once, atomically: a second tap finds it set.
 */
export const lineActions = sqliteTable(
  'line_actions',
  {
    id: text('id').primaryKey(),
    lineUserId: text('line_user_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [index('line_actions_user_idx').on(t.lineUserId, t.createdAt)],
);

/**
 * Each female animal's kept KPI figures (migration 0022, docs/decisions/036-kept-kpi-figures.md): one row per
 * service, birth, day of breeding events, eligible stretch and 21-day mark (worker/domain/kpi-figures.ts), written
 * by worker/kpi/kept-figures.statements.ts; a period's KPIs add them up in SQL.
 */
export const kpiFigures = sqliteTable(
  'kpi_figures',
  {
    farmId: integer('farm_id').notNull(),
    cattleId: integer('cattle_id').notNull(),
    kind: text('kind').notNull(),
    day: integer('day').notNull(),
    flags: integer('flags').notNull().default(0),
    a: integer('a'),
    b: integer('b'),
    leftDay: integer('left_day'),
  },
  (t) => [
    index('kpi_figures_period_idx').on(t.farmId, t.kind, t.day, t.flags, t.a, t.b, t.leftDay, t.cattleId),
    index('kpi_figures_cattle_idx').on(t.cattleId),
  ],
);

/** How many cows become (+) or stop being (−) eligible for a 21-day cycle on each day, kept by triggers (0022). */
export const kpiEligibleDays = sqliteTable(
  'kpi_eligible_days',
  {
    farmId: integer('farm_id').notNull(),
    day: integer('day').notNull(),
    delta: integer('delta').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);

/**
 * A farm's kept KPI figures summed per day and kind, kept by triggers on kpi_figures (shard migration 0009,
 * decision 036's second addendum): a period's KPIs add up a row per day instead of a row per cow and day. The
 * partial indexes `kpi_figures_after_left_idx` and `kpi_figures_gap_idx` of that migration are on kpi_figures.
 */
export const kpiDaySums = sqliteTable(
  'kpi_day_sums',
  {
    farmId: integer('farm_id').notNull(),
    kind: text('kind').notNull(),
    day: integer('day').notNull(),
    n: integer('n').notNull().default(0),
    v1: integer('v1').notNull().default(0),
    v2: integer('v2').notNull().default(0),
    v3: integer('v3').notNull().default(0),
    v4: integer('v4').notNull().default(0),
    v5: integer('v5').notNull().default(0),
    v6: integer('v6').notNull().default(0),
    v7: integer('v7').notNull().default(0),
    v8: integer('v8').notNull().default(0),
    v9: integer('v9').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.kind, t.day] })],
);

/**
 * A farm's conceiving services (c0…c20) and heat or straw days (h0…h20) of a day that count for a 21-day cycle
 * starting that many days before it, kept by triggers on kpi_figures (shard migration 0009).
 */
export const kpiCycleDays = sqliteTable(
  'kpi_cycle_days',
  {
    farmId: integer('farm_id').notNull(),
    day: integer('day').notNull(),
    ...Object.fromEntries(
      ['c', 'h'].flatMap((prefix) =>
        Array.from({ length: 21 }, (_, o) => [`${prefix}${o}`, integer(`${prefix}${o}`).notNull().default(0)]),
      ),
    ),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);

/** Cows whose kept KPI figures a change did not rewrite (marked by triggers, 0022): the next KPI read rewrites them. */
export const kpiStale = sqliteTable(
  'kpi_stale',
  {
    cattleId: integer('cattle_id').primaryKey(),
    farmId: integer('farm_id').notNull(),
    mark: integer('mark').notNull(),
  },
  (t) => [index('kpi_stale_farm_idx').on(t.farmId)],
);

/**
 * Every 4-character piece of an animal's ear tag, 個体識別番号 and name (shard migration 0006), and the ear tag's
 * pieces once more marked '#' ('#0107', 0010), kept by triggers on cattle: a number of 4 or more digits is searched
 * through it instead of across the whole herd, rank by rank (§20).
 */
export const cattleGrams = sqliteTable(
  'cattle_grams',
  {
    farmId: integer('farm_id').notNull(),
    gram: text('gram').notNull(),
    cattleId: integer('cattle_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.gram, t.cattleId] }), index('cattle_grams_cattle_idx').on(t.cattleId)],
);

/**
 * A farm's programmes (shard migration 0003, docs/product.md §22): a protocol or plan as steps on days after a start.
 * The trigger is in columns (the event hook and the dawn run select on them); the steps a JSON array.
 */
export const programmes = sqliteTable(
  'programmes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    name: text('name').notNull(),
    triggerKind: text('trigger_kind', { enum: ['manual', 'event', 'age'] }).notNull(),
    triggerEventType: text('trigger_event_type'),
    triggerDays: integer('trigger_days'),
    steps: text('steps', { mode: 'json' })
      .notNull()
      .$type<{ day: number; title: string; eventType?: string; details?: Record<string, unknown> }[]>(),
    /** The events that stop an enrolment, [{ eventType, result? }] (shard migration 0015, §22 turn 4). */
    stopWhen: text('stop_when', { mode: 'json' })
      .notNull()
      .default(sql`'[]'`)
      .$type<{ eventType: string; result?: string }[]>(),
    /** Which animals may be enrolled, { gender?, notPregnant?, statuses?, minDaysSinceCalving? } (0015). */
    eligible: text('eligible', { mode: 'json' })
      .notNull()
      .default(sql`'{}'`)
      .$type<{ gender?: string[]; notPregnant?: boolean; statuses?: string[]; minDaysSinceCalving?: number }>(),
    ...timestamps,
  },
  (t) => [index('programmes_farm_trigger_idx').on(t.farmId, t.triggerKind, t.triggerEventType)],
);

/** One animal in one programme from one start (0003): unique, so enrolling again creates nothing. */
export const enrolments = sqliteTable(
  'enrolments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    programmeId: integer('programme_id').notNull(),
    cattleId: integer('cattle_id')
      .notNull()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    startDate: text('start_date').notNull(),
    createdBy: integer('created_by'),
    cancelledAt: text('cancelled_at'),
    createdAt: text('created_at').notNull().default(nowIso),
  },
  (t) => [
    uniqueIndex('enrolments_unique_idx').on(t.farmId, t.programmeId, t.cattleId, t.startDate),
    index('enrolments_cattle_idx').on(t.cattleId),
  ],
);

export const TASK_STATUSES = ['open', 'done', 'skipped', 'cancelled'] as const;

/** One step of one enrolment on its date (0003); leaves 'open' once (a trigger refuses a second time). */
export const tasks = sqliteTable(
  'tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    cattleId: integer('cattle_id')
      .notNull()
      .references(() => cattle.cattleId, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id').notNull(),
    programmeId: integer('programme_id').notNull(),
    stepIndex: integer('step_index').notNull(),
    title: text('title').notNull(),
    eventType: text('event_type'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    dueDate: text('due_date').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    assigneeUserId: integer('assignee_user_id'),
    doneAt: text('done_at'),
    doneBy: integer('done_by'),
    eventId: integer('event_id'),
    skipReason: text('skip_reason'),
    /** Why a stopped task was cancelled: '中止：授精が記録されました' (shard migration 0015, §22 turn 4). */
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tasks_enrolment_step_idx').on(t.enrolmentId, t.stepIndex),
    index('tasks_farm_status_due_idx').on(t.farmId, t.status, t.dueDate),
    index('tasks_cattle_status_idx').on(t.cattleId, t.status),
  ],
);

/** NLBC filings, one per (animal, kind), written with their events (shard migration 0004, decision 041). */
export const filings = sqliteTable(
  'filings',
  {
    filingId: integer('filing_id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    cattleId: integer('cattle_id').notNull(),
    kind: text('kind', { enum: ['BIRTH', 'MOVE_IN', 'MOVE_OUT', 'DEATH'] }).notNull(),
    eventId: integer('event_id').notNull(),
    eventDate: text('event_date').notNull(),
    dueDate: text('due_date').notNull(),
    status: text('status', { enum: ['pending', 'filed'] })
      .notNull()
      .default('pending'),
    filedAt: text('filed_at'),
    filedBy: integer('filed_by'),
    filedByName: text('filed_by_name'),
    eventDeleted: integer('event_deleted', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('filings_animal_kind_unique').on(t.farmId, t.cattleId, t.kind),
    index('filings_farm_status_due_idx').on(t.farmId, t.status, t.dueDate, t.filingId),
    index('filings_event_idx').on(t.eventId),
  ],
);

/**
 * The change history (shard migration 0005, docs/product.md §23): one row per write to farm data, appended in the
 * same batch as the write (worker/audit/audit.statements.ts); never edited, kept at least 5 years.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    at: text('at').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    changes: text('changes').notNull().default('{}'),
  },
  (t) => [
    index('audit_log_farm_at_idx').on(t.farmId, sql`${t.at} desc`, sql`${t.id} desc`),
    index('audit_log_farm_entity_idx').on(t.farmId, t.entity, t.entityId, sql`${t.at} desc`, sql`${t.id} desc`),
    index('audit_log_farm_user_idx').on(t.farmId, t.userId, sql`${t.at} desc`, sql`${t.id} desc`),
  ],
);

/**
 * The trash (shard migration 0005): an animal with its events and per-animal rows, or one event, deleted from the
 * live tables and kept as JSON rows for 30 days, restorable with the same ids (worker/trash).
 */
export const trash = sqliteTable(
  'trash',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    farmId: integer('farm_id').notNull(),
    entity: text('entity', { enum: ['cattle', 'event'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    cattleId: integer('cattle_id').notNull(),
    label: text('label').notNull(),
    identificationNumber: text('identification_number'),
    snapshot: text('snapshot').notNull(),
    deletedAt: text('deleted_at').notNull(),
    deletedBy: integer('deleted_by'),
    deletedByName: text('deleted_by_name'),
    purgeAt: text('purge_at').notNull(),
  },
  (t) => [
    uniqueIndex('trash_farm_entity_unique').on(t.farmId, t.entity, t.entityId),
    index('trash_farm_deleted_idx').on(t.farmId, sql`${t.deletedAt} desc`),
    index('trash_farm_identification_idx').on(t.farmId, t.identificationNumber),
    index('trash_purge_idx').on(t.purgeAt),
  ],
);

/**
 * The mothers list's groups kept per farm (shard migration 0008, worker/shipments/mothers-list.ts): one row per
 * mother, rewritten by the first unfiltered read after a change; they count only while the farm's row in
 * `mother_groups_fresh` exists, which triggers on shipments, mother_info and cattle delete on any change.
 */
export const motherGroups = sqliteTable(
  'mother_groups',
  {
    farmId: integer('farm_id').notNull(),
    motherKey: text('mother_key').notNull(),
    groupCount: integer('group_count').notNull(),
    groupRevenue: integer('group_revenue').notNull(),
    groupAverageWeight: real('group_average_weight'),
    groupAverageAge: real('group_average_age'),
    groupLatest: text('group_latest'),
    groupName: text('group_name').notNull(),
    groupWeighed: integer('group_weighed').notNull(),
    groupCarcassWeight: real('group_carcass_weight'),
    groupGraded: integer('group_graded').notNull(),
    groupGrade45: integer('group_grade45'),
    /** The ids of the mother's shipments, a JSON array (shard migration 0025: rowids before, which a move renumbers). */
    shipmentIds: text('shipment_ids').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.motherKey] }),
    index('mother_groups_name_idx').on(t.farmId, t.groupName, t.motherKey),
  ],
);

export const motherGroupsFresh = sqliteTable('mother_groups_fresh', {
  farmId: integer('farm_id').primaryKey(),
});

/**
 * A farm's shipments summed per shipment day (shard migration 0022, decision 057): the price statistics read a row
 * per day of their period, not a row per shipment. Kept by triggers on `shipments` in the statement that writes one.
 */
export const shipmentDays = sqliteTable(
  'shipment_days',
  {
    farmId: integer('farm_id').notNull(),
    day: text('day').notNull(),
    shipments: integer('shipments').notNull(),
    revenue: integer('revenue').notNull(),
    maxPrice: integer('max_price').notNull(),
    minPrice: integer('min_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);
