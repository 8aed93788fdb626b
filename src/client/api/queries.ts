import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../shared/contracts/wizard-api.js';
import type { Captcha, Locations, RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import { serviceKeys, type MapPoint } from '../../../widgets/services.js';
import { lookUpAddress } from './address-lookup.js';
import { loadRegisterConfig } from './config.js';
import { request } from './http.js';

/** The widgets' service keys (widgets/services.ts): stories seed the same cache entries. */
export const queryKeys = serviceKeys;

/** Register/Config query, also for `queryClient.ensureQueryData` outside components (the submit). */
export const registerConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  // The same session-wide promise the first page uses, so Config is fetched once in all.
  queryFn: (): Promise<RegisterConfig> => loadRegisterConfig(),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** Register/Config: fetched once and kept for the session. */
export function useRegisterConfig() {
  return useQuery(registerConfigQuery);
}

/** Provinces and cities: one fetch for the session; the server also caches it with an ETag. */
export function useLocations() {
  return useQuery({
    queryKey: queryKeys.locations,
    queryFn: ({ signal }) => request<Locations>(apiPaths.locations, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * A captcha is single-use: fetched when /manager mounts (gcTime 0 drops it on leaving), never
 * refetched behind the manager's back; `refetch()` is the "new question" button.
 */
export function useCaptcha(enabled = true) {
  return useQuery({
    queryKey: queryKeys.captcha,
    queryFn: ({ signal }) => request<Captcha>(apiPaths.captcha, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** How long a suggestion may take: the server gives up on the provider after 2 s. */
const ADDRESS_TIMEOUT_MS = 4000;

/**
 * The address of the map's point, through our server (the provider's key stays there). A new
 * point drops the previous question: React Query aborts a request whose query lost its observer,
 * because the signal is handed on. A failure (404 without a provider, 400 outside Iran, the
 * network, a timeout) is not retried: the widget shows no suggestion.
 */
export function useAddressSuggestion(point: MapPoint | undefined) {
  return useQuery({
    queryKey: [...queryKeys.address, point?.latitude, point?.longitude],
    queryFn: ({ signal }) => lookUpAddress(point!, AbortSignal.any([signal, AbortSignal.timeout(ADDRESS_TIMEOUT_MS)])),
    enabled: point !== undefined,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
