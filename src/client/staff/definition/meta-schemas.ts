/**
 * What the editor completes each file from: the project's own meta-schemas, the ones the checker
 * reads. wizard.json and register-config.json name theirs in schemas/; every *.schema.json is JSON
 * Schema draft-07 (ajv's copy, as the checker uses) with this project's two annotations
 * (`errorMessage`, `normalize`) and formats; a *.ui.json has the settings RJSF reads
 * (src/shared/definition/ui-keys.ts) and the widgets the registry knows.
 */
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import wizardMeta from '../../../../schemas/wizard.schema.json';
import registerConfigMeta from '../../../../schemas/register-config.schema.json';
import { NORMALIZE_KINDS } from '../../../shared/definition/ajv-config.js';
import type { FormatName } from '../../../shared/definition/formats.js';
import { knownUiKeys } from '../../../shared/definition/ui-keys.js';
import { builtInWidgetNames, customWidgetNames } from '../../../shared/definition/widget-names.js';

export type MetaSchema = Record<string, unknown>;

/** The Iranian formats of src/shared/definition/formats.ts, by name only (the checks stay out of this chunk). */
const FORMAT_NAMES = Object.keys({ 'ir-national-code': true, 'ir-mobile': true } satisfies Record<FormatName, true>);

const draftKeywords = Object.keys(draft07.properties);

/** A step or registration schema: draft-07, with the wizard's vocabulary. */
const stepSchemaMeta: MetaSchema = {
  ...draft07,
  properties: {
    ...draft07.properties,
    format: { type: 'string', enum: FORMAT_NAMES, description: 'An Iranian format the wizard and the server check.' },
    normalize: {
      type: 'string',
      enum: [...NORMALIZE_KINDS],
      description: 'How a typed value is cleaned before it is checked and stored.',
    },
    errorMessage: {
      description: 'The Persian message: one text for every failure, or one per rule.',
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: Object.fromEntries(
            ['required', 'default', ...draftKeywords.filter((keyword) => !keyword.startsWith('$'))].map((keyword) => [
              keyword,
              { type: 'string' },
            ]),
          ),
        },
      ],
    },
  },
};

const uiSettings: MetaSchema = {
  type: 'object',
  properties: {
    ...Object.fromEntries(knownUiKeys.map((key) => [key, {}])),
    'ui:widget': { type: 'string', enum: [...customWidgetNames, ...builtInWidgetNames] },
    'ui:options': { type: 'object' },
    'ui:help': { type: 'string' },
    'ui:placeholder': { type: 'string' },
    'ui:order': { type: 'array', items: { type: 'string' } },
  },
};

/** A step's uiSchema: the settings at the top (ui:order) and under each field's name. */
const uiMeta: MetaSchema = {
  ...uiSettings,
  additionalProperties: uiSettings,
};

export function metaSchemaFor(file: string): MetaSchema | undefined {
  if (file === 'wizard.json') return wizardMeta;
  if (file === 'register-config.json') return registerConfigMeta;
  if (file.endsWith('.schema.json')) return stepSchemaMeta;
  if (file.endsWith('.ui.json')) return uiMeta;
  return undefined;
}
