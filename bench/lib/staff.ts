// A colleague of the console for the sections that need one: the account is made with the service
// the CLI uses, then it signs in over HTTP and calls staff routes with the anti-forgery header, as
// the console does.
import { openDatabase } from '../../src/server/db/database.js';
import { createStaffAccount } from '../../src/server/staff/staff.service.js';
import { staffPaths, type StaffRole } from '../../src/shared/contracts/staff.js';
import { cookieHeader, cookiesOf, send } from './http.js';

export interface StaffAccount {
  email: string;
  role: StaffRole;
  password: string;
}

export interface StaffSession {
  cookie: string;
  token: string;
}

/** Makes `account` in the server's SQLite file, then signs it in on the server at `url`. */
export async function signInStaff(url: string, databaseFile: string, account: StaffAccount): Promise<StaffSession> {
  const handle = await openDatabase({ kind: 'sqlite', path: databaseFile });
  try {
    await createStaffAccount(handle.db, account.email, account.role, account.password, Date.now());
  } finally {
    await handle.close();
  }
  const first = await send(`${url}/api/Register/Config`);
  const jar = cookiesOf(first);
  const token = jar['XSRF-TOKEN'] ?? '';
  const answer = await send(`${url}${staffPaths.session}`, {
    method: 'POST',
    headers: { cookie: cookieHeader(jar), 'x-xsrf-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (answer.status !== 200) throw new Error(`${account.role} sign-in answered ${answer.status}: ${answer.body}`);
  return { cookie: cookieHeader({ ...jar, ...cookiesOf(answer) }), token };
}

/** A staff call that must succeed (2xx); its JSON answer, or undefined for an empty one (204). */
export async function staffCall<T>(
  url: string,
  staff: StaffSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await send(`${url}${path}`, {
    method,
    headers: {
      cookie: staff.cookie,
      'x-xsrf-token': staff.token,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body}`);
  return (answer.body === '' ? undefined : JSON.parse(answer.body)) as T;
}
