/**
 * Checks each form step's uiSchema against its schema: every key and every "ui:order" entry names a
 * field, "ui:order" lists every field (or "*"), "ui:widget" names a registered widget, "ui:*"
 * settings are ones RJSF knows, and options such as "provinceField" name a field of the step.
 */
import { builtInWidgetNames, customWidgetNames } from '../../shared/definition/widget-names.js';
import { declarationOf, fieldOption } from '../../shared/definition/widget-declarations.js';
import type { Folder } from './folder.js';
import { isObject, ptr, type Json, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import { deref, type Roles } from './roles.js';
import { reportArabicLetters } from './fields.js';
import { didYouMean, list, quote } from './text.js';
import { conditionalFields } from '../../shared/definition/conditions.js';
import { knownUiKeys } from '../../shared/definition/ui-keys.js';

function branchFields(schema: JsonObject): JsonObject {
  return Object.fromEntries(conditionalFields(schema).map((field) => [field.name, field.schema as JsonObject]));
}

export { knownUiKeys };

const widgets: readonly string[] = [...customWidgetNames, ...builtInWidgetNames];

interface Level {
  file: string;
  schemaFile: string;
  ui: JsonObject;
  pointer: string;
  schema: JsonObject;
  /** The fields beside this one (for options such as "provinceField"). */
  siblings: string[];
}

export function checkUi(folder: Folder, roles: Roles, problems: Problems): void {
  for (const step of roles.formSteps) {
    if (!step.schemaFile || !step.uiFile) continue;
    const ui = folder.json.get(step.uiFile);
    const schema = folder.json.get(step.schemaFile);
    if (!isObject(ui) || !isObject(schema)) continue;
    // A field defined in a condition's branch is a field of the step too (shown while it holds).
    const withBranches = {
      ...schema,
      properties: { ...branchFields(schema), ...(isObject(schema.properties) ? schema.properties : {}) },
    };
    const properties = Object.keys(withBranches.properties);
    checkLevel(
      { file: step.uiFile, schemaFile: step.schemaFile, ui, pointer: '', schema: withBranches, siblings: properties },
      folder,
      roles,
      problems,
    );
  }
}

function checkLevel(level: Level, folder: Folder, roles: Roles, problems: Problems): void {
  const { file, schemaFile, ui, pointer, schema } = level;
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  const names = properties ? Object.keys(properties) : [];
  const where = pointer ? `the field at ${pointer} in ${schemaFile}` : schemaFile;
  for (const [key, value] of Object.entries(ui)) {
    const at = ptr(pointer, key);
    if (key.startsWith('ui:')) {
      checkSetting(level, key, value, names, problems);
      continue;
    }
    if (key === 'items' && schema.type === 'array' && isObject(schema.items)) {
      if (isObject(value))
        checkLevel(
          { ...level, ui: value, pointer: at, schema: resolved(schema.items, schemaFile, folder, roles), siblings: [] },
          folder,
          roles,
          problems,
        );
      continue;
    }
    if (!properties || !Object.hasOwn(properties, key)) {
      problems.add({
        code: 'ui-unknown-key',
        file,
        pointer: at,
        message: `uiSchema key "${key}" names no property of ${where}.${didYouMean(key, names)}`,
        fix: names.length
          ? 'Rename the key or add the property.'
          : 'Remove the key: this field has no properties of its own.',
      });
      continue;
    }
    if (!isObject(value)) {
      problems.add({
        code: 'ui-not-object',
        file,
        pointer: at,
        message: `The settings of field "${key}" must be an object { … }.`,
        fix: `Write "${key}": { "ui:placeholder": "…" } or "${key}": {}.`,
      });
      continue;
    }
    checkLevel(
      {
        file,
        schemaFile,
        ui: value,
        pointer: at,
        schema: resolved(properties[key], schemaFile, folder, roles),
        siblings: names,
      },
      folder,
      roles,
      problems,
    );
  }
}

function resolved(node: Json, file: string, folder: Folder, roles: Roles): JsonObject {
  const target = deref({ file, pointer: '', node }, folder, roles).node;
  return isObject(target) ? target : {};
}

function checkSetting(level: Level, key: string, value: Json, names: string[], problems: Problems): void {
  const { file, pointer } = level;
  const at = ptr(pointer, key);
  if (!knownUiKeys.includes(key)) {
    problems.add({
      code: 'ui-unknown-setting',
      file,
      pointer: at,
      message: `"${key}" is not a setting the form knows, so it does nothing.${didYouMean(key, knownUiKeys)}`,
      fix: 'Correct the spelling; settings for a widget go inside "ui:options".',
    });
    return;
  }
  if (key === 'ui:autofocus') {
    problems.add({
      code: 'ui-autofocus',
      file,
      pointer: at,
      message:
        'The wizard moves focus itself (to the step heading on arrival, to the error summary on a refused Continue); a field that takes focus on its own would skip the heading for screen-reader users, so the widgets ignore "ui:autofocus".',
      fix: 'Remove "ui:autofocus".',
    });
    return;
  }
  if (key === 'ui:widget') checkWidget(file, at, value, problems);
  if (key === 'ui:order') checkOrder(file, at, value, names, problems);
  if (key === 'ui:placeholder' || key === 'ui:help' || key === 'ui:title' || key === 'ui:description')
    reportArabicLetters(file, at, value, problems);
  if (
    key === 'ui:enumNames' &&
    Array.isArray(value) &&
    Array.isArray(level.schema.enum) &&
    value.length !== level.schema.enum.length
  ) {
    problems.add({
      code: 'ui-enum-names',
      file,
      pointer: at,
      message: `"ui:enumNames" has ${value.length} names for ${level.schema.enum.length} options.`,
      fix: 'Give exactly one name per option, in the same order.',
    });
  }
  if (key === 'ui:widget') checkWidgetOptions(level, problems);
}

/**
 * A custom widget's options, as it declares them (widgets/declarations.ts): known names only, and
 * every field it follows or owns — named in the options or by default — is a field of the step.
 */
function checkWidgetOptions(level: Level, problems: Problems): void {
  const { file } = level;
  const declaration = declarationOf(level.ui['ui:widget']);
  if (!declaration) return;
  const at = ptr(level.pointer, 'ui:options');
  const value = isObject(level.ui['ui:options']) ? level.ui['ui:options'] : {};
  const known = Object.keys(declaration.options);
  for (const option of Object.keys(value)) {
    if (known.includes(option)) continue;
    problems.add({
      code: 'ui-unknown-option',
      file,
      pointer: ptr(at, option),
      message: `The widget ${quote(level.ui['ui:widget'])} has no option "${option}", so it does nothing.${didYouMean(option, known)}`,
      fix: known.length ? `Use one of its options: ${list(known)}.` : 'Remove it: this widget has no options.',
    });
  }
  for (const option of new Set([...declaration.follows, ...declaration.owns])) {
    const target = fieldOption(declaration, value, option);
    if (level.siblings.includes(target)) continue;
    const named = Object.hasOwn(value, option);
    problems.add({
      code: 'ui-option-field',
      file,
      pointer: named ? ptr(at, option) : ptr(level.pointer, 'ui:widget'),
      message: `The widget option "${option}" ${named ? 'names' : 'defaults to'} the field "${target}", which this step does not have.${didYouMean(target, level.siblings)}`,
      fix: `Write the name of a field of this step in "ui:options" → "${option}": ${list(level.siblings)}.`,
    });
  }
}

function checkWidget(file: string, pointer: string, value: Json, problems: Problems): void {
  if (typeof value === 'string' && widgets.includes(value)) return;
  const guess = typeof value === 'string' ? didYouMean(value, widgets) : '';
  problems.add({
    code: 'ui-unknown-widget',
    file,
    pointer,
    message: `No widget is registered under the name ${JSON.stringify(value)}.${guess}`,
    fix: `Use one of the wizard's widgets (${list(customWidgetNames)}) or a built-in one (${list(builtInWidgetNames)}).`,
  });
}

function checkOrder(file: string, pointer: string, value: Json, names: string[], problems: Problems): void {
  if (!Array.isArray(value)) {
    problems.add({
      code: 'ui-order',
      file,
      pointer,
      message: '"ui:order" must be a list of field names.',
      fix: 'Write "ui:order": ["firstField", "secondField", …].',
    });
    return;
  }
  const seen = new Set<string>();
  value.forEach((entry, index) => {
    const at = ptr(pointer, index);
    if (typeof entry !== 'string') return;
    if (seen.has(entry)) {
      problems.add({
        code: 'ui-order',
        file,
        pointer: at,
        message: `"ui:order" lists "${entry}" twice.`,
        fix: 'Remove the second one.',
      });
      return;
    }
    seen.add(entry);
    if (entry === '*' || names.includes(entry)) return;
    problems.add({
      code: 'ui-order-unknown',
      file,
      pointer: at,
      message: `"ui:order" lists "${entry}", which is not a field of this step (neither in "properties" nor in a condition's branch).${didYouMean(entry, names)}`,
      fix: 'Correct the name, or remove it from "ui:order".',
    });
  });
  if (seen.has('*')) return;
  const missing = names.filter((name) => !seen.has(name));
  if (!missing.length) return;
  problems.add({
    code: 'ui-order-missing',
    file,
    pointer,
    message: `"ui:order" does not list ${list(missing)}; the form then refuses to open at all ("uiSchema order list does not contain …").`,
    fix: `Add ${list(missing)} to "ui:order" where the field should appear, or add "*" to place unlisted fields there.`,
  });
}
