import { conditionalFields } from './conditions.js';
import { getAt, pointerFrom, pointerTokens, setAt } from './json-pointer.js';
import type { JsonSchema } from './json-schema.js';

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
  kind: 'content' | 'form' | 'review';
  content?: string;
  paragraphs?: string[];
  schema?: string;
  uiSchema?: string;
  buttons?: WizardButtons;
  /** JSON Schema over the earlier steps' answers: the step is shown only while it holds (step-conditions.ts). */
  when?: JsonSchema;
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

export type { JsonSchema };
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
  const written = readJson(definition.registration.schema) as JsonSchema;
  const registrationSchema = withConditionalFields(written, definition, steps);
  schemasById[schemaId(registrationSchema, definition.registration.schema)] = registrationSchema;
  return { definition, steps, registrationSchema, schemasById };
}

/**
 * The registration schema with a `$ref` for every posted conditional field it does not declare:
 * a conditional field is written in its step schema alone (its rules and its condition), and the
 * registration only has to let it through. Whether it is required, and whether it may be there at
 * all, the server decides from the step schema (src/server/registration/step-rules.ts).
 */
function withConditionalFields(
  registration: JsonSchema,
  definition: WizardDefinition,
  steps: LoadedStep[],
): JsonSchema {
  const derived = structuredClone(registration);
  for (const step of steps) {
    if (step.kind !== 'form' || !step.jsonSchema) continue;
    const stepId = schemaId(step.jsonSchema, step.schema ?? '');
    // A field asked only sometimes (inside a condition, or on a step with "when") may be absent:
    // the registration lets it through; the step schema decides on the server whether it must be there.
    const sometimes = [
      ...conditionalFields(step.jsonSchema),
      ...(step.when === undefined ? [] : plainFields(step.jsonSchema)),
    ];
    for (const field of sometimes) {
      const target = fieldTarget(definition, step.id, field.name);
      if (target === null) continue;
      const tokens = pointerTokens(target);
      const name = tokens.pop();
      const holder = objectSchemaAt(derived, tokens);
      if (!name || !holder) continue;
      const properties = (holder.properties ??= {}) as Record<string, unknown>;
      if (!Object.hasOwn(properties, name)) properties[name] = { $ref: `${stepId}#${field.pointer}` };
    }
  }
  return derived;
}

function plainFields(schema: JsonSchema): Array<{ name: string; pointer: string }> {
  const properties = schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties) : [];
  return properties.map((name) => ({ name, pointer: `/properties${pointerFrom([name])}` }));
}

/** The inline object schema that holds the properties at `tokens` (not through a $ref). */
function objectSchemaAt(schema: JsonSchema, tokens: readonly string[]): JsonSchema | undefined {
  let node: unknown = schema;
  for (const token of tokens) {
    const properties = (node as JsonSchema).properties as Record<string, unknown> | undefined;
    node = properties && Object.hasOwn(properties, token) ? properties[token] : undefined;
    if (typeof node !== 'object' || node === null) return undefined;
  }
  return node as JsonSchema;
}

function schemaId(schema: JsonSchema, file: string): string {
  return typeof schema.$id === 'string' ? schema.$id : file;
}

export function formSteps(wizard: LoadedWizard): LoadedStep[] {
  return wizard.steps.filter((step) => step.kind === 'form');
}

/** Every field of a step: its plain properties, then the fields defined inside its conditions. */
export function stepFieldNames(step: LoadedStep): string[] {
  if (!step.jsonSchema) return [];
  const properties = step.jsonSchema.properties;
  const plain = properties && typeof properties === 'object' ? Object.keys(properties) : [];
  return [...plain, ...conditionalFields(step.jsonSchema).map((field) => field.name)];
}

/** Where a step field goes in the posted registration: a JSON pointer, or null if it is not posted. */
export function fieldTarget(definition: WizardDefinition, stepId: string, field: string): string | null {
  const key = `${stepId}/${field}`;
  if (Object.hasOwn(definition.registration.fields, key)) return definition.registration.fields[key] ?? null;
  return pointerFrom([field]);
}

/** Builds the registration body (schemas/registration.schema.json) from the step drafts and the context (tier). */
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
