/**
 * The rules of the step schemas that a registration's own schema cannot say, applied on the server
 * exactly as the wizard applies them: a conditional field (defined in `if`/`then`/`else` or
 * `dependencies` of its step schema) exists only while its condition holds.
 *
 * - A value for a field whose condition is false is dropped before anything else looks at it: it
 *   is never validated, hashed or stored (the wizard removes it from the draft the same way).
 * - The registration is then read back into step drafts and each step's draft is validated against
 *   its step schema (the same compiled schema, by its `$id`): a field required by a condition that
 *   holds, and missing, is refused with the field's own message at its registration pointer.
 * - A step whose `when` (wizard.json) does not hold for the earlier answers is skipped: a value for
 *   one of its fields is refused (the wizard never sends one), and its required fields are not asked.
 *   An active step's required fields are, even where the registration schema leaves them optional.
 */
import type { DefinitionValidators } from '../definition/sandbox/server-validators.js';
import { inactiveFields, type ConditionTest } from '../../shared/definition/conditions.js';
import { isPlainObject } from '../../shared/text/normalize.js';
import { activeWizard, type StepTest } from '../../shared/definition/step-conditions.js';
import { fa } from '../../shared/text/strings.fa.js';
import { errorPointer, fieldMessages } from '../../shared/definition/schema-messages.js';
import { pointerTokens } from '../../shared/definition/json-pointer.js';
import {
  draftsFromRegistration,
  fieldTarget,
  formSteps,
  type JsonSchema,
  type LoadedStep,
  type LoadedWizard,
} from '../../shared/definition/wizard-definition.js';

function stepSchemaId(step: LoadedStep): string {
  return typeof step.jsonSchema?.$id === 'string' ? step.jsonSchema.$id : (step.schema ?? step.id);
}

/**
 * A condition is a sub-schema of its step schema, applied to the step's draft: its validator was
 * generated with the version's others (src/shared/definition/validators-code.ts, serverValidatorName).
 */
function conditionTest(validators: DefinitionValidators, step: LoadedStep): ConditionTest {
  return (_schema, pointer, data) => validators.condition(stepSchemaId(step), pointer)?.(data) === true;
}

/** A step's `when`, applied to the merged answers of the earlier steps shown. */
function stepTest(validators: DefinitionValidators): StepTest {
  return (step, answers) => validators.when(step.id)?.(answers) === true;
}

/**
 * Deletes the value at `pointer`, copying only the objects on its path: the posted body may nest
 * deeper than any copy of the whole could follow (a deep clone overflows the stack on a hostile
 * body), and whatever does not match the schema is refused later anyway.
 */
function deleteAt(root: Record<string, unknown>, pointer: string): void {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop();
  let node = root;
  for (const token of tokens) {
    const child = Object.hasOwn(node, token) ? node[token] : undefined;
    if (!isPlainObject(child)) return;
    node = node[token] = { ...child };
  }
  if (last !== undefined && Object.hasOwn(node, last)) delete node[last];
}

/** A copy of the posted body without the values of conditional fields whose condition is false. */
export function dropInactiveFields(wizard: LoadedWizard, validators: DefinitionValidators, body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const drafts = draftsFromRegistration(wizard, body);
  const copy = { ...body };
  for (const step of formSteps(activeWizard(wizard, drafts, stepTest(validators)))) {
    if (!step.jsonSchema) continue;
    for (const field of inactiveFields(step.jsonSchema, drafts[step.id] ?? {}, conditionTest(validators, step))) {
      const target = fieldTarget(wizard.definition, step.id, field);
      if (target !== null) deleteAt(copy, target);
    }
  }
  return copy;
}

/**
 * Registration pointer -> Persian message for every rule of a step schema the registration breaks,
 * for the fields that are posted (a step field the wizard keeps to itself, such as the terms box,
 * is the browser's business).
 */
export function stepRuleErrors(
  wizard: LoadedWizard,
  validators: DefinitionValidators,
  registration: Record<string, unknown>,
): Record<string, string> {
  const drafts = draftsFromRegistration(wizard, registration);
  const fields: Record<string, string> = {};
  const active = activeWizard(wizard, drafts, stepTest(validators));
  for (const step of formSteps(wizard).filter((candidate) => !active.steps.includes(candidate))) {
    for (const field of Object.keys(drafts[step.id] ?? {})) {
      const target = fieldTarget(wizard.definition, step.id, field);
      if (target !== null) fields[target] = fa.validation.skippedStep;
    }
  }
  for (const step of formSteps(active)) {
    const validate = step.jsonSchema ? validators.step(stepSchemaId(step)) : undefined;
    if (!validate || validate(drafts[step.id] ?? {})) continue;
    const errors = validate.errors ?? [];
    const messages = fieldMessages(errors, step.jsonSchema as JsonSchema, wizard.schemasById);
    for (const error of errors) {
      const field = pointerTokens(errorPointer(error))[0];
      if (field === undefined) continue;
      const target = fieldTarget(wizard.definition, step.id, field);
      const message = messages[errorPointer(error)];
      if (target !== null && message && !fields[target]) fields[target] = message;
    }
  }
  return fields;
}
