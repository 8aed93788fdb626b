/**
 * Calls the first page makes, without React Query (which loads with the form steps, keeping
 * /welcome's bundle small): Register/Config through one promise for the session, shared with the
 * React Query config query of the form steps, so it is fetched once (spec §4); the visit count.
 */
import { apiPaths, type RegisterConfig } from '../../shared/api-contract.js';
import { request } from './http.js';

let config: Promise<RegisterConfig> | undefined;

/** Register/Config, fetched on first use and kept for the session; a failed fetch is tried again next time. */
export function loadRegisterConfig(): Promise<RegisterConfig> {
  config ??= request<RegisterConfig>(apiPaths.config).catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

/** Forgets the cached Register/Config (tests start each case afresh). */
export function clearRegisterConfigCache(): void {
  config = undefined;
}

/** Welcome-page visit count (spec §7); the answer is ignored and a failure never bothers the user. */
export function recordWelcomeVisit(tier: number | undefined): void {
  const query = tier === undefined ? '' : `?tier=${encodeURIComponent(String(tier))}`;
  request(`${apiPaths.statistic}${query}`).catch(() => undefined);
}
