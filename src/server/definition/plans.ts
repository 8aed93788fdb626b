import type { Definition } from './definition.js';

const plansOf = new WeakMap<Definition, Set<number>>();

/** The plan asked for when the version has it, else the version's default plan. */
export function planOrDefault(definition: Definition, asked: number): number {
  let known = plansOf.get(definition);
  if (!known) plansOf.set(definition, (known = new Set(definition.registerConfig.tiers.map((tier) => tier.id))));
  return known.has(asked) ? asked : definition.registerConfig.defaultTier;
}
