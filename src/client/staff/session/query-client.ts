/**
 * The console's React Query client. Its data comes through one hook per API call, in each feature's
 * hooks/. Every read passes React Query's signal to the request, so a query left behind (a page
 * turned, a filter changed) is cancelled, and its answer, cached under its own key, can never show
 * in place of the current one.
 */
import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/http.js';
import type { StaffMe } from '../../../shared/contracts/staff.schemas.js';
import { staffKeys } from '../ui/query-keys.js';

export const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * Forgets everything a signed-in colleague was shown, and shows the sign-in form in its place. The
 * session query itself is kept and set to null, not removed: the app watches it, and a query removed
 * under its observer is replaced by one nobody watches, so the next sign-in would go unseen.
 */
export function signedOut(client: QueryClient): void {
  client.removeQueries({ queryKey: staffKeys.all, predicate: (query) => !isSessionQuery(query.queryKey) });
  client.setQueryData<StaffMe | null>(staffKeys.me, null);
}

const isSessionQuery = (key: readonly unknown[]): boolean => hashKey(key) === hashKey(staffKeys.me);

/** A wrong password answers the sign-in with 401 too, but nobody was signed in to be signed out. */
const isSignIn = (key: readonly unknown[] | undefined): boolean =>
  key !== undefined && hashKey(key) === hashKey(staffKeys.signIn);

/**
 * The console's client: a session that ends (401 on any call) brings the sign-in form back on the
 * same address, so signing in again lands where the colleague was.
 */
export function createStaffQueryClient(): QueryClient {
  const whenUnauthenticated = (error: unknown) => {
    if (isUnauthenticated(error)) signedOut(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => whenUnauthenticated(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isSignIn(mutation.options.mutationKey)) whenUnauthenticated(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: 0 },
    },
  });
  return client;
}
