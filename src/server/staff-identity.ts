import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../shared/contracts/staff.js';
import { ApiError } from './errors.js';

/** A signed-in colleague, as every room that acts for one knows them. */
export interface StaffIdentity {
  accountId: number;
  email: string;
  role: StaffRole;
}

/** The signed-in colleague, set by the guard (plugins/staff-auth.ts) before any staff handler runs. */
export function identity(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new ApiError(401, 'unauthenticated');
  return request.staff;
}
