/** Helpers of the applicant follow-up's API tests: the status lookup, staff decisions, the mobile code routes. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { followupPaths } from '../../src/shared/contracts/followup.js';
import { cookiesOf, openSession, type Session } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

export const STAFF_PASSWORD = 'a long enough password';

export function postJson(
  app: FastifyInstance,
  session: Session,
  url: string,
  payload: unknown,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

export function askStatus(
  app: FastifyInstance,
  session: Session,
  trackingCode: string,
  mobileNumber: string,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return postJson(app, session, followupPaths.status, { trackingCode, mobileNumber }, remoteAddress);
}

export interface StaffSession {
  cookie: string;
  token: string;
}

/** A colleague of the role, signed in. */
export async function staffSession(
  app: FastifyInstance,
  role: 'agent' | 'admin',
  email = `${role}-${Math.random().toString(36).slice(2)}@example.ir`,
): Promise<StaffSession> {
  await addStaffAccount(app.database.db, email, role, STAFF_PASSWORD, 0);
  const session = await openSession(app);
  const response = await postJson(app, session, '/api/staff/session', { email, password: STAFF_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode} ${response.body}`);
  return { cookie: `${session.cookie}; staff=${cookiesOf(response).staff}`, token: session.token };
}

export async function registrationId(app: FastifyInstance, trackingCode: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('registrations')
    .select('id')
    .where('tracking_code', '=', trackingCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a registration's status as a colleague does in the console. */
export function moveStatus(
  app: FastifyInstance,
  staff: StaffSession,
  id: number,
  body: { from: string; to: string; reason?: string; showReason?: boolean },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/staff/registrations/${id}/status`,
    headers: { cookie: staff.cookie, 'x-xsrf-token': staff.token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export function outboxRows(app: FastifyInstance) {
  return app.database.db.selectFrom('sms_outbox').selectAll().orderBy('id').execute();
}

/** A local clock the tests move. */
export function testClock(start = Date.UTC(2026, 0, 10, 8, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}
