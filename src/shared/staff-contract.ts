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
} as const;

export type StaffRole = 'admin' | 'agent';

/** The columns the staff list can be sorted by (the server's repository sorts by exactly these). */
export const LIST_SORTS = ['created_at', 'pharmacy_name', 'status', 'tracking_code'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export interface StaffMe {
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
