/**
 * The floor under what is stored: a draft whose own rule for a stored field is looser
 * than the rule its column keeps, or that makes a stored, required answer optional, is refused
 * ('below-floor'), so the browser never accepts what the server will refuse.
 *
 * The rules themselves are the columns' (src/server/registration/registration.columns.ts) and are
 * handed in by the caller (the server, `npm run schemas:check`): src/shared may not import the
 * server, and the column map is the one place that says what each column stores. Only their shape
 * is declared here, as plain data, so the checker stays a pure function of texts and rules.
 *
 * "Looser" is decided conservatively and simply: a stored field keeps the floor's type, format,
 * pattern and normalisation word for word, keeps a maxLength (or bounds) no wider than the floor's,
 * and stays required at every level of the registration, filled by a step that is always shown.
 * A tighter rule written another way (an extra keyword, an allOf) is refused too: the editor keeps
 * the floor's keyword and adds to it.
 */
import { formatShapes, type FormatName } from '../../shared/definition/formats.js';
import { fa } from '../../shared/text/strings.fa.js';
import { isObject, isStringArray, ptr, type JsonObject } from '../../shared/definition/json.js';
import type { Folder } from './folder.js';
import { locateTarget } from './mapping.js';
import type { Problems } from './problem.js';
import { deref, type Located, type Roles } from './roles.js';

/** What one stored column asks of its value, whatever version of the form the value was filled in. */
export interface FloorRule {
  column: string;
  /** Where the posted registration holds the value (a JSON pointer). */
  target: string;
  type: 'string' | 'integer' | 'number' | 'boolean';
  /** The column has no default: every registration carries a value. */
  required: boolean;
  minLength?: number;
  maxLength?: number;
  /** A format of formats.ts: its check, and its shape (formatShapes) as the field's `pattern`. */
  format?: FormatName;
  /** How the format's values are normalised (normalize.ts): a field may repeat it, never change it. */
  normalize?: 'digits' | 'mobile';
  minimum?: number;
  maximum?: number;
  /** One of a list only the server holds (checked there): a plan of the config, a known city. */
  known?: 'tier' | 'city';
}

export type Floor = readonly FloorRule[];

const WIZARD = 'wizard.json';

/** The step field (or context value) that fills a registration pointer. */
interface Feeder {
  key: string;
  stepIndex: number;
  stepId: string;
  field: string;
  file: string;
  conditional: boolean;
}

/** Fills `{name}` without turning digits Persian: the values are JSON an editor types as written. */
function say(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export function checkFloor(folder: Folder, roles: Roles, floor: Floor, problems: Problems): void {
  const file = roles.registrationFile;
  const root = file ? folder.json.get(file) : undefined;
  if (!file || !isObject(root) || !roles.stepsUsable) return;
  const { feeders, context } = feedersOf(folder, roles);
  for (const rule of floor) {
    const feeder = feeders.get(rule.target);
    const report = (at: { file: string; pointer: string }, keep: string): void =>
      problems.add({
        code: 'below-floor',
        file: at.file,
        pointer: at.pointer,
        message: say(fa.floor.problem, { field: feeder?.key ?? rule.target, column: rule.column }),
        fix: say(fa.floor.fix, { keep }),
      });
    const found = locateTarget({ file, pointer: '', node: root }, rule.target, folder, roles);
    if (!found.property) {
      if (rule.required)
        report(
          { file, pointer: found.missing?.parentPointer ?? '' },
          say(fa.floor.keep.property, { field: rule.target, file }),
        );
      continue;
    }
    if (rule.required) {
      for (const level of found.levels) {
        if (isStringArray(level.object.required) && level.object.required.includes(level.token)) continue;
        const pointer = Array.isArray(level.object.required) ? ptr(level.pointer, 'required') : level.pointer;
        report({ file: level.file, pointer }, say(fa.floor.keep.required, { name: level.token, where: level.file }));
      }
    }
    const ruleOf = deref(found.property, folder, roles);
    // A $ref that leads nowhere, or into a file that does not parse, is reported once by its own check.
    if (unresolved(ruleOf)) continue;
    for (const [pointer, keep] of looserKeywords(rule, ruleOf)) report({ file: ruleOf.file, pointer }, keep);
    if (feeder) checkFeeder(folder, roles, rule, feeder, ruleOf, report);
    else if (rule.required && !context.has(rule.target) && allStepsRead(folder, roles))
      report(found.property, say(fa.floor.keep.askedAlways, { field: rule.target }));
  }
}

/** The step field that fills a stored field: its own rule (when not the one checked) and whether it is always asked. */
function checkFeeder(
  folder: Folder,
  roles: Roles,
  rule: FloorRule,
  feeder: Feeder,
  checked: Located,
  report: (at: { file: string; pointer: string }, keep: string) => void,
): void {
  const schema = folder.json.get(feeder.file);
  const fieldAt: Located = {
    file: feeder.file,
    pointer: ptr('/properties', feeder.field),
    node: isObject(schema) && isObject(schema.properties) ? schema.properties[feeder.field] : undefined,
  };
  const own = deref(fieldAt, folder, roles);
  if (!unresolved(own) && (own.file !== checked.file || own.pointer !== checked.pointer)) {
    for (const [pointer, keep] of looserKeywords(rule, own)) report({ file: own.file, pointer }, keep);
  }
  // Whether the step itself asks the field is the browser's business (the map's point is set by
  // its widget, not asked): the registration's "required" above is what the server holds to.
  if (!rule.required) return;
  if (feeder.conditional)
    report(
      { file: WIZARD, pointer: ptr('/steps', feeder.stepIndex, 'when') },
      say(fa.floor.keep.stepWhen, { step: feeder.stepId }),
    );
}

function unresolved(located: Located): boolean {
  return isObject(located.node) && typeof located.node.$ref === 'string';
}

/** A step whose schema could not be read feeds nothing we can see: "nothing asks it" would mislead. */
function allStepsRead(folder: Folder, roles: Roles): boolean {
  return roles.formSteps.every((step) => step.schemaFile && isObject(folder.json.get(step.schemaFile)));
}

/** The keywords of a field's rule that fall below the floor: pointer -> what to keep. */
function looserKeywords(rule: FloorRule, located: Located): Array<[string, string]> {
  const node: JsonObject = isObject(located.node) ? located.node : {};
  const at = (keyword: string): string =>
    Object.hasOwn(node, keyword) ? ptr(located.pointer, keyword) : located.pointer;
  const looser: Array<[string, string]> = [];
  const sameType = node.type === rule.type || (rule.type === 'number' && node.type === 'integer');
  if (!sameType) looser.push([at('type'), say(fa.floor.keep.type, { type: rule.type })]);
  if (rule.format) {
    if (node.format !== rule.format) looser.push([at('format'), say(fa.floor.keep.format, { format: rule.format })]);
    const pattern = formatShapes[rule.format];
    if (node.pattern !== pattern) looser.push([at('pattern'), say(fa.floor.keep.pattern, { pattern })]);
    if (node.normalize !== undefined && node.normalize !== rule.normalize)
      looser.push([at('normalize'), say(fa.floor.keep.normalize, { kind: rule.normalize ?? 'none' })]);
  }
  const atMost = (keyword: string, limit: number | undefined, needed: boolean, keep: string): void => {
    if (limit === undefined) return;
    const value = node[keyword];
    if (typeof value === 'number' ? value > limit : needed) looser.push([at(keyword), say(keep, { max: limit })]);
  };
  const atLeast = (keywords: string[], limit: number | undefined, keep: string): void => {
    if (limit === undefined) return;
    const values = keywords.map((keyword) => node[keyword]).filter((value) => typeof value === 'number');
    if (values.length === 0 || Math.max(...values) < limit) looser.push([at(keywords[0]), say(keep, { min: limit })]);
  };
  // A format's pattern fixes the length by itself; other text needs its own maxLength.
  atMost('maxLength', rule.maxLength, rule.format === undefined, fa.floor.keep.maxLength);
  if (!rule.format) atLeast(['minLength'], rule.minLength, fa.floor.keep.minLength);
  atLeast(['minimum', 'exclusiveMinimum'], rule.minimum, fa.floor.keep.minimum);
  const upper = ['maximum', 'exclusiveMaximum'].map((keyword) => node[keyword]).filter((v) => typeof v === 'number');
  if (rule.maximum !== undefined && (upper.length === 0 || Math.min(...upper) > rule.maximum))
    looser.push([at('maximum'), say(fa.floor.keep.maximum, { max: rule.maximum })]);
  return looser;
}

/** Registration pointer -> the top-level step field that fills it; and the pointers context values fill. */
function feedersOf(folder: Folder, roles: Roles): { feeders: Map<string, Feeder>; context: Set<string> } {
  const registration = isObject(roles.wizard?.registration) ? roles.wizard.registration : {};
  const fields = isObject(registration.fields) ? registration.fields : {};
  const contextMap = isObject(registration.context) ? registration.context : {};
  const context = new Set(Object.values(contextMap).filter((target) => typeof target === 'string'));
  const feeders = new Map<string, Feeder>();
  for (const step of roles.formSteps) {
    const schema = step.schemaFile ? folder.json.get(step.schemaFile) : undefined;
    if (!step.schemaFile || !isObject(schema) || !isObject(schema.properties)) continue;
    for (const field of Object.keys(schema.properties)) {
      const key = `${step.id}/${field}`;
      const target = Object.hasOwn(fields, key) ? fields[key] : ptr('', field);
      if (typeof target !== 'string' || feeders.has(target)) continue;
      feeders.set(target, {
        key,
        stepIndex: step.index,
        stepId: step.id,
        field,
        file: step.schemaFile,
        conditional: step.step.when !== undefined,
      });
    }
  }
  return { feeders, context };
}
