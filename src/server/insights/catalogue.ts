/**
 * What a version of the definition lets a visit report: its steps, each form step's fields, and
 * each field's rules, with the titles and Persian messages the console shows. Built once per
 * version; an event naming anything else is refused.
 */
import { fieldSchemaOf } from '../../shared/conditions.js';
import { messageFor } from '../../shared/schema-messages.js';
import { stepFieldNames, type JsonSchema, type LoadedWizard } from '../../shared/wizard-definition.js';

export interface FieldEntry {
  title: string;
  /** Rule -> the errorMessage key it is worded by (a format's name is worded by `format`). */
  rules: Map<string, string>;
  schema: JsonSchema | undefined;
}

export interface StepEntry {
  title: string;
  fields: Map<string, FieldEntry>;
}

export type Catalogue = Map<string, StepEntry>;

/** Words of a field schema that describe it rather than constrain it: never a failed rule. */
const NOT_RULES = new Set([
  'title',
  'description',
  'default',
  'examples',
  'errorMessage',
  '$comment',
  '$id',
  '$schema',
  'readOnly',
  'writeOnly',
  'verify',
]);

/** The keywords a field can fail: its own and its branches' (a choice's `const`), `required`, and a format's name. */
function rulesOf(schema: JsonSchema | undefined): Map<string, string> {
  const rules = new Map<string, string>([['required', 'required']]);
  if (!schema) return rules;
  const add = (keyword: string) => {
    if (!NOT_RULES.has(keyword)) rules.set(keyword, keyword);
  };
  for (const keyword of Object.keys(schema)) add(keyword);
  for (const branches of [schema.oneOf, schema.anyOf, schema.allOf])
    if (Array.isArray(branches))
      for (const branch of branches as unknown[])
        if (branch && typeof branch === 'object') Object.keys(branch).forEach(add);
  if (typeof schema.format === 'string') rules.set(schema.format, 'format');
  if (schema.verify === 'sms') rules.set('verify', 'verify');
  const spec = schema.errorMessage;
  if (spec && typeof spec === 'object') for (const keyword of Object.keys(spec)) add(keyword);
  return rules;
}

const built = new WeakMap<LoadedWizard, Catalogue>();

export function catalogueOf(wizard: LoadedWizard): Catalogue {
  const known = built.get(wizard);
  if (known) return known;
  const catalogue: Catalogue = new Map();
  for (const step of wizard.steps) {
    const fields = new Map<string, FieldEntry>();
    for (const name of stepFieldNames(step)) {
      const schema = step.jsonSchema ? fieldSchemaOf(step.jsonSchema, name) : undefined;
      const title = typeof schema?.title === 'string' ? schema.title : name;
      fields.set(name, { title, rules: rulesOf(schema), schema });
    }
    catalogue.set(step.id, { title: step.title, fields });
  }
  built.set(wizard, catalogue);
  return catalogue;
}

/** The Persian message a rule of a field shows, in its version's words. */
export function ruleMessage(field: FieldEntry | undefined, rule: string): string {
  return messageFor(field?.schema, field?.rules.get(rule) ?? rule);
}
