import type { AuditEvent } from '../../../shared/contracts/staff.schemas.js';
import { sampleRegistration } from '../ui/staff-fixtures.js';

/** The latest audit entries as an admin reads them: a sign-in, the case's work, an export. */
export const sampleAudit: AuditEvent[] = [
  {
    id: 4,
    at: '2026-11-22T07:10:00.000Z',
    action: 'export',
    actor: 'admin@example.ir',
    registration: null,
    detail: { format: 'csv', count: 42 },
  },
  ...[...sampleRegistration.timeline].reverse(),
  {
    id: 0,
    at: '2026-11-21T08:50:00.000Z',
    action: 'sign_in',
    actor: 'agent@example.ir',
    registration: null,
    detail: null,
  },
];
