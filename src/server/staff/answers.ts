import type { Locations, Tier } from '../../shared/contracts/wizard-api.schemas.js';
import { pointerFrom, pointerTokens } from '../../shared/definition/json-pointer.js';
import { answerText, reviewAnswers, reviewKindOf } from '../../shared/definition/review-display.js';
import type { CaseAnswer } from '../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../shared/text/console-strings.fa.js';
import {
  draftsFromRegistration,
  fieldTarget,
  formSteps,
  stepFieldNames,
  type JsonSchema,
  type LoadedStep,
  type LoadedWizard,
} from '../../shared/definition/wizard-definition.js';

/** What a registration is read against: the definition of its version, and the places and plans. */
export interface CaseReading {
  wizard: LoadedWizard;
  /** The registration schema of the version (titles of fields the steps no longer have). */
  registrationSchema: JsonSchema;
  tiers: readonly Tier[];
  locations: Locations;
}

/** Where the province goes among the answers: it is derived from the city, never posted. */
const PROVINCE_PATH = '/provinceId';

/**
 * A registration's answers as a colleague reads them, with the wizard review step's own rules
 * (src/shared/definition/review-display.ts), step by step in the order the wizard shows them: the plan by its
 * title, the province and city by name, options by title, بله/خیر, the position as one item. A
 * field the version's steps do not know (since removed) still shows, under its schema title.
 */
export function caseAnswers(reading: CaseReading, payload: Record<string, unknown>, provinceId: number): CaseAnswer[] {
  const { wizard } = reading;
  const answers: CaseAnswer[] = [];
  const shown = new Set<string>();
  for (const [name, target] of Object.entries(wizard.definition.registration.context ?? {})) {
    shown.add(target);
    if (name === 'tier')
      answers.push({ path: target, title: faConsole.staff.plan, value: tierTitle(reading, payload.tier) });
  }
  const drafts = draftsFromRegistration(wizard, payload);
  for (const step of formSteps(wizard).map((formStep) => stepAsOf(formStep, reading))) {
    const draft = { ...drafts[step.id] };
    for (const field of stepFieldNames(step)) {
      // The province is not posted (the server derives it from the city): read it from the case.
      if (reviewKindOf(step, field) === 'province' && draft[field] === undefined) draft[field] = provinceId;
    }
    for (const answer of reviewAnswers(step, draft, reading.locations)) {
      const target = fieldTarget(wizard.definition, step.id, answer.field);
      const path = target ?? (reviewKindOf(step, answer.field) === 'province' ? PROVINCE_PATH : undefined);
      if (path === undefined) continue;
      shown.add(path);
      answers.push({ path, title: answer.label, value: answer.value });
    }
    for (const field of stepFieldNames(step)) {
      const target = fieldTarget(wizard.definition, step.id, field);
      if (target !== null) shown.add(target);
    }
  }
  answers.push(...unshownAnswers(payload, reading.registrationSchema, shown));
  return answers;
}

/**
 * A step with each posted field as the version's registration schema has it (its title and
 * options then); a field that version did not have is left out, and a payload leaf the steps do
 * not show is listed after them.
 */
function stepAsOf(step: LoadedStep, reading: CaseReading): LoadedStep {
  const properties = step.jsonSchema?.properties as Record<string, JsonSchema> | undefined;
  if (!step.jsonSchema || !properties) return step;
  const asOf: Record<string, JsonSchema> = {};
  for (const [field, node] of Object.entries(properties)) {
    const target = fieldTarget(reading.wizard.definition, step.id, field);
    if (target === null) {
      asOf[field] = node;
      continue;
    }
    const versioned = schemaAt(reading.registrationSchema, target);
    if (versioned) asOf[field] = versioned;
  }
  return { ...step, jsonSchema: { ...step.jsonSchema, properties: asOf } };
}

function schemaAt(schema: JsonSchema, pointer: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const token of pointerTokens(pointer)) node = propertyOf(node, token);
  return node;
}

function tierTitle(reading: CaseReading, tier: unknown): string {
  const found = reading.tiers.find((candidate) => candidate.id === tier);
  return found ? found.title : answerText(undefined, tier);
}

/** Payload leaves no step shows (a field since removed), titled by the version's registration schema. */
function unshownAnswers(
  payload: Record<string, unknown>,
  schema: JsonSchema | undefined,
  shown: ReadonlySet<string>,
  tokens: string[] = [],
): CaseAnswer[] {
  const answers: CaseAnswer[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const node = propertyOf(schema, key);
    const path = pointerFrom([...tokens, key]);
    if (shown.has(path)) continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      answers.push(...unshownAnswers(value as Record<string, unknown>, node, shown, [...tokens, key]));
      continue;
    }
    answers.push({ path, title: typeof node?.title === 'string' ? node.title : key, value: answerText(node, value) });
  }
  return answers;
}

function propertyOf(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const properties = schema?.properties as Record<string, JsonSchema> | undefined;
  return properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
}
