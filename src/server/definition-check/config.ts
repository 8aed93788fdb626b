/** Checks of register-config.json beyond its meta-schema: the default plan exists, plans are unique and Persian, the map's options fit its provider. */
import { NESHAN_ONLY_MAP_OPTIONS } from '../../shared/contracts/wizard-api.js';
import { objectFile, type Folder } from './folder.js';
import { isObject, ptr } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import { reportArabicLetters } from './fields.js';
import { hasPersian, list, quote } from './text.js';

const CONFIG = 'register-config.json';

export function checkConfig(folder: Folder, problems: Problems): void {
  const config = objectFile(folder, CONFIG);
  if (config && isObject(config.map)) checkMap(config.map, problems);
  if (!config || !Array.isArray(config.tiers)) return;
  const ids: unknown[] = [];
  config.tiers.forEach((tier, index) => {
    if (!isObject(tier)) return;
    const at = ptr('/tiers', index);
    if (ids.includes(tier.id)) {
      problems.add({
        code: 'tier-duplicate',
        file: CONFIG,
        pointer: ptr(at, 'id'),
        message: `Two plans have the id ${quote(tier.id)}.`,
        fix: 'Give each plan its own id.',
      });
    }
    ids.push(tier.id);
    if (typeof tier.title === 'string' && !hasPersian(tier.title)) {
      problems.add({
        code: 'text-not-persian',
        file: CONFIG,
        pointer: ptr(at, 'title'),
        message: `The plan title ${quote(tier.title)} has no Persian letters; it is shown on the welcome page.`,
        fix: 'Write the title in Persian.',
      });
    }
    reportArabicLetters(CONFIG, ptr(at, 'title'), tier.title, problems);
  });
  if (config.defaultTier !== undefined && !ids.includes(config.defaultTier)) {
    problems.add({
      code: 'tier-default',
      file: CONFIG,
      pointer: '/defaultTier',
      message: `"defaultTier" is ${quote(config.defaultTier)}, but no plan in "tiers" has that id.`,
      fix: `Use one of the plan ids: ${list(ids)}.`,
    });
  }
}

const TILE_PLACEHOLDERS = ['{z}', '{x}', '{y}'];

/** The map's options against its provider: what the chosen map would never read, and a tile template without its tile. */
function checkMap(map: Record<string, unknown>, problems: Problems): void {
  const provider = map.provider;
  if (typeof provider !== 'string') return;
  if (provider !== 'neshan') {
    for (const option of NESHAN_ONLY_MAP_OPTIONS) {
      if (map[option] === undefined) continue;
      problems.add({
        code: 'map-option-unsupported',
        level: 'warning',
        file: CONFIG,
        pointer: ptr('/map', option),
        message: `The map provider ${quote(provider)} has no "${option}" option: only "neshan" reads it, so the map would ignore it.`,
        fix: `Remove "${option}", or set "provider" to "neshan".`,
      });
    }
  }
  if (provider === 'tiles' && typeof map.tileUrl === 'string') {
    const missing = TILE_PLACEHOLDERS.filter((placeholder) => !(map.tileUrl as string).includes(placeholder));
    if (missing.length === 0) return;
    problems.add({
      code: 'map-tile-url',
      file: CONFIG,
      pointer: '/map/tileUrl',
      message: `The tile template ${quote(map.tileUrl)} has no ${list(missing)}: the "tiles" map could not ask for a tile.`,
      fix: 'Write the template with {z}, {x} and {y}, e.g. https://tiles.example.ir/{z}/{x}/{y}.png.',
    });
  }
}
