import { faConsole } from '../../shared/text/console-strings.fa.js';
import type { FilterChoices, FilterField } from '../../shared/contracts/staff.schemas.js';
import type { Definition } from '../definition/definition.js';
import { registrationColumns } from '../registration/registration.columns.js';

/** The part of a JSON Schema node a filter reads: its title and titled options. */
interface SchemaNode {
  title?: string;
  oneOf?: Array<{ const?: unknown; title?: string }>;
  properties?: Record<string, SchemaNode>;
}

/**
 * The list filters taken from the definition the server serves: the plans of register-config.json
 * and the fields the `type` and `service` columns are filled from, with their titles and options,
 * so an option added in schemas/ is a filter at once.
 */
export function filterChoices(definition: Definition): FilterChoices {
  const schema = definition.registrationSchema as SchemaNode;
  return {
    tier: {
      title: faConsole.staff.plan,
      choices: definition.registerConfig.tiers.map(({ id, title }) => ({ id, title })),
    },
    type: fieldAt(schema, registrationColumns.type.form),
    service: fieldAt(schema, registrationColumns.service.form),
  };
}

function fieldAt(schema: SchemaNode, path: readonly string[]): FilterField {
  let node: SchemaNode | undefined = schema;
  for (const key of path) node = node?.properties?.[key];
  return {
    title: node?.title ?? path.join('.'),
    choices: (node?.oneOf ?? []).flatMap((option) =>
      typeof option.const === 'number' ? [{ id: option.const, title: option.title ?? String(option.const) }] : [],
    ),
  };
}
