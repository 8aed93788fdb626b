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
} as const;

export type StaffRole = 'admin' | 'agent';

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
