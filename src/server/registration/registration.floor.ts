/**
 * The floor under what is stored, applied to every registration whatever version of the
 * form it was filled in: after the version's own validation, before anything is written or queued.
 * A version that got below the floor (the checker refuses to publish one, but a version may predate
 * it) can then make a manager fix a field, never store a wrong national code or a foreign mobile,
 * and never answer 5xx because a column got no value.
 */
import type { Tier } from '../../shared/contracts/wizard-api.schemas.js';
import type { FloorRule } from '../definition-check/floor.js';
import { formats, formatShapes, type FormatName } from '../../shared/definition/formats.js';
import { getAt } from '../../shared/definition/json-pointer.js';
import { fa } from '../../shared/text/strings.fa.js';
import { fill } from '../../shared/text/persian.js';
import { declarationOf, fieldOption } from '../../shared/definition/widget-declarations.js';
import { fieldTarget, formSteps, type LoadedWizard } from '../../shared/definition/wizard-definition.js';
import { INTEGER_COLUMN } from '../db/tables.js';
import { STORED_FLOOR, type FormColumnName } from './registration.columns.js';

/** What the floor compares with that the form does not hold: the version's plans, the known cities. */
export interface FloorLists {
  tiers: readonly Tier[];
  provinceOfCity: ReadonlyMap<number, number>;
}

/** Each form column's message: typed by the column map, so a new column cannot go without one. */
const messages: Record<FormColumnName, string> = fa.floor.fields;

const shapes = Object.fromEntries(
  Object.entries(formatShapes).map(([name, pattern]) => [name, new RegExp(pattern)]),
) as Record<FormatName, RegExp>;

function fitsText(rule: FloorRule, value: string): boolean {
  // Counted as JSON Schema counts a string's length: by code points.
  const length = [...value].length;
  if (rule.maxLength !== undefined && length > rule.maxLength) return false;
  if (rule.minLength !== undefined && [...value.trim()].length < rule.minLength) return false;
  return rule.format === undefined || (shapes[rule.format].test(value) && formats[rule.format](value));
}

function fitsNumber(rule: FloorRule, value: number, lists: FloorLists): boolean {
  if (!Number.isFinite(value)) return false;
  if (rule.minimum !== undefined && value < rule.minimum) return false;
  if (rule.maximum !== undefined && value > rule.maximum) return false;
  if (rule.known === 'tier') return lists.tiers.some((tier) => tier.id === value);
  if (rule.known === 'city') return lists.provinceOfCity.has(value);
  return true;
}

function fits(rule: FloorRule, value: unknown, lists: FloorLists): boolean {
  if (value === undefined) return !rule.required;
  switch (rule.type) {
    case 'string':
      return typeof value === 'string' && fitsText(rule, value);
    case 'integer':
      return (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= INTEGER_COLUMN.min &&
        value <= INTEGER_COLUMN.max &&
        fitsNumber(rule, value, lists)
      );
    case 'number':
      return typeof value === 'number' && fitsNumber(rule, value, lists);
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/**
 * Where the version posts the province the city was chosen in (its city list's `provinceField`),
 * or null when it does not post it: the shipped form keeps the province to the browser, and the
 * server takes the city's own.
 */
export function provinceTarget(wizard: LoadedWizard, cityTarget: string): string | null {
  for (const step of formSteps(wizard)) {
    for (const [field, entry] of Object.entries(step.ui ?? {})) {
      if (fieldTarget(wizard.definition, step.id, field) !== cityTarget) continue;
      const ui = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
      const declaration = declarationOf(ui['ui:widget']);
      if (!declaration || !('provinceField' in declaration.options)) continue;
      const options = ui['ui:options'] as Record<string, unknown> | undefined;
      return fieldTarget(wizard.definition, step.id, fieldOption(declaration, options, 'provinceField'));
    }
  }
  return null;
}

/**
 * Registration pointer -> the floor's message for every stored field the registration breaks, and
 * the province of its city when the city is a known one (the `province_id` column).
 */
export function floorErrors(
  wizard: LoadedWizard,
  form: Record<string, unknown>,
  lists: FloorLists,
): { fields: Record<string, string>; provinceId: number | undefined } {
  const fields: Record<string, string> = {};
  let provinceId: number | undefined;
  for (const rule of STORED_FLOOR) {
    const value = getAt(form, rule.target);
    if (!fits(rule, value, lists)) {
      fields[rule.target] = fill(messages[rule.column as FormColumnName], { max: rule.maxLength ?? 0 });
      continue;
    }
    if (rule.known !== 'city' || typeof value !== 'number') continue;
    provinceId = lists.provinceOfCity.get(value);
    const chosenAt = provinceTarget(wizard, rule.target);
    const chosen = chosenAt === null ? undefined : getAt(form, chosenAt);
    if (chosen !== undefined && chosen !== provinceId) fields[rule.target] = fa.floor.cityOutsideProvince;
  }
  return { fields, provinceId };
}
