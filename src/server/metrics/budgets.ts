import { addressLookupsHourKey } from '../address/address-budget.js';
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
 * The hourly budgets of this configuration: the one-time codes sent (SMS_CODES_PER_HOUR) and the
 * calls to the paid map service for the address from the pin (ADDRESS_LOOKUPS_PER_HOUR).
 */
export function hourlyBudgets(config: Config): HourlyBudget[] {
  return [
    { name: 'sms_codes', limit: config.smsCodes.perHour, keyAt: smsCodesHourKey },
    { name: 'address_lookups', limit: config.mapService.lookupsPerHour, keyAt: addressLookupsHourKey },
  ];
}
