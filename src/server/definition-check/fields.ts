/**
 * Checks of the fields in the step schemas and the registration schema: each has a Persian title,
 * option lists have Persian titles and no repeated values, patterns are anchored, "required" names
 * real properties, and errorMessage is Persian and keyed by rules the field really has.
 */
import type { Folder } from './folder.js';
import { fitsType, isObject, ptr, type Json, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import type { Roles } from './roles.js';
import { arabicLettersIn, didYouMean, hasPersian, list, quote } from './text.js';
import { patternError } from './patterns.js';
import { allKeywords, annotationKeywords, walkSchema } from './walk.js';

const simpleTypes = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** The field's "type" when it is a valid one (a wrong type is reported by the draft-07 check). */
function validType(node: JsonObject): Json | undefined {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  return node.type !== undefined && types.every((t) => typeof t === 'string' && simpleTypes.includes(t))
    ? node.type
    : undefined;
}

export function checkFields(folder: Folder, roles: Roles, problems: Problems): void {
  const stepFiles = new Set(roles.formSteps.map((s) => s.schemaFile));
  for (const file of roles.formSchemaFiles) {
    const root = folder.json.get(file);
    if (stepFiles.has(file)) checkStepRoot(file, root, problems);
    const rootFields = isObject(root) && isObject(root.properties) ? Object.keys(root.properties) : [];
    walkSchema(root, ({ node, pointer, property, inCondition }) => {
      if (property && node.$ref === undefined && !inCondition) checkTitle(file, pointer, property.name, node, problems);
      checkPersianSpelling(file, pointer, node, problems);
      if (Array.isArray(node.enum)) checkEnum(file, pointer, node, problems);
      if (Array.isArray(node.oneOf) && isOptionList(node.oneOf)) checkOneOf(file, pointer, node, node.oneOf, problems);
      if (typeof node.pattern === 'string' && patternError(node.pattern) === undefined)
        checkAnchored(file, pointer, node.pattern, problems);
      if (typeof node.pattern === 'string' && !inCondition)
        checkDigitsNormalized(file, pointer, node, node.pattern, problems);
      // A condition or a branch may name the step's own fields as well as those it defines.
      if (Array.isArray(node.required))
        checkRequired(file, pointer, node, node.required, pointer === '' ? [] : rootFields, problems);
      if (node.errorMessage !== undefined) checkErrorMessage(file, pointer, node, problems);
    });
  }
  for (const file of roles.schemaFiles) checkReservedNames(file, folder.json.get(file), problems);
}

function checkStepRoot(file: string, root: Json | undefined, problems: Problems): void {
  if (!isObject(root)) return;
  if (root.type !== 'object' || !isObject(root.properties)) {
    problems.add({
      code: 'step-shape',
      file,
      pointer: '',
      message: 'A step schema must describe an object with fields: "type": "object" and "properties": { … }.',
      fix: 'Add "type": "object" and put the fields inside "properties".',
    });
    return;
  }
  for (const name of Object.keys(root.properties)) {
    if (/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) continue;
    problems.add({
      code: 'field-name',
      file,
      pointer: ptr('/properties', name),
      message: `The field name "${name}" may only use English letters, digits and "_" and must start with a letter; the registration mapping cannot name it otherwise.`,
      fix: `Rename it in camelCase, e.g. "${name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')).replace(/^[^A-Za-z]+/, '') || 'newField'}" (and the same key in the uiSchema).`,
    });
  }
}

/**
 * Names every JavaScript object already has (toString, constructor, __proto__…). ajv reads a field
 * as `data[name]`, which finds the inherited member when the manager left the field out: a field
 * of that name would refuse every registration, and a required one would never be missing.
 */
const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

function checkReservedNames(file: string, root: Json | undefined, problems: Problems): void {
  walkSchema(root, ({ node, pointer, property }) => {
    if (property && RESERVED_NAMES.has(property.name)) reserved(file, pointer, property.name, problems);
    if (!Array.isArray(node.required)) return;
    node.required.forEach((name, index) => {
      if (typeof name === 'string' && RESERVED_NAMES.has(name))
        reserved(file, ptr(pointer, 'required', index), name, problems);
    });
  });
}

function reserved(file: string, pointer: string, name: string, problems: Problems): void {
  problems.add({
    code: 'field-name-reserved',
    file,
    pointer,
    message: `The field name "${name}" is a name every JavaScript object already has, so the validators would read the object's own "${name}" when the field is left empty.`,
    fix: `Rename the field (for example "${name}Field") here, in "required" and in the uiSchema.`,
  });
}

function checkTitle(file: string, pointer: string, name: string, node: JsonObject, problems: Problems): void {
  if (node.title === undefined) {
    problems.add({
      code: 'title-missing',
      file,
      pointer,
      message: `The field "${name}" has no title. Managers see the title as the field's label and in the list of errors (hidden fields too).`,
      fix: `Add "title": "…" in Persian, e.g. "title": "شماره پروانه".`,
    });
  } else if (!hasPersian(node.title)) {
    problems.add({
      code: 'title-not-persian',
      file,
      pointer: ptr(pointer, 'title'),
      message: `The title of field "${name}" is ${quote(node.title)}, which has no Persian letters; managers read the wizard in Persian.`,
      fix: 'Write the title in Persian: it is the label the manager sees above the field.',
    });
  }
}

/** Arabic ي and ك in texts that managers read: the product writes Persian ی and ک. */
function checkPersianSpelling(file: string, pointer: string, node: JsonObject, problems: Problems): void {
  const texts: Array<[string, unknown]> = [
    [ptr(pointer, 'title'), node.title],
    [ptr(pointer, 'description'), node.description],
  ];
  if (typeof node.errorMessage === 'string') texts.push([ptr(pointer, 'errorMessage'), node.errorMessage]);
  if (isObject(node.errorMessage))
    for (const [k, v] of Object.entries(node.errorMessage)) texts.push([ptr(pointer, 'errorMessage', k), v]);
  for (const [at, text] of texts) reportArabicLetters(file, at, text, problems);
}

export function reportArabicLetters(file: string, pointer: string, text: unknown, problems: Problems): void {
  if (typeof text !== 'string') return;
  const letters = arabicLettersIn(text);
  if (!letters.length) return;
  problems.add({
    code: 'arabic-letters',
    file,
    pointer,
    message: `The text ${quote(text)} uses the Arabic letter(s) ${letters.join(' ')}; Persian text uses ی and ک.`,
    fix: 'Retype the word with a Persian keyboard layout, or replace ي with ی and ك with ک.',
  });
}

function isOptionList(branches: Json[]): boolean {
  // oneOf with "const"/"title" branches is how the wizard writes a list of options.
  return branches.some((b) => isObject(b) && ('const' in b || 'title' in b || Array.isArray(b.enum)));
}

function checkEnum(file: string, pointer: string, node: JsonObject, problems: Problems): void {
  const values = node.enum as Json[];
  reportDuplicates(
    file,
    values.map((value, index) => ({ value, pointer: ptr(pointer, 'enum', index) })),
    'value',
    problems,
  );
  values.forEach((value, index) => {
    if (validType(node) !== undefined && !fitsType(value, node.type))
      reportWrongType(file, ptr(pointer, 'enum', index), value, node.type, problems);
  });
  if (values.length > 1) {
    const example = values
      .slice(0, 2)
      .map((v) => `{ "const": ${JSON.stringify(v)}, "title": "…" }`)
      .join(', ');
    problems.add({
      code: 'enum-titles',
      file,
      pointer: ptr(pointer, 'enum'),
      message: `The options ${list(values)} have no titles, so managers would see the bare values instead of Persian names.`,
      fix: `Replace "enum" with "oneOf": [${example}, …], one entry per option with a Persian title.`,
    });
  }
}

function checkOneOf(file: string, pointer: string, node: JsonObject, branches: Json[], problems: Problems): void {
  const values: Array<{ value: Json; pointer: string }> = [];
  const titles: Array<{ value: Json; pointer: string }> = [];
  branches.forEach((branch, index) => {
    const at = ptr(pointer, 'oneOf', index);
    if (!isObject(branch)) return;
    const value =
      'const' in branch
        ? branch.const
        : Array.isArray(branch.enum) && branch.enum.length === 1
          ? branch.enum[0]
          : undefined;
    if (value === undefined) {
      problems.add({
        code: 'option-const',
        file,
        pointer: at,
        message: `Option ${index + 1} of the list has no "const" (the value that is stored when it is chosen).`,
        fix: `Add "const": <value>, e.g. { "const": ${index + 1}, "title": "…" }.`,
      });
    } else {
      values.push({ value, pointer: ptr(at, 'const') });
      if (validType(node) !== undefined && !fitsType(value, node.type))
        reportWrongType(file, ptr(at, 'const'), value, node.type, problems);
    }
    if (!hasPersian(branch.title)) {
      problems.add({
        code: 'option-title',
        file,
        pointer: branch.title === undefined ? at : ptr(at, 'title'),
        message:
          branch.title === undefined
            ? `Option ${index + 1} of the list${value === undefined ? '' : ` (value ${quote(value)})`} has no title, so managers would see the bare value.`
            : `Option ${index + 1} has the title ${quote(branch.title)}, which has no Persian letters.`,
        fix: 'Give the option a Persian "title": the name the manager sees in the list.',
      });
    } else {
      titles.push({ value: branch.title, pointer: ptr(at, 'title') });
      reportArabicLetters(file, ptr(at, 'title'), branch.title, problems);
    }
  });
  reportDuplicates(file, values, 'value', problems);
  reportDuplicates(file, titles, 'title', problems);
}

function reportDuplicates(
  file: string,
  entries: Array<{ value: Json; pointer: string }>,
  what: 'value' | 'title',
  problems: Problems,
): void {
  const first = new Map<string, string>();
  for (const { value, pointer } of entries) {
    const key = JSON.stringify(value);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, pointer);
      continue;
    }
    problems.add({
      code: what === 'value' ? 'option-duplicate' : 'option-duplicate-title',
      file,
      pointer,
      message: `The option ${what} ${quote(value)} is used twice (first at ${earlier}); ${what === 'value' ? 'the two options could not be told apart once saved' : 'managers could not tell the two options apart'}.`,
      fix:
        what === 'value'
          ? 'Give this option a value no other option has (e.g. the next free number).'
          : 'Give each option its own title.',
    });
  }
}

function reportWrongType(file: string, pointer: string, value: Json, type: Json, problems: Problems): void {
  problems.add({
    code: 'option-type',
    file,
    pointer,
    message: `The option value ${quote(value)} does not fit the field's "type": ${JSON.stringify(type)}, so choosing it would always be refused.`,
    fix:
      type === 'integer' || type === 'number'
        ? `Write the value as a number without quotes, e.g. ${quote(value).replace(/"/g, '')}.`
        : `Write a ${JSON.stringify(type)} value.`,
  });
}

function checkAnchored(file: string, pointer: string, pattern: string, problems: Problems): void {
  if (pattern.startsWith('^') && pattern.endsWith('$') && !pattern.endsWith('\\$')) return;
  problems.add({
    code: 'pattern-anchor',
    level: 'warning',
    file,
    pointer: ptr(pointer, 'pattern'),
    message: `The pattern ${JSON.stringify(pattern)} does not start with ^ and end with $, so it only has to match a part of the value (e.g. "abc12345xyz" would pass a digits pattern).`,
    fix: `Write ${JSON.stringify(`^${pattern.replace(/^\^/, '').replace(/\$$/, '')}$`)}.`,
  });
}

/** A pattern of digits only, such as ^[0-9]{5,12}$. */
const DIGITS_ONLY = /^\^?(?:\[0-9\]|\\d|[0-9]|\{\d+(?:,\d*)?\}|[+*?])+\$?$/;

/**
 * A field whose pattern accepts digits only, but that does not say how it is cleaned: the manager's
 * Persian digits, spaces and dashes would then be kept as typed, and refused by the pattern.
 */
function checkDigitsNormalized(
  file: string,
  pointer: string,
  node: JsonObject,
  pattern: string,
  problems: Problems,
): void {
  if (node.normalize !== undefined || node.format !== undefined || !DIGITS_ONLY.test(pattern)) return;
  problems.add({
    code: 'normalize-missing',
    level: 'warning',
    file,
    pointer: ptr(pointer, 'pattern'),
    message: `The pattern ${quote(pattern)} accepts only digits, but the field does not say how it is cleaned: Persian digits (۱۲۳), spaces and dashes the manager types would be refused.`,
    fix: 'Add "normalize": "digits" to the field, so typed digits become 0-9 and separators are removed before the check.',
  });
}

function checkRequired(
  file: string,
  pointer: string,
  node: JsonObject,
  required: Json[],
  stepFields: string[],
  problems: Problems,
): void {
  const properties = [...(isObject(node.properties) ? Object.keys(node.properties) : []), ...stepFields];
  required.forEach((name, index) => {
    if (typeof name !== 'string' || properties.includes(name)) return;
    problems.add({
      code: 'required-unknown',
      file,
      pointer: ptr(pointer, 'required', index),
      message: `"required" lists "${name}", but there is no field "${name}" in "properties".${didYouMean(name, properties)}`,
      fix: `Correct the name in "required", or add the field "${name}" to "properties".`,
    });
  });
}

/** Keys an errorMessage object may have besides the rules the field uses. */
const alwaysAllowed = ['required', 'default', 'type'];

function checkErrorMessage(file: string, pointer: string, node: JsonObject, problems: Problems): void {
  const spec = node.errorMessage;
  const at = ptr(pointer, 'errorMessage');
  if (typeof spec === 'string') {
    checkMessageText(file, at, spec, problems);
    return;
  }
  if (!isObject(spec)) return; // not string or object: ajv (strict) reports it
  const used = Object.keys(node).filter((k) => allKeywords.includes(k) && !annotationKeywords.includes(k));
  if (Array.isArray(node.oneOf)) used.push('const');
  if (Array.isArray(node.enum) || 'const' in node) used.push('enum', 'const');
  // "verify" is an annotation, yet a rule the manager can fail: its message is keyed by it.
  if (node.verify !== undefined) used.push('verify');
  const allowed = new Set([...alwaysAllowed, ...used]);
  for (const [key, text] of Object.entries(spec)) {
    if (key.startsWith('$')) continue; // refused with the vocabulary (vocabulary.ts)
    if (!allKeywords.includes(key) && !alwaysAllowed.includes(key) && !allowed.has(key)) {
      problems.add({
        code: 'message-key',
        file,
        pointer: ptr(at, key),
        message: `The message key "${key}" is not the name of a rule, so this message is never shown.${didYouMean(key, [...allowed, ...allKeywords])}`,
        fix: `Use the name of the rule the message is for: one of ${list([...allowed])}.`,
      });
    } else if (!allowed.has(key)) {
      problems.add({
        code: 'message-key',
        file,
        pointer: ptr(at, key),
        message: `There is a message for the rule "${key}", but the field has no "${key}" rule, so the message is never shown.`,
        fix: `Add the rule "${key}" to the field, or remove this message.`,
      });
    }
    if (typeof text !== 'string') {
      problems.add({
        code: 'message-text',
        file,
        pointer: ptr(at, key),
        message: 'A message must be a text in double quotes.',
        fix: 'Write the Persian message as a text.',
      });
    } else checkMessageText(file, ptr(at, key), text, problems);
  }
}

function checkMessageText(file: string, pointer: string, text: string, problems: Problems): void {
  if (hasPersian(text)) return;
  problems.add({
    code: 'message-not-persian',
    file,
    pointer,
    message: `The error message ${quote(text)} has no Persian letters; managers read these messages.`,
    fix: 'Write the message in polite Persian that says what to do, e.g. "لطفاً شماره پروانه را بنویسید."',
  });
}
