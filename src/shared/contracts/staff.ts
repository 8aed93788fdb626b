/**
 * The HTTP contract between the staff console and the server: the paths and the values both sides
 * run. The shapes exchanged are in staff.schemas.ts (TypeBox, imported by the console as types only).
 */
export const staffPaths = {
  session: '/api/staff/session',
  registrations: '/api/staff/registrations',
  registration: '/api/staff/registrations/:id',
  status: '/api/staff/registrations/:id/status',
  notes: '/api/staff/registrations/:id/notes',
  export: '/api/staff/export',
  audit: '/api/staff/audit',
  funnel: '/api/staff/funnel',
  filters: '/api/staff/filters',
  /** PUT { from, to }: who handles a case. */
  assignee: '/api/staff/registrations/:id/assignee',
  /** POST { ids, from, to, reason? }: one status change over many cases, each checked and audited. */
  bulkStatus: '/api/staff/registrations/status',
  /** GET: the colleagues a case can be assigned to (admins reassign). */
  colleagues: '/api/staff/colleagues',
} as const;

/**
 * Who a colleague is to the console: agents work registrations; editors (product staff) edit and
 * publish the wizard and see no registration; admins do both, and export and read the audit log.
 */
export const STAFF_ROLES = ['agent', 'editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles of the case work (registrations, their people and numbers). */
export const CASE_ROLES: readonly StaffRole[] = ['agent', 'admin'];

/**
 * The columns the staff list can be sorted by (the server's repository sorts by exactly these).
 * `waiting_since`: how long an open case has waited; closed cases come last either way.
 */
export const LIST_SORTS = ['created_at', 'pharmacy_name', 'status', 'tracking_code', 'waiting_since'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/**
 * The console's screens: real URLs, so Reload, Back and a link sent to a colleague land in the
 * same place. The list's filters, sort and page live in its query string. `roles` says who sees
 * the screen in the navigation (the server checks again on every call).
 */
export const consoleScreens = {
  registrations: { path: '/staff/registrations', roles: CASE_ROLES },
  registration: { path: '/staff/registrations/:id', roles: CASE_ROLES },
  funnel: { path: '/staff/funnel', roles: CASE_ROLES },
  audit: { path: '/staff/audit', roles: ['admin'] },
  /** The wizard's definition, its draft, preview, publish and rollback. */
  definition: { path: '/staff/definition', roles: ['editor', 'admin'] },
  /** The SMS outbox. */
  outbox: { path: '/staff/outbox', roles: ['admin'] },
  /** Webhooks and API keys. */
  integrations: { path: '/staff/integrations', roles: ['admin'] },
  /** The form's behaviour («رفتار فرم»), per version: product staff and agents alike. */
  insights: { path: '/staff/insights', roles: STAFF_ROLES },
} as const satisfies Record<string, { path: string; roles: readonly StaffRole[] }>;

/** The workflow's statuses: new → contacted → approved | rejected. */
export const CASE_STATUSES = ['new', 'contacted', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Statuses of a case still to be worked: it waits, and someone may handle it. */
export const OPEN_STATUSES = ['new', 'contacted'] as const satisfies readonly CaseStatus[];

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_out',
  'status',
  'note',
  'export',
  'assign',
  // A version of the form made live (detail: version, previousVersion, note).
  'definition_publish',
  'definition_rollback',
  // A webhook endpoint added, changed, removed, its secret rotated, a test event or a
  // replay sent by an admin; disabled by the server (detail: webhook, reason gone | failing).
  'webhook_create',
  'webhook_update',
  'webhook_delete',
  'webhook_rotate',
  'webhook_test',
  'webhook_replay',
  'webhook_disable',
  // An API key made or revoked (detail: name, prefix and, when made, scopes).
  'api_key_create',
  'api_key_revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The workflow's moves from each status (the console offers them for a selection of cases; the
 * server checks every move again, case by case).
 */
export const NEXT_STATUSES: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  new: ['contacted'],
  contacted: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};
