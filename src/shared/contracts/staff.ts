/** The HTTP contract between the staff console and the server. Types only, and the paths. */
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

/** The list's `assignee` filter: my cases, nobody's, or one colleague's id (as text). */
export type AssigneeFilter = 'me' | 'none' | `${number}`;

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

/** Who a colleague is on a case: id and e-mail. */
export interface Colleague {
  id: number;
  email: string;
  role: StaffRole;
}

export interface StaffMe {
  /** The account id, as cases name their assignee. */
  id: number;
  email: string;
  role: StaffRole;
}

export interface SignInRequest {
  email: string;
  password: string;
}

/** One day and plan of the registration funnel. */
export interface FunnelRow {
  day: string;
  tier: number;
  visits: number;
  /** Visitors who reached each step, keyed by step number (1-based). */
  steps: Record<string, number>;
  registrations: number;
  /** Registrations per welcome visit; null when there was no visit. */
  conversion: number | null;
}

export interface FunnelAnswer {
  /** Definition versions seen in step counts or registrations, to filter by. */
  versions: string[];
  rows: FunnelRow[];
}

/** A choice of a list filter: its stored value and its Persian title. */
export interface FilterChoice {
  id: number;
  title: string;
}

/** A list filter taken from schemas/: its Persian title and its choices. */
export interface FilterField {
  title: string;
  choices: FilterChoice[];
}

/** The list filters that come from schemas/ (plan, pharmacy type, service). */
export interface FilterChoices {
  tier: FilterField;
  type: FilterField;
  service: FilterField;
}

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

/** The list's filters (also the export's): all optional; `from`/`to` are ISO instants, `to` exclusive. */
export interface CaseFilterQuery {
  /** A tracking code, part of a pharmacy name, a mobile or a national code (Persian or ASCII digits). */
  q?: string;
  status?: CaseStatus;
  provinceId?: number;
  cityId?: number;
  tier?: number;
  type?: number;
  service?: number;
  from?: string;
  to?: string;
  /** My cases, nobody's, or one colleague's (account id). */
  assignee?: AssigneeFilter;
}

/** GET /api/staff/registrations: the filters, one page (1-based, 1-100 rows, default 25) and the order. */
export interface CaseListQuery extends CaseFilterQuery {
  page?: number;
  pageSize?: number;
  sort?: ListSort;
  direction?: 'asc' | 'desc';
}

/** One row of the list. Instants are ISO 8601 text. */
export interface CaseSummary {
  id: number;
  trackingCode: string;
  status: CaseStatus;
  createdAt: string;
  pharmacyName: string;
  tier: number;
  type: number;
  service: number;
  provinceId: number;
  cityId: number;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  nationalCode: string;
  /** Who handles the case; null when nobody does. */
  assignee: Colleague | null;
  /** While the case is open: when its status last changed (or it was created). Null once closed. */
  waitingSince: string | null;
}

/** The answer of GET /api/staff/registrations. */
export interface CasePage {
  total: number;
  page: number;
  pageSize: number;
  /** Open cases (new or contacted) nobody handles, over the whole table, not the filter (at most 2 s old). */
  unassigned: number;
  items: CaseSummary[];
}

/** One answer of a registration as a colleague reads it (the wizard's review rules). */
export interface CaseAnswer {
  /** JSON Pointer of the field in the registration (`/adminData/firstName`); the position is `/latitude`. */
  path: string;
  title: string;
  value: string;
}

export interface CaseNote {
  id: number;
  body: string;
  createdAt: string;
  /** The author's e-mail. */
  author: string;
}

/** Why another registration may be the same pharmacy or person. */
export type DuplicateReason = 'national_code' | 'mobile_number' | 'name_in_city';

export interface CaseDuplicate {
  id: number;
  trackingCode: string;
  pharmacyName: string;
  status: CaseStatus;
  reasons: DuplicateReason[];
}

/**
 * What an audit event says beyond its action: a status change's `from`/`to` (statuses) and
 * `reason`; an assignment's `from`/`to` (e-mails, null for nobody); a note's `body`; an export's
 * `format`, `filters` and `count`; a publish's or rollback's `version`, `previousVersion` and `note`.
 */
export interface AuditDetail {
  from?: string | null;
  to?: string | null;
  reason?: string;
  body?: string;
  format?: 'csv' | 'json';
  filters?: Record<string, string | number>;
  count?: number;
  /** A publish or rollback: the version made live, the one before it, and the editor's note. */
  version?: string;
  previousVersion?: string;
  note?: string;
  /** The webhook endpoint concerned (never its secret or header values). */
  webhook?: { id: number; url: string };
  /** What an admin changed on an endpoint (field names only). */
  changed?: string[];
  /** An API key made or revoked: its name, its first characters and, when made, its scopes. */
  name?: string;
  prefix?: string;
  scopes?: string[];
}

export interface AuditEvent {
  id: number;
  at: string;
  action: AuditAction;
  /** The colleague's e-mail; null for a removed account. */
  actor: string | null;
  registration: { id: number; trackingCode: string } | null;
  detail: AuditDetail | null;
}

/** The answer of GET /api/staff/registrations/:id. */
export interface CaseDetail extends CaseSummary {
  address: string;
  latitude: number;
  longitude: number;
  definitionVersion: string;
  /** The statuses this case may move to. */
  next: CaseStatus[];
  answers: CaseAnswer[];
  notes: CaseNote[];
  timeline: AuditEvent[];
  duplicates: CaseDuplicate[];
}

/** POST /api/staff/registrations/:id/status (204; 409 status_conflict when `from` is stale). */
export interface CaseStatusChange {
  from: CaseStatus;
  to: CaseStatus;
  /** Required to reject. */
  reason?: string;
  /** «نمایش به متقاضی»: the status page shows the rejection's reason. */
  showReason?: boolean;
}

/** POST /api/staff/registrations/:id/notes (204). */
export interface NoteRequest {
  body: string;
}

/**
 * PUT /api/staff/registrations/:id/assignee (204; 409 assignment_conflict when `from` is stale).
 * An agent takes an unassigned case (`from: null, to: me`) or gives back their own (`from: me,
 * to: null`); an admin sets any colleague of a case role.
 */
export interface AssignRequest {
  from: number | null;
  to: number | null;
}

/** POST /api/staff/registrations/status: one change over 1-100 distinct cases. */
export interface BulkCaseStatusChange extends CaseStatusChange {
  ids: number[];
}

export interface BulkStatusResult {
  id: number;
  ok: boolean;
  code?: 'status_conflict' | 'not_found';
}

export interface BulkStatusAnswer {
  results: BulkStatusResult[];
}

/** GET /api/staff/audit (admins): the latest events, newest first. */
export interface AuditAnswer {
  events: AuditEvent[];
}

/** GET /api/staff/export (admins): the filtered registrations as a file. */
export interface ExportQuery extends CaseFilterQuery {
  format: 'csv' | 'json';
}

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
