/**
 * The review step's answers in Persian, from the definition alone: option titles, بله/خیر, the
 * place's name, the position as text, Persian digits. Which fields a widget shows how is the
 * widget's declaration (`review` in widgets/declarations.ts).
 */
import type { Locations } from '../../shared/api-contract.js';
import { fieldSchemaOf } from '../../shared/conditions.js';
import { fa } from '../../shared/strings.fa.js';
import type { JsonSchema, LoadedStep } from '../../shared/wizard-definition.js';
import { declarationOf, ownedFields } from '../../../widgets/declarations.js';
import { fieldOrder } from '../form/errors.js';
import { faDigits, fill } from '../app/text.js';

export interface ReviewAnswer {
  field: string;
  label: string;
  value: string;
}

function uiOf(step: LoadedStep, field: string): Record<string, unknown> {
  const entry = step.ui?.[field];
  return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
}

function optionTitle(schema: JsonSchema, value: unknown): string | undefined {
  const options = Array.isArray(schema.oneOf) ? (schema.oneOf as JsonSchema[]) : [];
  const option = options.find((candidate) => candidate.const === value);
  return typeof option?.title === 'string' ? option.title : undefined;
}

function placeName(locations: Locations | undefined, kind: 'province' | 'city', value: unknown): string | undefined {
  const list: Array<{ id: number; name: string }> =
    kind === 'province' ? (locations?.provinces ?? []) : (locations?.cities ?? []);
  return list.find((place) => place.id === value)?.name;
}

/** The answers of one step, in the order the step shows its fields. */
export function reviewAnswers(
  step: LoadedStep,
  draft: Record<string, unknown>,
  locations: Locations | undefined,
): ReviewAnswer[] {
  const owned = ownedFields(step.ui);
  const answers: ReviewAnswer[] = [];
  for (const field of fieldOrder(step)) {
    const schema = step.jsonSchema ? fieldSchemaOf(step.jsonSchema, field) : undefined;
    const value = draft[field];
    const ui = uiOf(step, field);
    const review = declarationOf(ui['ui:widget'])?.review;
    if (!schema || review === 'skip' || ui['ui:widget'] === 'hidden' || owned[field] !== undefined) continue;
    const label = typeof schema.title === 'string' ? schema.title : field;
    answers.push({ field, label, value: displayValue(schema, value, review, draft, owned, field, locations) });
  }
  return answers;
}

function displayValue(
  schema: JsonSchema,
  value: unknown,
  review: string | undefined,
  draft: Record<string, unknown>,
  owned: Record<string, string>,
  field: string,
  locations: Locations | undefined,
): string {
  if (value === undefined || value === '') return fa.ui.review.empty;
  if (review === 'province' || review === 'city') return placeName(locations, review, value) ?? asText(value);
  if (review === 'position') {
    const longitudeField = Object.keys(owned).find((name) => owned[name] === field);
    const longitude = longitudeField ? draft[longitudeField] : undefined;
    return fill(fa.ui.review.position, { latitude: Number(value).toFixed(5), longitude: Number(longitude).toFixed(5) });
  }
  if (typeof value === 'boolean') return value ? fa.ui.review.yes : fa.ui.review.no;
  return optionTitle(schema, value) ?? asText(value);
}

/** An answer with no title of its own, as the manager typed it (Persian digits). */
function asText(value: unknown): string {
  return faDigits(typeof value === 'string' ? value : JSON.stringify(value));
}
