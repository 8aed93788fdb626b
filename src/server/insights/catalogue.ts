/**
 * What a version of the definition lets a visit report: its steps, each form step's fields, and
 * each field's rules, with the titles and Persian messages the console shows. Built once per
 * version; an event naming anything else is refused.
 */
import { fieldSchemaOf } from '../../shared/definition/conditions.js';
import { rulesOf } from '../../shared/insights/rules.js';
import { messageFor } from '../../shared/definition/schema-messages.js';
import { stepFieldNames, type JsonSchema, type LoadedWizard } from '../../shared/definition/wizard-definition.js';

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
