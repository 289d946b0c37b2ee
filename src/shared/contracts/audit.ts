import { z } from 'zod';
import { PageQuerySchema, PaginationSchema } from './common.ts';
import { calendarDate } from './dates.ts';
import { safeText } from './text.ts';

/**
 * The audit log as staff read it (docs/product.md#audit-log): every admin write and security event,
 * newest first, with filters, figures, a CSV export and a daily retention. The log is append-only
 * from the application: nothing here changes or deletes an entry.
 *
 * - GET /admin/audit/logs          ?search&action&entity_type&user_id&status&date_from&date_to&page&limit
 *                                  → page of AuditEntry (pagination.total_capped: see AUDIT_COUNT_CAP)
 * - GET /admin/audit/logs/{id}     → AuditEntry
 * - GET /admin/audit/filters       → AuditFilters (the choices of the filter selects)
 * - GET /admin/audit/stats         → AuditStats
 * - GET /admin/audit/export        the list's filters → text/csv attachment (AUDIT_CSV_HEADERS)
 */

export const AUDIT_STATUSES = ['success', 'failure'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = { success: 'Success', failure: 'Failure' };

/**
 * A search needs this many letters or digits: fewer would match most of the log, and the text
 * index (trigrams of letters and digits) cannot find punctuation alone ("---" read all of it).
 */
export const AUDIT_SEARCH_MIN_LENGTH = 3;

/** Whether `text` holds enough letters and digits to be searched for. */
export function isSearchable(text: string): boolean {
  return (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= AUDIT_SEARCH_MIN_LENGTH;
}
export const AUDIT_SEARCH_MAX_LENGTH = 100;
/**
 * How far the list pages: the newest 10,000 entries a filter matches. Older ones are reached by
 * narrowing the dates (or through the export, which has no such window); skipping hundreds of
 * thousands of rows to show twenty would hold the embedded database's one connection for seconds.
 */
export const AUDIT_LIST_WINDOW = 10_000;
/**
 * A filtered list counts its matches up to this many; past it the total reads "200+" and the
 * pages go on as long as there are more (up to the window). Each counted entry is a read of its
 * row (the embedded database has no visibility map to count from the index alone): for a filter
 * whose entries are spread over the year, 1,000 of them cost ~10-25 ms of CPU, 200 a fifth.
 */
export const AUDIT_COUNT_CAP = 200;

export const AUDIT_MESSAGES = {
  notFound: 'Audit entry not found',
  searchTooShort: `Type at least ${AUDIT_SEARCH_MIN_LENGTH} letters or digits to search`,
  beyondWindow: `Only the newest ${AUDIT_LIST_WINDOW.toLocaleString('en-US')} matching entries can be paged through: narrow the dates to see older ones`,
  datesReversed: 'The start date must not be after the end date',
  exportFailed: 'Failed to export the audit log',
} as const;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  /** Null for writes no one asked for (an automatic backup), anonymous attempts, and removed accounts. */
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  /** The actor's name when the entry was written (kept after the account is removed). */
  user_name: z.string().nullable(),
  action: z.string(),
  /** The resource type: `product`, `order`, `settings`… */
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  status: z.enum(AUDIT_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const optionalText = (label: string, max: number) =>
  safeText({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** The filters the list and the export share; dates are calendar days in the shop's time zone, both ends included. */
export const AuditFiltersQuerySchema = z
  .object({
    /** Part of the action, the entity id, the actor's email or name, or the IP address. */
    search: optionalText('Search', AUDIT_SEARCH_MAX_LENGTH).refine(
      (value) => value === undefined || isSearchable(value),
      AUDIT_MESSAGES.searchTooShort,
    ),
    action: optionalText('Action', 100),
    entity_type: optionalText('Resource type', 100),
    user_id: z.uuid('User must be a user id').optional(),
    status: z.enum(AUDIT_STATUSES, { error: 'Status must be success or failure' }).optional(),
    date_from: calendarDate().optional(),
    date_to: calendarDate().optional(),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ['date_from'],
    message: AUDIT_MESSAGES.datesReversed,
  });
export type AuditFiltersQuery = z.infer<typeof AuditFiltersQuerySchema>;

export const AuditLogsQuerySchema = z
  .object({ ...PageQuerySchema.shape, ...AuditFiltersQuerySchema.shape })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    path: ['date_from'],
    message: AUDIT_MESSAGES.datesReversed,
  })
  .refine((query) => (query.page - 1) * query.limit < AUDIT_LIST_WINDOW, {
    path: ['page'],
    message: AUDIT_MESSAGES.beyondWindow,
  });
export type AuditLogsQuery = z.infer<typeof AuditLogsQuerySchema>;

export const AuditPaginationSchema = PaginationSchema.extend({
  /**
   * True when `total` is a floor, not a count: a filtered list counts up to AUDIT_COUNT_CAP, and a
   * search that finds its page among the newest entries stops there. `totalPages` then covers the
   * pages known so far, one more while there are more (at most AUDIT_LIST_WINDOW entries in all).
   */
  total_capped: z.boolean(),
});
export type AuditPagination = z.infer<typeof AuditPaginationSchema>;

export const AuditLogsPageSchema = z.object({ data: z.array(AuditEntrySchema), pagination: AuditPaginationSchema });
export type AuditLogsPage = z.infer<typeof AuditLogsPageSchema>;

/** `GET /admin/audit/filters`: what the action and resource type selects offer (values present in the log). */
export const AuditFiltersSchema = z.object({
  actions: z.array(z.string()),
  entity_types: z.array(z.string()),
  /** Staff members, for the user select (name and email). */
  users: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() })),
});
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

/** How many top users and actions the stats name. */
export const AUDIT_TOP_COUNT = 5;

/**
 * `GET /admin/audit/stats` (definitions in docs/product.md#audit-log). "Today" is the shop's day
 * (settings: site, time zone) up to now; the hours are whole UTC hours, the newest the one under way.
 */
export const AuditStatsSchema = z.object({
  /** Every entry the log keeps. */
  total_events: z.number().int(),
  /** Entries written today. */
  today_events: z.number().int(),
  /** Today's refused staff sign-in steps: `auth.*` entries whose status is failure. */
  failed_logins: z.number().int(),
  /** Today's successful changes by a signed-in person other than sign-ins and shoppers' own account steps. */
  admin_actions: z.number().int(),
  /** Today's entries about access and accounts (`auth.*`, `security.*`, `staff.*`, `user.*`) and any failure. */
  security_events: z.number().int(),
  /** The staff members with the most entries in the last 24 hours (those of events_by_hour). */
  top_users: z.array(
    z.object({ user_id: z.uuid(), name: z.string(), email: z.string().nullable(), events: z.number().int() }),
  ),
  /** The most frequent actions in the last 24 hours. */
  top_actions: z.array(z.object({ action: z.string(), events: z.number().int() })),
  /** The last 24 hours, oldest first: each hour's start, its entries and its failures. */
  events_by_hour: z.array(
    z.object({ hour: z.iso.datetime({ offset: true }), events: z.number().int(), failures: z.number().int() }),
  ),
});
export type AuditStats = z.infer<typeof AuditStatsSchema>;

/** The export's columns, in order: the entry's fields, its time first. */
export const AUDIT_CSV_HEADERS = [
  'created_at',
  'user_name',
  'user_email',
  'user_id',
  'action',
  'entity_type',
  'entity_id',
  'status',
  'ip',
  'user_agent',
  'before',
  'after',
  'id',
] as const;

/** `audit-log-2026-11-29.csv`: the shop's day of the export. */
export function auditExportFileName(today: string): string {
  return `audit-log-${today}.csv`;
}
