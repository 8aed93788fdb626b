import type { Config } from '../config.js';
import { smsCodesHourKey } from '../mobile-code/mobile-code.service.js';

/** A cap per clock hour counted in the throttle table: what the metrics compare its spending with. */
export interface HourlyBudget {
  /** The `budget` label. */
  name: string;
  limit: number;
  /** The throttle key counting the hour that holds `now`. */
  keyAt: (now: number) => string;
}

/**
 * The hourly budgets of this configuration. The address lookups' budget joins here once its
 * counter exists: a `HourlyBudget` named `address_lookups`, its limit read from the configuration
 * (ADDRESS_LOOKUPS_PER_HOUR) and `keyAt` the throttle key its counter uses for the hour.
 */
export function hourlyBudgets(config: Config): HourlyBudget[] {
  return [{ name: 'sms_codes', limit: config.smsCodes.perHour, keyAt: smsCodesHourKey }];
}
