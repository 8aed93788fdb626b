import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { StaffIdentity } from '../staff.service.js';

/** The signed-in colleague, set by the guard (plugins/staff-auth.ts) before any staff handler runs. */
export function identity(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new ApiError(401, 'unauthenticated');
  return request.staff;
}
