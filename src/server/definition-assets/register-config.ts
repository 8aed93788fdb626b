import type { RegisterConfig } from '../../shared/contracts/wizard-api.schemas.js';
import type { Definition } from '../definition/definition.js';

/** The answer of Register/Config (also inlined into the wizard's pages by the spa plugin). */
export function registerConfigOf(definition: Definition, analytics: boolean): RegisterConfig {
  const config: RegisterConfig = { ...definition.registerConfig, definitionVersion: definition.version };
  return analytics ? config : { ...config, analytics: false };
}
