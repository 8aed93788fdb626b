/**
 * Checks wizard.json's "registration" mapping against registration.schema.json: every posted step
 * field has a property at its target (following $refs), is required there when its step requires it,
 * and that property refers to the same field; every mapping key names a real step and field; every
 * registration property is fed by a step field or a context value.
 */
import { relativePath, type Folder } from './folder.js';
import { isObject, isStringArray, pointerTokens, ptr, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import { deref, resolveRef, type Located, type Roles } from './roles.js';
import { didYouMean, list } from './text.js';

const WIZARD = 'wizard.json';

export interface Found {
  /** Each object on the way, with the property taken from it. */
  levels: Array<{ file: string; pointer: string; object: JsonObject; token: string }>;
  /** The property as written (before following its $ref). */
  property?: Located;
  /** Where the property should be added when it is missing. */
  missing?: { file: string; pointer: string; parentPointer: string; token: string; notObject: boolean };
}

interface Source {
  label: string; // "pharmacy-info/name" or "context tier"
  file: string; // where the mapping is written, for problems about the mapping itself
  pointer: string;
}

export function checkMapping(folder: Folder, roles: Roles, problems: Problems): void {
  const wizard = roles.wizard;
  const registration = isObject(wizard?.registration) ? wizard.registration : undefined;
  const regFile = roles.registrationFile;
  if (!registration || !regFile || !isObject(folder.json.get(regFile)) || !roles.stepsUsable) return;
  if (registration.fields !== undefined && !isObject(registration.fields)) return; // reported by the meta-schema check
  const fields = isObject(registration.fields) ? registration.fields : {};
  const context = isObject(registration.context) ? registration.context : {};
  const root: Located = { file: regFile, pointer: '', node: folder.json.get(regFile) };
  const locate = (target: string): Found => locateTarget(root, target, folder, roles);
  const ids = roles.steps.map((s) => s.id);
  if (ids.some((id, index) => ids.indexOf(id) !== index)) return; // two steps share an id: fix that first (reported by the step checks)

  checkKeys(fields, folder, roles, problems);

  const targets = new Map<string, Source>();
  const claim = (target: string, source: Source): void => {
    const earlier = targets.get(target);
    if (!earlier) {
      targets.set(target, source);
      return;
    }
    problems.add({
      code: 'mapping-collision',
      file: source.file,
      pointer: source.pointer,
      message: `${source.label} and ${earlier.label} are both posted at ${target}; one would overwrite the other.`,
      fix: `Map one of them elsewhere in wizard.json "registration" → "fields" (or to null if it is not posted).`,
    });
  };

  for (const [name, target] of Object.entries(context)) {
    if (typeof target !== 'string') continue;
    const source = { label: `the context value "${name}"`, file: WIZARD, pointer: ptr('/registration/context', name) };
    claim(target, source);
    const found = locate(target);
    if (found.missing) {
      problems.add({
        code: 'mapping-target',
        file: WIZARD,
        pointer: source.pointer,
        message: `The context value "${name}" goes to ${target}, but ${regFile} has no property there.`,
        fix: `Add the property to ${regFile}, or correct the pointer.`,
      });
    }
  }

  for (const step of roles.formSteps) {
    const schema = step.schemaFile ? folder.json.get(step.schemaFile) : undefined;
    if (!isObject(schema) || !isObject(schema.properties) || !step.schemaFile) continue;
    const stepRequired = isStringArray(schema.required) ? schema.required : [];
    // A step shown only sometimes ("when") may be absent: the registration lets its fields through
    // by themselves (derived from the step schema), and the server asks them only when it is shown.
    const sometimes = step.step.when !== undefined;
    for (const field of Object.keys(schema.properties)) {
      const key = `${step.id}/${field}`;
      const explicit = Object.hasOwn(fields, key);
      const target = explicit ? fields[key] : ptr('', field);
      if (typeof target !== 'string') continue; // null: not posted
      const source: Source = explicit
        ? { label: `field "${key}"`, file: WIZARD, pointer: ptr('/registration/fields', key) }
        : { label: `field "${key}"`, file: step.schemaFile, pointer: ptr('/properties', field) };
      claim(target, source);
      const found = locate(target);
      const expectedRef = `${relativePath(regFile, step.schemaFile)}#/properties/${field}`;
      if (found.missing && sometimes) continue;
      if (found.missing) {
        reportMissing(key, field, target, explicit, expectedRef, stepRequired.includes(field), found.missing, problems);
        continue;
      }
      if (stepRequired.includes(field) && !sometimes) reportOptional(key, target, found, regFile, problems);
      reportRef(
        key,
        target,
        found,
        { file: step.schemaFile, pointer: ptr('/properties', field) },
        expectedRef,
        folder,
        roles,
        problems,
      );
    }
  }

  // A step whose schema could not be read feeds nothing we can see: judging "unfed" then would mislead.
  const allStepsRead = roles.formSteps.every((s) => s.schemaFile && isObject(folder.json.get(s.schemaFile)));
  if (allStepsRead) reportUnfed(deref(root, folder, roles), '', new Set(targets.keys()), folder, roles, problems, 0);
}

/** Where a registration pointer leads in the registration schema, following $refs (the floor's checks read it too). */
export function locateTarget(root: Located, target: string, folder: Folder, roles: Roles): Found {
  const levels: Found['levels'] = [];
  let current = deref(root, folder, roles);
  let property: Located | undefined;
  for (const token of pointerTokens(target)) {
    const object = current.node;
    const properties = isObject(object) ? object.properties : undefined;
    if (!isObject(object) || !isObject(properties) || !Object.hasOwn(properties, token)) {
      return {
        levels,
        missing: {
          file: current.file,
          pointer: ptr(current.pointer, 'properties', token),
          parentPointer: current.pointer,
          token,
          notObject: !isObject(properties),
        },
      };
    }
    levels.push({ file: current.file, pointer: current.pointer, object, token });
    property = { file: current.file, pointer: ptr(current.pointer, 'properties', token), node: properties[token] };
    current = deref(property, folder, roles);
  }
  return { levels, property };
}

/** Mapping keys must name a form step and one of its fields. */
function checkKeys(fields: JsonObject, folder: Folder, roles: Roles, problems: Problems): void {
  const stepIds = roles.steps.map((s) => s.id).filter((id): id is string => typeof id === 'string');
  for (const key of Object.keys(fields)) {
    const slash = key.indexOf('/');
    if (slash < 0) continue; // the meta-schema check reports the form of the key
    const stepId = key.slice(0, slash);
    const field = key.slice(slash + 1);
    const pointer = ptr('/registration/fields', key);
    const step = roles.formSteps.find((s) => s.id === stepId);
    if (!step) {
      const isContent = stepIds.includes(stepId);
      problems.add({
        code: 'mapping-key',
        file: WIZARD,
        pointer,
        message: isContent
          ? `The mapping key "${key}" names step "${stepId}", which is a content step and has no fields.`
          : `The mapping key "${key}" names no step: there is no step with the id "${stepId}".${didYouMean(stepId, stepIds)}`,
        fix: `Write the key as "stepId/fieldName" with the id of a form step: ${list(new Set(roles.formSteps.map((s) => s.id)))}.`,
      });
      continue;
    }
    const schema = step.schemaFile ? folder.json.get(step.schemaFile) : undefined;
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const names = Object.keys(schema.properties);
    if (names.includes(field)) continue;
    problems.add({
      code: 'mapping-key',
      file: WIZARD,
      pointer,
      message: `The mapping key "${key}" names no field: step "${stepId}" (${step.schemaFile}) has no field "${field}".${didYouMean(field, names)}`,
      fix: 'Correct the field name, or remove the entry if the field was removed from the step.',
    });
  }
}

function reportMissing(
  key: string,
  field: string,
  target: string,
  explicit: boolean,
  expectedRef: string,
  required: boolean,
  missing: NonNullable<Found['missing']>,
  problems: Problems,
): void {
  const where = missing.parentPointer || 'the top level';
  const how = explicit ? 'as wizard.json maps it' : 'the default for a field wizard.json does not map';
  problems.add({
    code: 'mapping-target',
    file: missing.file,
    pointer: missing.notObject ? missing.parentPointer : missing.pointer,
    message: missing.notObject
      ? `Field "${key}" is posted at ${target} (${how}), but ${missing.parentPointer || 'the registration'} in ${missing.file} is not an object with "properties", so nothing can be put inside it.`
      : `Field "${key}" is posted at ${target} (${how}), but ${missing.file} has no property "${missing.token}" there, so the server would refuse registrations that carry it and never store it.`,
    fix:
      `Add "${missing.token}": { "$ref": "${expectedRef}" } to "properties" at ${where} in ${missing.file}` +
      (required ? ` and add "${missing.token}" to "required" there` : '') +
      `; or, if the field should not be posted, add "${key}": null to "registration" → "fields" in wizard.json.` +
      (explicit ? '' : ` (${field} goes to /${field} because wizard.json does not map it.)`),
  });
}

function reportOptional(key: string, target: string, found: Found, regFile: string, problems: Problems): void {
  found.levels.forEach((level, index) => {
    const required = isStringArray(level.object.required) ? level.object.required : [];
    if (required.includes(level.token)) return;
    const hasList = Array.isArray(level.object.required);
    const listPointer = hasList ? ptr(level.pointer, 'required') : level.pointer;
    const what = ptr('', ...pointerTokens(target).slice(0, index + 1));
    problems.add({
      code: 'mapping-required',
      file: level.file,
      pointer: listPointer,
      message: `Field "${key}" is required on its step, but ${what} is optional in ${level.file === regFile ? 'the posted registration' : level.file}, so the server would accept a registration without it.`,
      fix: hasList
        ? `Add "${level.token}" to the "required" list at ${listPointer} in ${level.file}.`
        : `Add "required": ["${level.token}"] to the object at ${level.pointer || 'the top level'} of ${level.file}.`,
    });
  });
}

function reportRef(
  key: string,
  target: string,
  found: Found,
  expected: { file: string; pointer: string },
  expectedRef: string,
  folder: Folder,
  roles: Roles,
  problems: Problems,
): void {
  const property = found.property;
  if (!property || !isObject(property.node)) return;
  const ref = property.node.$ref;
  if (typeof ref !== 'string') {
    problems.add({
      code: 'mapping-copy',
      level: 'warning',
      file: property.file,
      pointer: property.pointer,
      message: `The property ${target} writes its own rules instead of referring to the step field "${key}" it receives; the two copies can drift apart, and the server would judge differently from the wizard.`,
      fix: `Replace its content with { "$ref": "${expectedRef}" }.`,
    });
    return;
  }
  const resolved = resolveRef(ref, property.file, folder, roles);
  if ('error' in resolved) return; // reported by the $ref check
  const end = deref(resolved, folder, roles);
  const matches = (l: Located): boolean => l.file === expected.file && l.pointer === expected.pointer;
  if (matches(resolved) || matches(end)) return;
  problems.add({
    code: 'mapping-ref',
    level: 'warning',
    file: property.file,
    pointer: ptr(property.pointer, '$ref'),
    message: `The property ${target} takes its rules from "${ref}" (${resolved.file}#${resolved.pointer}), but the field posted there is "${key}"; the server would check it with another field's rules and messages.`,
    fix: `Write "$ref": "${expectedRef}", or correct the mapping in wizard.json.`,
  });
}

function reportUnfed(
  object: Located,
  dataPointer: string,
  targets: Set<string>,
  folder: Folder,
  roles: Roles,
  problems: Problems,
  depth: number,
): void {
  if (depth > 8 || !isObject(object.node) || !isObject(object.node.properties)) return;
  const required = isStringArray(object.node.required) ? object.node.required : [];
  for (const [name, node] of Object.entries(object.node.properties)) {
    const at = ptr(dataPointer, name);
    if ([...targets].some((t) => t === at || at.startsWith(`${t}/`))) continue;
    const child = deref({ file: object.file, pointer: ptr(object.pointer, 'properties', name), node }, folder, roles);
    if ([...targets].some((t) => t.startsWith(`${at}/`)) && isObject(child.node) && isObject(child.node.properties)) {
      reportUnfed(child, at, targets, folder, roles, problems, depth + 1);
      continue;
    }
    const isRequired = required.includes(name);
    problems.add({
      code: 'mapping-unfed',
      file: object.file,
      pointer: ptr(object.pointer, 'properties', name),
      message: `The posted registration has the property ${at}, but no step field and no context value fills it${isRequired ? '; it is required, so every registration would be refused' : ', so it is always empty'}.`,
      fix: `Add a field to a step that goes to ${at} (a field named "${name}" goes there unless wizard.json maps it elsewhere), map an existing field to "${at}" in wizard.json "registration" → "fields", or remove the property${isRequired ? ' and its entry in "required"' : ''}.`,
    });
  }
}
