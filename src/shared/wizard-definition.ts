import { getAt, pointerFrom, pointerTokens, setAt } from './json-pointer.js';

/** The shapes of schemas/wizard.json (checked by schemas/wizard.schema.json). */
export interface WizardButtons {
  next?: string;
  back?: string;
  submit?: string;
}

export interface WizardStep {
  id: string;
  route: string;
  title: string;
  kind: 'content' | 'form';
  content?: string;
  paragraphs?: string[];
  schema?: string;
  uiSchema?: string;
  buttons?: WizardButtons;
}

export interface RegistrationMapping {
  schema: string;
  context?: Record<string, string>;
  fields: Record<string, string | null>;
}

export interface WizardDefinition {
  title: string;
  steps: WizardStep[];
  registration: RegistrationMapping;
  rules: { title: string; articles: string[] };
}

export type JsonSchema = Record<string, unknown>;
export type UiSchema = Record<string, unknown>;

export interface LoadedStep extends WizardStep {
  jsonSchema?: JsonSchema;
  ui?: UiSchema;
}

export interface LoadedWizard {
  definition: WizardDefinition;
  steps: LoadedStep[];
  registrationSchema: JsonSchema;
  /** Every JSON Schema of the definition, keyed by its $id (step schemas and the registration). */
  schemasById: Record<string, JsonSchema>;
}

export type Drafts = Record<string, Record<string, unknown> | undefined>;

/**
 * Loads the definition through `readJson(pathRelativeToSchemasFolder)`: the server reads files, the
 * browser reads what Vite bundled. Both get the same object.
 */
export function loadWizard(readJson: (file: string) => unknown): LoadedWizard {
  const definition = readJson('wizard.json') as WizardDefinition;
  const schemasById: Record<string, JsonSchema> = {};
  const steps = definition.steps.map((step): LoadedStep => {
    if (step.kind !== 'form' || !step.schema) return { ...step };
    const jsonSchema = readJson(step.schema) as JsonSchema;
    schemasById[schemaId(jsonSchema, step.schema)] = jsonSchema;
    const ui = step.uiSchema ? (readJson(step.uiSchema) as UiSchema) : {};
    return { ...step, jsonSchema, ui };
  });
  const registrationSchema = readJson(definition.registration.schema) as JsonSchema;
  schemasById[schemaId(registrationSchema, definition.registration.schema)] = registrationSchema;
  return { definition, steps, registrationSchema, schemasById };
}

function schemaId(schema: JsonSchema, file: string): string {
  return typeof schema.$id === 'string' ? schema.$id : file;
}

export function formSteps(wizard: LoadedWizard): LoadedStep[] {
  return wizard.steps.filter((step) => step.kind === 'form');
}

export function stepFieldNames(step: LoadedStep): string[] {
  const properties = step.jsonSchema?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** Where a step field goes in the posted registration: a JSON pointer, or null if it is not posted. */
export function fieldTarget(definition: WizardDefinition, stepId: string, field: string): string | null {
  const key = `${stepId}/${field}`;
  if (Object.hasOwn(definition.registration.fields, key)) return definition.registration.fields[key] ?? null;
  return pointerFrom([field]);
}

/** Builds the registration form of spec §3 from the step drafts and the context (tier). */
export function buildRegistration(
  wizard: LoadedWizard,
  drafts: Drafts,
  context: Record<string, unknown>,
): Record<string, unknown> {
  const registration: Record<string, unknown> = {};
  for (const step of formSteps(wizard)) {
    const draft = drafts[step.id] ?? {};
    for (const field of stepFieldNames(step)) {
      const target = fieldTarget(wizard.definition, step.id, field);
      const value = draft[field];
      if (target !== null && value !== undefined) setAt(registration, target, value);
    }
  }
  for (const [name, target] of Object.entries(wizard.definition.registration.context ?? {})) {
    if (context[name] !== undefined) setAt(registration, target, context[name]);
  }
  return registration;
}

/** The reverse of buildRegistration for one pointer: which step field a server error belongs to. */
export function stepFieldAt(wizard: LoadedWizard, pointer: string): { stepId: string; field: string } | undefined {
  const wanted = pointerFrom(pointerTokens(pointer));
  for (const step of formSteps(wizard)) {
    for (const field of stepFieldNames(step)) {
      if (fieldTarget(wizard.definition, step.id, field) === wanted) return { stepId: step.id, field };
    }
  }
  return undefined;
}

/** Rebuilds step drafts from a registration (used to show a stored registration in its steps). */
export function draftsFromRegistration(wizard: LoadedWizard, registration: Record<string, unknown>): Drafts {
  const drafts: Drafts = {};
  for (const step of formSteps(wizard)) {
    const draft: Record<string, unknown> = {};
    for (const field of stepFieldNames(step)) {
      const target = fieldTarget(wizard.definition, step.id, field);
      const value = target === null ? undefined : getAt(registration, target);
      if (value !== undefined) draft[field] = value;
    }
    drafts[step.id] = draft;
  }
  return drafts;
}
