/**
 * The shapes the staff console and the server exchange, each written once: the server declares
 * these schemas on its routes, the console imports the derived types (`import type` only).
 * Instants are ISO 8601 text.
 */
import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, CASE_STATUSES, STAFF_ROLES } from './staff.js';
import { Dictionary, Instant, Nullable, StringEnum, TitledChoice } from './common.schemas.js';

/** The longest note, and the longest reason of a status change. */
const MAX_NOTE = 2000;

const Status = StringEnum(CASE_STATUSES);
const Role = StringEnum(STAFF_ROLES);

/** The signed-in colleague: the account id, as cases name their assignee. */
export const StaffMe = Type.Object(
  { id: Type.Integer({ minimum: 1 }), email: Type.String(), role: Role },
  { additionalProperties: false },
);
export type StaffMe = Static<typeof StaffMe>;

export const SignInRequest = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SignInRequest = Static<typeof SignInRequest>;

/** Who a colleague is on a case: id and e-mail. */
export const Colleague = Type.Object(
  { id: Type.Integer(), email: Type.String(), role: Role },
  { additionalProperties: false },
);
export type Colleague = Static<typeof Colleague>;

/** One day and plan of the registration funnel. */
export const FunnelRow = Type.Object(
  {
    day: Type.String(),
    tier: Type.Integer(),
    visits: Type.Integer(),
    /** Visitors who reached each step, keyed by step number (1-based). */
    steps: Dictionary(Type.Integer()),
    registrations: Type.Integer(),
    /** Registrations per welcome visit; null when there was no visit. */
    conversion: Nullable(Type.Number()),
  },
  { additionalProperties: false },
);
export type FunnelRow = Static<typeof FunnelRow>;

export const FunnelAnswer = Type.Object(
  {
    /** Definition versions seen in step counts or registrations, to filter by. */
    versions: Type.Array(Type.String()),
    rows: Type.Array(FunnelRow),
  },
  { additionalProperties: false },
);
export type FunnelAnswer = Static<typeof FunnelAnswer>;

/** A list filter taken from schemas/: its Persian title and its choices. */
export const FilterField = Type.Object(
  { title: Type.String(), choices: Type.Array(TitledChoice) },
  { additionalProperties: false },
);
export type FilterField = Static<typeof FilterField>;

/** The list filters that come from schemas/ (plan, pharmacy type, service). */
export const FilterChoices = Type.Object(
  { tier: FilterField, type: FilterField, service: FilterField },
  { additionalProperties: false },
);
export type FilterChoices = Static<typeof FilterChoices>;

/**
 * One row of the list: the registration's summary, the one every other reading of a case (its
 * page, the /api/v1 readers') is derived from.
 */
export const CaseSummary = Type.Object(
  {
    id: Type.Integer(),
    trackingCode: Type.String(),
    status: Status,
    createdAt: Instant,
    pharmacyName: Type.String(),
    tier: Type.Integer(),
    type: Type.Integer(),
    service: Type.Integer(),
    provinceId: Type.Integer(),
    cityId: Type.Integer(),
    firstName: Type.String(),
    lastName: Type.String(),
    mobileNumber: Type.String(),
    nationalCode: Type.String(),
    /** Who handles the case; null when nobody does. */
    assignee: Type.Union([Colleague, Type.Null()]),
    /** While the case is open: when its status last changed (or it was created). Null once closed. */
    waitingSince: Type.Union([Instant, Type.Null()], { description: 'while open: the last status change' }),
  },
  { additionalProperties: false },
);
export type CaseSummary = Static<typeof CaseSummary>;

/** The answer of GET /api/staff/registrations. */
export const CasePage = Type.Object(
  {
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    /** Over the whole table, not the filter (at most 2 s old). */
    unassigned: Type.Integer({ description: 'open cases nobody handles, over the whole table' }),
    items: Type.Array(CaseSummary),
  },
  { additionalProperties: false },
);
export type CasePage = Static<typeof CasePage>;

/** One answer of a registration as a colleague reads it (the wizard's review rules). */
export const CaseAnswer = Type.Object(
  {
    /** `/adminData/firstName`; the position is `/latitude`. */
    path: Type.String({ description: 'JSON Pointer of the field in the registration' }),
    title: Type.String(),
    value: Type.String({ description: 'as the wizard’s review step shows it' }),
  },
  { additionalProperties: false },
);
export type CaseAnswer = Static<typeof CaseAnswer>;

export const CaseNote = Type.Object(
  {
    id: Type.Integer(),
    body: Type.String(),
    createdAt: Instant,
    /** The author's e-mail. */
    author: Type.String(),
  },
  { additionalProperties: false },
);
export type CaseNote = Static<typeof CaseNote>;

/** Why another registration may be the same pharmacy or person. */
export const DuplicateReason = StringEnum(['national_code', 'mobile_number', 'name_in_city']);
export type DuplicateReason = Static<typeof DuplicateReason>;

export const CaseDuplicate = Type.Object(
  {
    id: Type.Integer(),
    trackingCode: Type.String(),
    pharmacyName: Type.String(),
    status: Status,
    reasons: Type.Array(DuplicateReason),
  },
  { additionalProperties: false },
);
export type CaseDuplicate = Static<typeof CaseDuplicate>;

/**
 * What an audit event says beyond its action: a status change's `from`/`to` (statuses) and
 * `reason`; an assignment's `from`/`to` (e-mails, null for nobody); a note's `body`; an export's
 * `format`, `filters` and `count`; a publish's or rollback's `version`, `previousVersion` and `note`.
 */
export const AuditDetail = Type.Object(
  {
    from: Type.Optional(Nullable(Type.String(), { description: 'a status, or an e-mail (assign)' })),
    to: Type.Optional(Nullable(Type.String(), { description: 'a status, or an e-mail (assign)' })),
    reason: Type.Optional(Type.String()),
    body: Type.Optional(Type.String()),
    format: Type.Optional(StringEnum(['csv', 'json'])),
    filters: Type.Optional(Dictionary(Type.Unsafe<string | number>({ type: ['string', 'number'] }))),
    count: Type.Optional(Type.Integer()),
    /** A publish or rollback: the version made live, the one before it, and the editor's note. */
    version: Type.Optional(Type.String()),
    previousVersion: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
    /** Never its secret or header values. */
    webhook: Type.Optional(
      Type.Object(
        { id: Type.Integer(), url: Type.String() },
        { additionalProperties: false, description: 'the webhook endpoint concerned' },
      ),
    ),
    /** Field names only. */
    changed: Type.Optional(Type.Array(Type.String(), { description: 'the fields of an endpoint an admin changed' })),
    /** An API key made or revoked: its name, its first characters and, when made, its scopes. */
    name: Type.Optional(Type.String({ description: "an API key's name" })),
    prefix: Type.Optional(Type.String({ description: "an API key's first characters" })),
    scopes: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type AuditDetail = Static<typeof AuditDetail>;

export const AuditEvent = Type.Object(
  {
    id: Type.Integer(),
    at: Instant,
    action: StringEnum(AUDIT_ACTIONS),
    /** Null for a removed account. */
    actor: Nullable(Type.String(), { description: "the colleague's e-mail" }),
    registration: Type.Union([
      Type.Object({ id: Type.Integer(), trackingCode: Type.String() }, { additionalProperties: false }),
      Type.Null(),
    ]),
    detail: Type.Union([AuditDetail, Type.Null()]),
  },
  { additionalProperties: false },
);
export type AuditEvent = Static<typeof AuditEvent>;

/** GET /api/staff/audit (admins): the latest events, newest first. */
export const AuditAnswer = Type.Object({ events: Type.Array(AuditEvent) }, { additionalProperties: false });
export type AuditAnswer = Static<typeof AuditAnswer>;

/** The answer of GET /api/staff/registrations/:id: the summary and the rest of the case. */
export const CaseDetail = Type.Interface(
  [CaseSummary],
  {
    address: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    definitionVersion: Type.String(),
    /** The statuses this case may move to. */
    next: Type.Array(Status),
    answers: Type.Array(CaseAnswer),
    notes: Type.Array(CaseNote),
    timeline: Type.Array(AuditEvent),
    duplicates: Type.Array(CaseDuplicate),
  },
  { additionalProperties: false },
);
export type CaseDetail = Static<typeof CaseDetail>;

/** POST /api/staff/registrations/:id/status (204; 409 status_conflict when `from` is stale). */
export const CaseStatusChange = Type.Object(
  {
    from: Status,
    to: Status,
    reason: Type.Optional(Type.String({ maxLength: MAX_NOTE, description: 'required to reject' })),
    showReason: Type.Optional(Type.Boolean({ description: '«نمایش به متقاضی»: the status page shows the reason' })),
  },
  { additionalProperties: false },
);
export type CaseStatusChange = Static<typeof CaseStatusChange>;

/** POST /api/staff/registrations/:id/notes (204). */
export const NoteRequest = Type.Object({ body: Type.String({ maxLength: MAX_NOTE }) }, { additionalProperties: false });
export type NoteRequest = Static<typeof NoteRequest>;

/** POST /api/staff/registrations/status: one change over 1-100 distinct cases. */
export const BulkCaseStatusChange = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
    ...CaseStatusChange.properties,
  },
  { additionalProperties: false },
);
export type BulkCaseStatusChange = Static<typeof BulkCaseStatusChange>;

export const BulkStatusResult = Type.Object(
  { id: Type.Integer(), ok: Type.Boolean(), code: Type.Optional(StringEnum(['status_conflict', 'not_found'])) },
  { additionalProperties: false },
);
export type BulkStatusResult = Static<typeof BulkStatusResult>;

export const BulkStatusAnswer = Type.Object({ results: Type.Array(BulkStatusResult) }, { additionalProperties: false });
export type BulkStatusAnswer = Static<typeof BulkStatusAnswer>;

const AccountId = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

/**
 * PUT /api/staff/registrations/:id/assignee (204; 409 assignment_conflict when `from` is stale).
 * An agent takes an unassigned case (`from: null, to: me`) or gives back their own (`from: me,
 * to: null`); an admin sets any colleague of a case role.
 */
export const AssignRequest = Type.Object(
  {
    from: Type.With(AccountId, { description: 'who handles it now (compare-and-set); null for nobody' }),
    to: Type.With(AccountId, { description: 'who handles it next; null for nobody' }),
  },
  { additionalProperties: false },
);
export type AssignRequest = Static<typeof AssignRequest>;
