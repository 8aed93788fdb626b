/**
 * Calls the first page makes, without React Query (which loads with the form steps, keeping
 * /welcome's bundle small): Register/Config through one promise for the session, shared with the
 * React Query config query of the form steps, so it is fetched once; the visit count.
 */
import { apiPaths, REGISTER_CONFIG_ELEMENT_ID } from '../../shared/contracts/wizard-api.js';
import type { RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import { request } from './http.js';

let config: Promise<RegisterConfig> | undefined;

/** Register/Config, fetched on first use and kept for the session; a failed fetch is tried again next time. */
export function loadRegisterConfig(): Promise<RegisterConfig> {
  config ??=
    inlinedRegisterConfig() ??
    request<RegisterConfig>(apiPaths.config).catch((error: unknown) => {
      config = undefined;
      throw error;
    });
  return config;
}

/** The answer the server inlined into the page (src/server/plugins/spa.ts), read once. */
function inlinedRegisterConfig(): Promise<RegisterConfig> | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(REGISTER_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return Promise.resolve(JSON.parse(element.textContent) as RegisterConfig);
  } catch {
    return undefined;
  }
}

/** Forgets the cached Register/Config (tests start each case afresh). */
export function clearRegisterConfigCache(): void {
  config = undefined;
}

/** Welcome-page visit count (Statistic/Register, read by the console's funnel); the answer is ignored and a failure never bothers the user. */
export function recordWelcomeVisit(tier: number | undefined): void {
  const query = tier === undefined ? '' : `?tier=${encodeURIComponent(String(tier))}`;
  request(`${apiPaths.statistic}${query}`).catch(() => undefined);
}

/** Funnel count: a visitor reached step `step` (1-based); like the visit count, fire-and-forget, never retried. */
export function recordStepReach(step: number, tier: number | undefined): void {
  const plan = tier === undefined ? '' : `&tier=${encodeURIComponent(String(tier))}`;
  request(`${apiPaths.statisticStep}?step=${step}${plan}`).catch(() => undefined);
}
