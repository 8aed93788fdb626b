/**
 * The console's session as the app watches it (session/query-client.ts): a wrong password is not an ended
 * session, and an ended session leaves the watched session query in place, set to nobody, so the
 * next sign-in shows at once.
 */
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/api/http.js';
import { createStaffQueryClient } from '../../../src/client/staff/session/query-client.js';
import { staffKeys } from '../../../src/client/staff/ui/query-keys.js';
import type { StaffMe } from '../../../src/shared/contracts/staff.schemas.js';

const colleague: StaffMe = { id: 7, email: 'agent@example.ir', role: 'agent' };
const unauthenticated = () => new ApiError(401, 'unauthenticated', 'نشست شما پایان یافته است.');

describe("the console's session", () => {
  let client: ReturnType<typeof createStaffQueryClient>;
  let watched: QueryObserver<StaffMe | null>;
  let stopWatching: () => void;

  beforeEach(() => {
    client = createStaffQueryClient();
    watched = new QueryObserver<StaffMe | null>(client, {
      queryKey: staffKeys.me,
      queryFn: () => null,
      staleTime: Infinity,
    });
    stopWatching = watched.subscribe(() => undefined);
  });
  afterEach(() => {
    stopWatching();
    client.clear();
  });

  const failedSignIn = () =>
    new MutationObserver(client, {
      mutationKey: staffKeys.signIn,
      mutationFn: () => Promise.reject(new ApiError(401, 'sign_in_failed', 'ورود انجام نشد.')),
    })
      .mutate()
      .catch(() => undefined);

  it('shows the colleague signed in with the right password after a wrong one', async () => {
    await watched.refetch();
    await failedSignIn();
    client.setQueryData(staffKeys.me, colleague);
    expect(watched.getCurrentResult().data).toEqual(colleague);
  });

  it('shows nobody signed in, and forgets what was shown, when a call answers 401', async () => {
    client.setQueryData(staffKeys.me, colleague);
    client.setQueryData(staffKeys.list('page=1'), { rows: ['a case'] });
    await client
      .fetchQuery({ queryKey: staffKeys.case(1), queryFn: () => Promise.reject(unauthenticated()), retry: false })
      .catch(() => undefined);
    expect(watched.getCurrentResult().data).toBeNull();
    expect(client.getQueryData(staffKeys.list('page=1'))).toBeUndefined();
    // Signed in again, the same watcher sees it.
    client.setQueryData(staffKeys.me, colleague);
    expect(watched.getCurrentResult().data).toEqual(colleague);
  });
});
