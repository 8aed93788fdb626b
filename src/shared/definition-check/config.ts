/** Checks of register-config.json beyond its meta-schema: the default plan exists, plans are unique and Persian. */
import { objectFile, type Folder } from './folder.js';
import { isObject, ptr } from './json.js';
import type { Problems } from './problem.js';
import { reportArabicLetters } from './fields.js';
import { hasPersian, list, quote } from './text.js';

const CONFIG = 'register-config.json';

export function checkConfig(folder: Folder, problems: Problems): void {
  const config = objectFile(folder, CONFIG);
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
