/**
 * React Query for the form steps (Config for the map, Locations, the captcha, the registration
 * POST). One client for the page's session, so cached answers survive moving between steps. It
 * loads with the form steps' chunk; the first page uses api/config.ts instead.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: 0 },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's client, created on first use. */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
