/**
 * How an answer reads, in Persian, from the definition alone: option titles, بله/خیر, the place's
 * name, the position as one item, Persian digits. One set of rules for the wizard's review step
 * and for the staff console's case page (the server reads a stored registration with them).
 * Which fields a widget shows how is the widget's declaration (`review` in widget-declarations.ts).
 */
import type { Locations } from '../contracts/wizard-api.schemas.js';
import { fieldSchemaOf } from './conditions.js';
import { fa } from '../text/wizard-strings.fa.js';
import { faDigits, fill } from '../text/persian.js';
import { declarationOf, ownedFields } from './widget-declarations.js';
import { stepFieldNames, type JsonSchema, type LoadedStep } from './wizard-definition.js';

export interface ReviewAnswer {
  field: string;
  label: string;
  value: string;
}

/** Field names in the order the form shows them (`ui:order`, `*` standing for the rest). */
export function fieldOrder(step: LoadedStep): string[] {
  const names = stepFieldNames(step);
  const order = step.ui?.['ui:order'];
  if (!Array.isArray(order)) return names;
  const listed = order.filter((name): name is string => typeof name === 'string');
  const rest = names.filter((name) => !listed.includes(name));
  const result: string[] = [];
  for (const name of listed) {
    if (name === '*') result.push(...rest);
    else if (names.includes(name)) result.push(name);
  }
  if (!listed.includes('*')) result.push(...rest);
  return result;
}

function uiOf(step: LoadedStep, field: string): Record<string, unknown> {
  const entry = step.ui?.[field];
  return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
}

/** How the step's widget for `field` wants its answer read (`review` of its declaration). */
export function reviewKindOf(step: LoadedStep, field: string): string | undefined {
  return declarationOf(uiOf(step, field)['ui:widget'])?.review;
}

function optionTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = Array.isArray(schema?.oneOf) ? (schema.oneOf as JsonSchema[]) : [];
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
    const review = reviewKindOf(step, field);
    if (!schema || review === 'skip' || uiOf(step, field)['ui:widget'] === 'hidden' || owned[field] !== undefined)
      continue;
    const label = typeof schema.title === 'string' ? schema.title : field;
    const value = draft[field];
    if (value === undefined || value === '') {
      answers.push({ field, label, value: fa.ui.review.empty });
      continue;
    }
    if (review === 'province' || review === 'city') {
      answers.push({ field, label, value: placeName(locations, review, value) ?? asText(value) });
      continue;
    }
    if (review === 'position') {
      const longitudeField = Object.keys(owned).find((name) => owned[name] === field);
      answers.push({ field, label, value: positionText(value, longitudeField ? draft[longitudeField] : undefined) });
      continue;
    }
    answers.push({ field, label, value: answerText(schema, value) });
  }
  return answers;
}

/** The position as one item: latitude and longitude together. */
function positionText(latitude: unknown, longitude: unknown): string {
  return fill(fa.ui.review.position, {
    latitude: Number(latitude).toFixed(5),
    longitude: Number(longitude).toFixed(5),
  });
}

/** An answer read with its field's schema: the option's title, بله/خیر, else the text (Persian digits). */
export function answerText(schema: JsonSchema | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return fa.ui.review.empty;
  if (typeof value === 'boolean') return value ? fa.ui.review.yes : fa.ui.review.no;
  return optionTitle(schema, value) ?? asText(value);
}

/** An answer with no title of its own, as the manager typed it (Persian digits). */
function asText(value: unknown): string {
  return faDigits(typeof value === 'string' ? value : JSON.stringify(value));
}
