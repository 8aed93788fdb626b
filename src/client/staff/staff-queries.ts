/**
 * The console's data: one React Query hook per API call. Every read passes React Query's signal to
 * the request, so a query left behind (a page turned, a filter changed) is cancelled, and its
 * answer, cached under its own key, can never show in place of the current one.
 */
import {
  hashKey,
  MutationCache,
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../api/http.js';
import type { AssignRequest, BulkStatusRequest, CaseStatus, StaffMe } from '../../shared/staff-contract.js';
import { staffApi } from './staff-api.js';

export const staffKeys = {
  all: ['staff'] as const,
  me: ['staff', 'me'] as const,
  signIn: ['staff', 'sign-in'] as const,
  filters: ['staff', 'filters'] as const,
  colleagues: ['staff', 'colleagues'] as const,
  /** Every page of the list, whatever its filters. */
  lists: ['staff', 'list'] as const,
  list: (params: string) => ['staff', 'list', params] as const,
  cases: ['staff', 'case'] as const,
  case: (id: number) => ['staff', 'case', id] as const,
  funnel: (params: string) => ['staff', 'funnel', params] as const,
  audit: ['staff', 'audit'] as const,
};

const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * Forgets everything a signed-in colleague was shown, and shows the sign-in form in its place. The
 * session query itself is kept and set to null, not removed: the app watches it, and a query removed
 * under its observer is replaced by one nobody watches, so the next sign-in would go unseen.
 */
function signedOut(client: QueryClient): void {
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

/** Who is signed in; null when nobody is (the session answers 401). */
export function useMe() {
  return useQuery({
    queryKey: staffKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await staffApi.me(signal);
      } catch (error) {
        if (isUnauthenticated(error)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: staffKeys.signIn,
    mutationFn: ({ email, password }: { email: string; password: string }) => staffApi.signIn(email, password),
    onSuccess: (me) => client.setQueryData(staffKeys.me, me),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({ mutationFn: staffApi.signOut, onSuccess: () => signedOut(client) });
}

/** Plans, pharmacy types and services: they change only with a new definition. */
export function useFilterChoices() {
  return useQuery({
    queryKey: staffKeys.filters,
    queryFn: ({ signal }) => staffApi.filters(signal),
    staleTime: Infinity,
  });
}

export function useColleagues() {
  return useQuery({
    queryKey: staffKeys.colleagues,
    queryFn: ({ signal }) => staffApi.colleagues(signal),
    staleTime: 5 * 60_000,
  });
}

/** One page of the list; the page shown stays while the next one comes (marked as placeholder). */
export function useCaseList(params: URLSearchParams) {
  const key = params.toString();
  return useQuery({
    queryKey: staffKeys.list(key),
    queryFn: ({ signal }) => staffApi.list(new URLSearchParams(key), signal),
    placeholderData: (previous) => previous,
  });
}

export function useCase(id: number) {
  return useQuery({
    queryKey: staffKeys.case(id),
    queryFn: ({ signal }) => staffApi.registration(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFunnel(params: URLSearchParams) {
  const key = params.toString();
  return useQuery({
    queryKey: staffKeys.funnel(key),
    queryFn: ({ signal }) => staffApi.funnel(new URLSearchParams(key), signal),
    placeholderData: (previous) => previous,
  });
}

export function useAudit() {
  return useQuery({ queryKey: staffKeys.audit, queryFn: ({ signal }) => staffApi.audit(signal) });
}

/** After a change to cases: their pages and every list page are read again. */
function useCasesChanged() {
  const client = useQueryClient();
  return (ids: number[]) =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffKeys.lists }),
      ...ids.map((id) => client.invalidateQueries({ queryKey: staffKeys.case(id) })),
    ]);
}

export function useMoveStatus(id: number) {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: ({
      from,
      to,
      reason,
      showReason,
    }: {
      from: CaseStatus;
      to: CaseStatus;
      reason?: string;
      showReason?: boolean;
    }) => staffApi.moveStatus(id, from, to, reason, showReason),
    // A conflict means the case moved meanwhile: show it as it is now.
    onSettled: () => changed([id]),
  });
}

export function useAddNote(id: number) {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: (body: string) => staffApi.addNote(id, body),
    onSuccess: () => changed([id]),
  });
}

export function useAssign(id: number) {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: (change: AssignRequest) => staffApi.assign(id, change),
    onSettled: () => changed([id]),
  });
}

export function useBulkStatus() {
  const changed = useCasesChanged();
  return useMutation({
    mutationFn: (body: BulkStatusRequest) => staffApi.bulkStatus(body),
    onSettled: (_answer, _error, body) => changed(body.ids),
  });
}
