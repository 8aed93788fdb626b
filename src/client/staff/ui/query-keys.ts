/**
 * The console's React Query keys, one tree under 'staff': signing out forgets all of it, and a
 * change to a case reads its page and every list page again, whichever feature made the change.
 */
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
  insights: (params: string) => ['staff', 'insights', params] as const,
  audit: ['staff', 'audit'] as const,
};
