/**
 * Which file plays which part, read from wizard.json: the form steps and their schema and uiSchema
 * files, the registration schema, and every JSON Schema by its $id (how $refs find each other).
 */
import { getAt } from '../../shared/definition/json-pointer.js';
import { folderPath, objectFile, type Folder } from './folder.js';
import { isObject, type Json, type JsonObject } from '../../shared/definition/json.js';

export interface FormStep {
  index: number;
  id: string;
  step: JsonObject;
  /** Relative to the folder, as written in wizard.json (normalised). */
  schemaFile?: string;
  uiFile?: string;
}

export interface Roles {
  wizard?: JsonObject;
  /** wizard.json parsed and its "steps" is a list: checks that depend on the list of steps can run. */
  stepsUsable: boolean;
  steps: JsonObject[];
  formSteps: FormStep[];
  registrationFile?: string;
  /** Parsed JSON Schema files (every *.schema.json that is a JSON object). */
  schemaFiles: string[];
  /** Step schemas that wizard.json lists and exist, and the registration schema. */
  formSchemaFiles: string[];
  idToFile: Map<string, string>;
  fileToId: Map<string, string>;
}

export function readRoles(folder: Folder): Roles {
  const wizard = objectFile(folder, 'wizard.json');
  const steps = Array.isArray(wizard?.steps) ? wizard.steps.filter(isObject) : [];
  const stepsUsable = Array.isArray(wizard?.steps);
  const formSteps: FormStep[] = [];
  (Array.isArray(wizard?.steps) ? wizard.steps : []).forEach((step, index) => {
    if (!isObject(step) || step.kind !== 'form') return;
    formSteps.push({
      index,
      id: typeof step.id === 'string' ? step.id : `#${index + 1}`,
      step,
      schemaFile: typeof step.schema === 'string' ? folderPath(step.schema) : undefined,
      uiFile: typeof step.uiSchema === 'string' ? folderPath(step.uiSchema) : undefined,
    });
  });
  const registration = isObject(wizard?.registration) ? wizard.registration : undefined;
  const registrationFile = typeof registration?.schema === 'string' ? folderPath(registration.schema) : undefined;

  const schemaFiles = folder.files.filter((file) => file.endsWith('.schema.json') && objectFile(folder, file));
  const idToFile = new Map<string, string>();
  const fileToId = new Map<string, string>();
  for (const file of schemaFiles) {
    // A schema is known by its path: a "$id" that says anything else is refused (vocabulary.ts),
    // and references are followed as if it were right, so one slip is not reported at every $ref.
    fileToId.set(file, file);
    idToFile.set(file, file);
  }
  const formSchemaFiles = [
    ...new Set(
      [...formSteps.map((s) => s.schemaFile), registrationFile].filter(
        (f): f is string => !!f && schemaFiles.includes(f),
      ),
    ),
  ];
  return { wizard, stepsUsable, steps, formSteps, registrationFile, schemaFiles, formSchemaFiles, idToFile, fileToId };
}

const BASE = 'https://schemas.invalid/';

export interface Located {
  file: string;
  pointer: string;
  node: Json | undefined;
}

/** Where a `$ref` written in `fromFile` leads: a file of the folder and a pointer inside it. */
export function resolveRef(
  ref: string,
  fromFile: string,
  folder: Folder,
  roles: Roles,
): Located | { error: string; unreadable?: true } {
  const baseId = roles.fileToId.get(fromFile) ?? fromFile;
  let url: URL;
  try {
    url = new URL(ref, BASE + baseId);
  } catch {
    return { error: 'is not a valid reference' };
  }
  if (!url.href.startsWith(BASE)) return { error: 'points outside the schemas folder' };
  const id = url.href.slice(BASE.length).replace(/#.*$/, '');
  const file = roles.idToFile.get(id);
  if (!file && folder.files.includes(id) && !roles.schemaFiles.includes(id)) {
    return {
      error: `points into ${id}, which could not be read (see the problem reported for that file)`,
      unreadable: true,
    };
  }
  if (!file) return { error: `names the schema "${id}", and no file in the folder has that "$id"` };
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
  if (pointer !== '' && !pointer.startsWith('/'))
    return { error: 'uses a name after "#", which the wizard does not support; use a pointer like #/properties/name' };
  const node = getAt(folder.json.get(file), pointer) as Json | undefined;
  if (node === undefined) return { error: `points to ${pointer || 'the top'} of ${file}, which does not exist` };
  return { file, pointer, node };
}

/** Follows a chain of `$ref`s (at most 16) to the schema that holds the rules. */
export function deref(start: Located, folder: Folder, roles: Roles): Located {
  let current = start;
  for (let hops = 0; hops < 16 && isObject(current.node) && typeof current.node.$ref === 'string'; hops += 1) {
    const next = resolveRef(current.node.$ref, current.file, folder, roles);
    if ('error' in next) break;
    current = next;
  }
  return current;
}
