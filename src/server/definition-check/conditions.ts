/**
 * Checks of the conditions in step schemas (`if`/`then`/`else`, also inside `allOf`, and
 * `dependencies`): a condition names fields of its own step and values among their options; a
 * field defined in a branch has a Persian title (fields.ts) and its own messages, and is not also
 * a plain field of the step.
 */
import { conditionalBranches, type ConditionalBranch } from '../../shared/definition/conditions.js';
import type { Folder } from './folder.js';
import { isObject, ptr, type Json, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import type { FormStep, Roles } from './roles.js';
import { didYouMean, list, nearest, quote } from './text.js';

interface StepFields {
  step: FormStep;
  fields: JsonObject;
}

function stepFields(folder: Folder, roles: Roles): StepFields[] {
  return roles.formSteps.flatMap((step) => {
    const schema = step.schemaFile ? folder.json.get(step.schemaFile) : undefined;
    return isObject(schema) && isObject(schema.properties) ? [{ step, fields: schema.properties }] : [];
  });
}

export function checkConditions(folder: Folder, roles: Roles, problems: Problems): void {
  const all = stepFields(folder, roles);
  checkStepConditions(roles, all, problems);
  for (const { step, fields } of all) {
    const file = step.schemaFile as string;
    const root = folder.json.get(file) as JsonObject;
    const others = all.filter((other) => other.step !== step);
    for (const branch of conditionalBranches(root)) {
      checkCondition(file, branch, fields, step, others, problems);
      checkBranchFields(file, branch, fields, problems);
    }
  }
}

function checkCondition(
  file: string,
  branch: ConditionalBranch,
  fields: JsonObject,
  step: FormStep,
  others: StepFields[],
  problems: Problems,
): void {
  const condition = branch.condition;
  if (condition.kind === 'present') {
    if (!Object.hasOwn(fields, condition.field)) {
      reportUnknownField(
        file,
        branch.pointer.replace(/\/dependencies\/.*$/, '/dependencies'),
        condition.field,
        fields,
        step,
        others,
        problems,
      );
    }
    return;
  }
  const ifSchema = condition.schema as JsonObject;
  const properties = isObject(ifSchema.properties) ? ifSchema.properties : {};
  const required = Array.isArray(ifSchema.required)
    ? ifSchema.required.filter((name): name is string => typeof name === 'string')
    : [];
  for (const [name, test] of Object.entries(properties)) {
    const at = ptr(condition.pointer, 'properties', name);
    if (!Object.hasOwn(fields, name)) {
      reportUnknownField(file, at, name, fields, step, others, problems);
      continue;
    }
    if (isObject(test)) checkValues(file, at, name, test, fields[name], problems);
    if (!required.includes(name)) {
      problems.add({
        code: 'condition-not-required',
        level: 'warning',
        file,
        pointer: at,
        message: `The condition tests "${name}" but does not list it in the condition's "required", so it also holds while "${name}" is still empty.`,
        fix: `Add "required": ["${name}"] next to "properties" in the condition (${condition.pointer}).`,
      });
    }
  }
  required.forEach((name, index) => {
    if (!Object.hasOwn(fields, name) && !Object.hasOwn(properties, name)) {
      reportUnknownField(file, ptr(condition.pointer, 'required', index), name, fields, step, others, problems);
    }
  });
}

function reportUnknownField(
  file: string,
  pointer: string,
  name: string,
  fields: JsonObject,
  step: FormStep,
  others: StepFields[],
  problems: Problems,
): void {
  const owner = others.find((other) => Object.hasOwn(other.fields, name));
  if (owner) {
    const later = owner.step.index > step.index;
    problems.add({
      code: later ? 'condition-later-field' : 'condition-other-step-field',
      file,
      pointer,
      message: later
        ? `The condition looks at "${name}", a field of the later step "${owner.step.id}": it is not answered yet when step "${step.id}" is filled in.`
        : `The condition looks at "${name}", a field of step "${owner.step.id}"; a field's condition sees only the answers of its own step ("${step.id}").`,
      fix: later
        ? `Test a field of "${step.id}" or of an earlier step instead, or move this field to a step after "${owner.step.id}".`
        : `To show a whole step only for some answers of "${owner.step.id}", give that step a "when" in wizard.json; or move "${name}" into step "${step.id}".`,
    });
    return;
  }
  problems.add({
    code: 'condition-unknown-field',
    file,
    pointer,
    message: `The condition looks at "${name}", which is not a field of this step.${didYouMean(name, Object.keys(fields))}`,
    fix: `Use the name of one of the fields in "properties": ${list(Object.keys(fields))}.`,
  });
}

/** Options of a field: oneOf consts with their titles, or enum values. */
function optionsOf(field: Json | undefined): Array<{ value: Json; title?: string }> | undefined {
  if (!isObject(field)) return undefined;
  if (Array.isArray(field.oneOf)) {
    return field.oneOf
      .filter(isObject)
      .filter((option) => 'const' in option)
      .map((option) => ({
        value: option.const,
        title: typeof option.title === 'string' ? option.title : undefined,
      }));
  }
  if (Array.isArray(field.enum)) return field.enum.map((value) => ({ value }));
  if (field.type === 'boolean') return [{ value: true }, { value: false }];
  return undefined;
}

function checkValues(
  file: string,
  pointer: string,
  name: string,
  test: JsonObject,
  field: Json | undefined,
  problems: Problems,
): void {
  const options = optionsOf(field);
  if (!options) return;
  const tested: Array<[string, Json]> = [];
  if ('const' in test) tested.push([ptr(pointer, 'const'), test.const]);
  if (Array.isArray(test.enum)) test.enum.forEach((value, index) => tested.push([ptr(pointer, 'enum', index), value]));
  const values = new Set(options.map((option) => JSON.stringify(option.value)));
  const missing = tested.filter(([, value]) => !values.has(JSON.stringify(value)));
  if (missing.length === 0) return;
  const described = options
    .map((option) =>
      option.title ? `${JSON.stringify(option.value)} (${option.title})` : JSON.stringify(option.value),
    )
    .join(', ');
  const titles = options.flatMap((option) => (option.title ? [option.title] : []));
  const unquoted = (value: Json): string => quote(value).replace(/"/g, '');
  const byUnquoted = new Map<string, (typeof options)[number]>();
  for (const option of options)
    if (!byUnquoted.has(unquoted(option.value))) byUnquoted.set(unquoted(option.value), option);
  for (const [at, value] of missing) {
    // Past the problems a check lists, guessing what was meant for each value only costs time.
    if (problems.full) return;
    const title = typeof value === 'string' ? (titles.includes(value) ? value : nearest(value, titles)) : undefined;
    const byTitle = title === undefined ? undefined : options.find((option) => option.title === title);
    const guess = byTitle ?? byUnquoted.get(unquoted(value));
    problems.add({
      code: 'condition-not-an-option',
      file,
      pointer: at,
      message:
        `The condition compares "${name}" with ${quote(value)}, which is not one of its options, so it never holds.` +
        (guess ? ` Did you mean ${JSON.stringify(guess.value)}${guess.title ? ` (${guess.title})` : ''}?` : ''),
      fix: `Use the option's value ("const"), not its title: one of ${described}.`,
    });
  }
}

function checkBranchFields(file: string, branch: ConditionalBranch, fields: JsonObject, problems: Problems): void {
  for (const [name, field] of Object.entries(branch.properties)) {
    const at = ptr(branch.pointer, 'properties', name);
    if (Object.hasOwn(fields, name)) {
      problems.add({
        code: 'field-plain-and-conditional',
        file,
        pointer: at,
        message: `"${name}" is a plain field of the step (in "properties") and is defined again inside a condition; it is unclear whether it is always asked.`,
        fix: `Keep one: remove "${name}" from the top-level "properties" (and "required") to ask it only while the condition holds, or remove it from the branch.`,
      });
      continue;
    }
    if (!isObject(field)) continue;
    const required = branch.required.includes(name);
    const spec = field.errorMessage;
    const hasRequiredMessage =
      typeof spec === 'string' ||
      (isObject(spec) && (typeof spec.required === 'string' || typeof spec.default === 'string'));
    if (spec === undefined || (required && !hasRequiredMessage)) {
      problems.add({
        code: 'conditional-field-messages',
        file,
        pointer: at,
        message: `The conditional field "${name}" has no Persian ${spec === undefined ? 'messages' : '"required" message'}; the manager would see a general message, without the field's name, when it blocks the step.`,
        fix: `Add "errorMessage": { "required": "لطفاً … را بنویسید." } (and one per rule it has) to "${name}".`,
      });
    }
  }
}

const WIZARD = 'wizard.json';

/**
 * Steps with "when" in wizard.json: the condition reads the answers of earlier steps only, names
 * their fields and values among their options, and leaves a way to finish the wizard.
 */
function checkStepConditions(roles: Roles, all: StepFields[], problems: Problems): void {
  roles.steps.forEach((step, index) => {
    const when = step.when;
    if (!isObject(when)) return;
    const id = typeof step.id === 'string' ? step.id : `#${index + 1}`;
    const at = ptr('/steps', index, 'when');
    const earlier = all.filter((other) => other.step.index < index);
    const earlierFields: JsonObject = {};
    for (const other of earlier) Object.assign(earlierFields, other.fields);
    if (isObject(step.buttons) && typeof step.buttons.submit === 'string') {
      problems.add({
        code: 'step-condition-submit',
        file: WIZARD,
        pointer: at,
        message: `Step "${id}" sends the registration, so skipping it would leave the manager no way to finish.`,
        fix: 'Remove "when" from this step, or put the condition on a step before it.',
      });
    }
    if (earlier.length === 0) {
      problems.add({
        code: 'step-never-shown',
        file: WIZARD,
        pointer: at,
        message: `Step "${id}" has a condition, but no form step comes before it, so there are no answers for it to look at: it would never be shown.`,
        fix: 'Move the step after the step whose answers decide it, or remove "when".',
      });
      return;
    }
    const properties = isObject(when.properties) ? when.properties : {};
    const required = Array.isArray(when.required)
      ? when.required.filter((name): name is string => typeof name === 'string')
      : [];
    const named = new Set([...Object.keys(properties), ...required]);
    for (const name of named) {
      const pointer = Object.hasOwn(properties, name)
        ? ptr(at, 'properties', name)
        : ptr(at, 'required', required.indexOf(name));
      if (Object.hasOwn(earlierFields, name)) {
        const test = properties[name];
        if (isObject(test)) checkValues(WIZARD, pointer, name, test, earlierFields[name], problems);
        continue;
      }
      const owner = all.find((other) => Object.hasOwn(other.fields, name));
      problems.add(
        owner
          ? {
              code: 'step-condition-forward',
              file: WIZARD,
              pointer,
              message: `The condition of step "${id}" looks at "${name}", a field of ${owner.step.index === index ? 'the step itself' : `the later step "${owner.step.id}"`}; a step's condition may only look at earlier steps, whose answers are known when it is reached.`,
              fix: `Test a field of a step before "${id}" (${list(Object.keys(earlierFields))}), or move "${id}" after "${owner.step.id}".`,
            }
          : {
              code: 'step-condition-unknown-field',
              file: WIZARD,
              pointer,
              message: `The condition of step "${id}" looks at "${name}", which is not a field of any earlier step.${didYouMean(name, Object.keys(earlierFields))}`,
              fix: `Use the name of a field of an earlier step: ${list(Object.keys(earlierFields))}.`,
            },
      );
    }
  });
}
