import type { RegisterConfig, Tier } from '../../shared/contracts/wizard-api.schemas.js';

/**
 * `?tier=` as typed in a link (Persian ۰-۹ and Arabic-Indic ٠-٩ digits accepted): a positive
 * integer, else undefined. (Digits are mapped by code point here rather than through
 * shared/text/normalize.ts so the first page does not carry @persian-tools; the form steps use it.)
 */
export function parseTierParam(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const text = raw
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .trim();
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const tier = Number(text);
  return tier >= 1 ? tier : undefined;
}

/** The plan a registration carries: the requested one when Register/Config knows it, else the default. */
export function resolveTier(
  config: Pick<RegisterConfig, 'tiers' | 'defaultTier'>,
  requested: number | undefined,
): Tier | undefined {
  const known = config.tiers.find((tier) => tier.id === requested);
  return known ?? config.tiers.find((tier) => tier.id === config.defaultTier) ?? { id: config.defaultTier, title: '' };
}
