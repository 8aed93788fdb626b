import { useMutation, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  IDEMPOTENCY_HEADER,
  type Captcha,
  type Locations,
  type RegisterConfig,
  type RegistrationAnswer,
} from '../../shared/api-contract.js';
import { request } from './http.js';

export const queryKeys = {
  config: ['register-config'],
  locations: ['locations'],
  captcha: ['captcha'],
} as const;

/** Register/Config: fetched once and kept for the session (spec §4: cached after first fetch). */
export function useRegisterConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => request<RegisterConfig>(apiPaths.config, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
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

export interface SubmitRegistration {
  registration: Record<string, unknown>;
  /** One UUID per submit attempt, so a retried POST stores one registration. */
  idempotencyKey: string;
}

export function useSubmitRegistration() {
  return useMutation({
    mutationFn: ({ registration, idempotencyKey }: SubmitRegistration) =>
      request<RegistrationAnswer>(apiPaths.registration, {
        method: 'POST',
        body: registration,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
  });
}

/** Welcome-page visit count (spec §7); the answer is ignored and a failure never bothers the user. */
export function recordWelcomeVisit(tier: number | undefined): void {
  const query = tier === undefined ? '' : `?tier=${encodeURIComponent(String(tier))}`;
  request(`${apiPaths.statistic}${query}`).catch(() => undefined);
}
