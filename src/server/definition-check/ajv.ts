/** The ajv set-up the checker compiles with: the same options and formats the wizard and server use. */
import { Ajv, type Options } from 'ajv';
import { addWizardVocabulary, wizardAjvOptions } from '../../shared/definition/ajv-config.js';
import { linearRegExp } from './patterns.js';

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * The wizard's one ajv configuration (src/shared/definition/ajv-config.ts), plus `verbose` for the checker's
 * explanations. The server adds no
 * standard formats (ajv-formats), so neither does the checker: "format": "email" would stop the server.
 * Meta-schemas of wizard.json and register-config.json use if/then, which
 * strict "required" cannot follow, so that one rule is relaxed for them. Patterns are matched by RE2:
 * checking wizard.json against a meta-schema the draft itself names runs the draft's patterns.
 */
export function createAjv(kind: 'form' | 'meta' = 'form', extra: Options = {}): Ajv {
  return addWizardVocabulary(
    new Ajv({
      ...wizardAjvOptions,
      verbose: true,
      code: { regExp: linearRegExp },
      ...(kind === 'meta' ? { strictRequired: false } : {}),
      ...extra,
    }),
  );
}

/** Every format name a schema may use. */
export function knownFormats(): string[] {
  return Object.keys(createAjv().formats);
}
