/**
 * What changed between two versions of the definition, in words a product-staff member reads
 * before publishing: steps added, removed, shown only sometimes or always; fields, options and
 * messages added, removed or changed; plans; and any other file that changed. Pure (the server
 * answers it, the console could compute it too).
 */
import type { ChangeSubject } from '../../shared/contracts/definition.js';
import type { DefinitionChange } from '../../shared/contracts/definition.schemas.js';
import { conditionalFields } from '../../shared/definition/conditions.js';
import type { DefinitionFiles } from '../../shared/definition/definition-files.js';
import { pointerFrom } from '../../shared/definition/json-pointer.js';
import { faConsole } from '../../shared/text/console-strings.fa.js';
import { fill } from '../../shared/text/persian.js';
import {
  loadWizard,
  type JsonSchema,
  type LoadedStep,
  type LoadedWizard,
} from '../../shared/definition/wizard-definition.js';

type ChangeKind = DefinitionChange['kind'];

const words = faConsole.definitionDiff;

export function describeChanges(before: DefinitionFiles, after: DefinitionFiles): DefinitionChange[] {
  const changes: DefinitionChange[] = [];
  const wizards = { before: readable(before), after: readable(after) };
  const explained = new Set<string>();
  if (wizards.before && wizards.after) {
    compareWizards(wizards.before, wizards.after, changes);
    for (const step of [...wizards.before.steps, ...wizards.after.steps]) {
      if (step.schema) explained.add(step.schema);
      if (step.uiSchema) explained.add(step.uiSchema);
    }
    explained.add('wizard.json');
  }
  comparePlans(before['register-config.json'], after['register-config.json'], changes);
  explained.add('register-config.json');
  // Anything else that changed and no sentence above says (a file added or removed, the registration schema…).
  for (const file of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const was = before[file];
    const is = after[file];
    if (sameJson(was, is)) continue;
    const said = changes.some((change) => change.file === file);
    if (said && explained.has(file)) continue;
    if (was === undefined) changes.push(change('added', 'file', file, '', fill(words.fileAdded, { file })));
    else if (is === undefined) changes.push(change('removed', 'file', file, '', fill(words.fileRemoved, { file })));
    else if (!said) changes.push(change('changed', 'file', file, '', fill(words.fileChanged, { file })));
  }
  return changes;
}

function readable(files: DefinitionFiles): LoadedWizard | undefined {
  try {
    return loadWizard((path) => {
      const key = path.replace(/^\.\//, '');
      if (!Object.hasOwn(files, key)) throw new Error(`missing ${key}`);
      return files[key];
    });
  } catch {
    return undefined; // a draft that cannot be read yet: only its files are compared
  }
}

function compareWizards(before: LoadedWizard, after: LoadedWizard, changes: DefinitionChange[]): void {
  const was = before.definition;
  const is = after.definition;
  if (was.title !== is.title)
    changes.push(
      change('changed', 'text', 'wizard.json', '/title', fill(words.wizardTitle, { from: was.title, to: is.title })),
    );
  if (!sameJson(was.rules, is.rules)) changes.push(change('changed', 'text', 'wizard.json', '/rules', words.rules));
  const beforeSteps = new Map(before.steps.map((step) => [step.id, step]));
  const afterIds = new Set(after.steps.map((step) => step.id));
  after.steps.forEach((step, index) => {
    const pointer = `/steps/${index}`;
    const old = beforeSteps.get(step.id);
    if (!old) {
      changes.push(change('added', 'step', 'wizard.json', pointer, fill(words.stepAdded, { step: step.title })));
      return;
    }
    compareStep(old, step, pointer, changes);
  });
  for (const step of before.steps) {
    if (!afterIds.has(step.id))
      changes.push(change('removed', 'step', 'wizard.json', '', fill(words.stepRemoved, { step: step.title })));
  }
  if (
    !sameJson(
      before.steps.map((s) => s.id).filter((id) => afterIds.has(id)),
      after.steps.map((s) => s.id).filter((id) => beforeSteps.has(id)),
    )
  )
    changes.push(change('changed', 'step', 'wizard.json', '/steps', words.stepOrder));
}

function compareStep(old: LoadedStep, step: LoadedStep, pointer: string, changes: DefinitionChange[]): void {
  const name = { step: step.title };
  if (old.title !== step.title)
    changes.push(
      change(
        'changed',
        'step',
        'wizard.json',
        `${pointer}/title`,
        fill(words.stepTitle, { from: old.title, to: step.title }),
      ),
    );
  if (old.when === undefined && step.when !== undefined)
    changes.push(change('changed', 'step', 'wizard.json', `${pointer}/when`, fill(words.stepSometimes, name)));
  else if (old.when !== undefined && step.when === undefined)
    changes.push(change('changed', 'step', 'wizard.json', pointer, fill(words.stepAlways, name)));
  else if (!sameJson(old.when, step.when))
    changes.push(change('changed', 'step', 'wizard.json', `${pointer}/when`, fill(words.stepWhen, name)));
  const texts = ['content', 'paragraphs', 'buttons', 'kind', 'route'] as const;
  if (texts.some((key) => !sameJson(old[key], step[key])))
    changes.push(change('changed', 'text', 'wizard.json', pointer, fill(words.stepText, name)));
  if (step.kind === 'form' && step.jsonSchema) compareFields(old, step, changes);
}

interface Field {
  name: string;
  pointer: string;
  schema: JsonSchema;
  required: boolean;
  sometimes: boolean;
}

function fieldsOf(step: LoadedStep): Map<string, Field> {
  const schema = step.jsonSchema ?? {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const fields = new Map<string, Field>();
  for (const [name, field] of Object.entries(properties)) {
    if (isObject(field))
      fields.set(name, {
        name,
        pointer: `/properties${pointerFrom([name])}`,
        schema: field,
        required: required.has(name),
        sometimes: false,
      });
  }
  for (const field of conditionalFields(schema)) fields.set(field.name, { ...field, required: false, sometimes: true });
  return fields;
}

function compareFields(old: LoadedStep, step: LoadedStep, changes: DefinitionChange[]): void {
  const file = step.schema ?? '';
  const was = old.jsonSchema ? fieldsOf(old) : new Map<string, Field>();
  const is = fieldsOf(step);
  for (const [name, field] of is) {
    const label = { field: titleOf(field), step: step.title };
    const before = was.get(name);
    if (!before) {
      changes.push(
        change(
          'added',
          'field',
          file,
          field.pointer,
          fill(field.sometimes ? words.fieldAddedSometimes : words.fieldAdded, label),
        ),
      );
      continue;
    }
    compareField(before, field, file, label, changes);
    compareDisplay(old.ui?.[name], step.ui?.[name], step.uiSchema ?? '', name, label, changes);
  }
  const stepDisplay = (ui: Record<string, unknown> | undefined): Record<string, unknown> =>
    Object.fromEntries(Object.entries(ui ?? {}).filter(([key]) => key.startsWith('ui:')));
  if (!sameJson(stepDisplay(old.ui), stepDisplay(step.ui)))
    changes.push(change('changed', 'display', step.uiSchema ?? '', '', fill(words.stepDisplay, { step: step.title })));
  for (const [name, field] of was) {
    if (!is.has(name))
      changes.push(
        change('removed', 'field', file, '', fill(words.fieldRemoved, { field: titleOf(field), step: step.title })),
      );
  }
}

function compareField(
  before: Field,
  field: Field,
  file: string,
  label: { field: string; step: string },
  changes: DefinitionChange[],
): void {
  const at = field.pointer;
  if (before.schema.title !== field.schema.title)
    changes.push(
      change(
        'changed',
        'field',
        file,
        `${at}/title`,
        fill(words.fieldTitle, { ...label, from: titleOf(before), to: titleOf(field) }),
      ),
    );
  if (before.required !== field.required)
    changes.push(
      change('changed', 'rule', file, at, fill(field.required ? words.fieldRequired : words.fieldOptional, label)),
    );
  if (before.sometimes !== field.sometimes)
    changes.push(
      change(
        'changed',
        'rule',
        file,
        at,
        fill(field.sometimes ? words.fieldNowSometimes : words.fieldNowAlways, label),
      ),
    );
  compareOptions(before.schema, field.schema, file, at, label, changes);
  compareMessages(before.schema, field.schema, file, at, label, changes);
  const rules = new Set([...Object.keys(before.schema), ...Object.keys(field.schema)]);
  for (const rule of ['title', 'oneOf', 'enum', 'errorMessage', 'description']) rules.delete(rule);
  for (const rule of [...rules].sort()) {
    if (!sameJson(before.schema[rule], field.schema[rule]))
      changes.push(
        change('changed', 'rule', file, `${at}${pointerFrom([rule])}`, fill(words.fieldRule, { ...label, rule })),
      );
  }
  if (!sameJson(before.schema.description, field.schema.description))
    changes.push(change('changed', 'message', file, at, fill(words.fieldDescription, label)));
}

/** Options of a field: `oneOf` with const and title, or a plain `enum`. */
function optionsOf(schema: JsonSchema): Map<string, string> {
  const options = new Map<string, string>();
  if (Array.isArray(schema.oneOf)) {
    for (const option of schema.oneOf) {
      if (isObject(option) && 'const' in option)
        options.set(JSON.stringify(option.const), String(option.title ?? option.const));
    }
  }
  if (Array.isArray(schema.enum)) for (const value of schema.enum) options.set(JSON.stringify(value), String(value));
  return options;
}

function compareOptions(
  before: JsonSchema,
  after: JsonSchema,
  file: string,
  at: string,
  label: { field: string; step: string },
  changes: DefinitionChange[],
): void {
  const said = (kind: ChangeKind, text: string) => changes.push(change(kind, 'option', file, at, text));
  eachDifference(optionsOf(before), optionsOf(after), {
    added: (_, option) => said('added', fill(words.optionAdded, { ...label, option })),
    changed: (_, from, to) => said('changed', fill(words.optionRenamed, { ...label, from, to })),
    removed: (_, option) => said('removed', fill(words.optionRemoved, { ...label, option })),
  });
}

/** A field's messages by keyword ("" when one message stands for every keyword). */
function messagesOf(schema: JsonSchema): Map<string, string> {
  const message = schema.errorMessage;
  if (typeof message === 'string') return new Map([['', message]]);
  if (!isObject(message)) return new Map();
  return new Map(Object.entries(message).map(([keyword, text]) => [keyword, JSON.stringify(text)]));
}

function compareMessages(
  before: JsonSchema,
  after: JsonSchema,
  file: string,
  at: string,
  label: { field: string; step: string },
  changes: DefinitionChange[],
): void {
  const pointer = `${at}/errorMessage`;
  const named = (keyword: string) => ({ ...label, keyword: keyword || words.everyRule });
  const said = (kind: ChangeKind, text: string) => changes.push(change(kind, 'message', file, pointer, text));
  eachDifference(messagesOf(before), messagesOf(after), {
    added: (keyword) => said('added', fill(words.messageAdded, named(keyword))),
    changed: (keyword) => said('changed', fill(words.messageChanged, named(keyword))),
    removed: (keyword) => said('removed', fill(words.messageRemoved, named(keyword))),
  });
}

/** Walks two keyed maps: each key only in the second is added, only in the first removed, in both with another value changed. */
function eachDifference<V>(
  was: Map<string, V>,
  is: Map<string, V>,
  report: {
    added(key: string, value: V): void;
    changed(key: string, from: V, to: V): void;
    removed(key: string, value: V): void;
  },
): void {
  for (const [key, value] of is) {
    const old = was.get(key);
    if (!was.has(key)) report.added(key, value);
    else if (old !== value) report.changed(key, old as V, value);
  }
  for (const [key, value] of was) if (!is.has(key)) report.removed(key, value);
}

function compareDisplay(
  before: unknown,
  after: unknown,
  file: string,
  name: string,
  label: { field: string; step: string },
  changes: DefinitionChange[],
): void {
  if (!sameJson(before, after))
    changes.push(change('changed', 'display', file, pointerFrom([name]), fill(words.fieldDisplay, label)));
}

function comparePlans(before: unknown, after: unknown, changes: DefinitionChange[]): void {
  const file = 'register-config.json';
  if (!isObject(before) || !isObject(after) || sameJson(before, after)) return;
  const tiers = (config: Record<string, unknown>): Map<string, string> =>
    new Map(
      (Array.isArray(config.tiers) ? config.tiers : [])
        .filter(isObject)
        .map((tier) => [JSON.stringify(tier.id), String(tier.title)]),
    );
  const was = tiers(before);
  const is = tiers(after);
  for (const [id, title] of is) {
    const old = was.get(id);
    if (old === undefined)
      changes.push(change('added', 'plan', file, '/tiers', fill(words.planAdded, { plan: title })));
    else if (old !== title)
      changes.push(change('changed', 'plan', file, '/tiers', fill(words.planRenamed, { from: old, to: title })));
  }
  for (const [id, title] of was)
    if (!is.has(id)) changes.push(change('removed', 'plan', file, '/tiers', fill(words.planRemoved, { plan: title })));
  if (before.defaultTier !== after.defaultTier)
    changes.push(change('changed', 'plan', file, '/defaultTier', words.defaultPlan));
  if (!sameJson(before.map, after.map)) changes.push(change('changed', 'text', file, '/map', words.map));
}

function titleOf(field: Field): string {
  return typeof field.schema.title === 'string' ? field.schema.title : field.name;
}

function change(
  kind: ChangeKind,
  subject: ChangeSubject,
  file: string,
  pointer: string,
  text: string,
): DefinitionChange {
  return { kind, subject, file, pointer, words: text };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
