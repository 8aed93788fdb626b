/**
 * Checks of wizard.json's steps and of the files they use: one route and one id per step, each form
 * step's schema and uiSchema exist, no step file lies unused, each schema has its own "$id", and the
 * texts managers read are Persian.
 */
import { folderPath, objectFile, type Folder } from './folder.js';
import { isObject, ptr, type Json, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import { resolveRef, type Roles } from './roles.js';
import { reportArabicLetters } from './fields.js';
import { didYouMean, hasPersian, list, quote } from './text.js';
import { walkSchema } from './walk.js';

const WIZARD = 'wizard.json';

/** Content steps the wizard draws itself (src/client/pages/ContentStepPage.tsx); any other content step shows its "paragraphs". */
const namedPages = ['welcome', 'result'];

export function checkSteps(folder: Folder, roles: Roles, problems: Problems): void {
  if (!folder.files.includes(WIZARD)) {
    problems.add({
      code: 'wizard-missing',
      file: WIZARD,
      pointer: '',
      message: 'The folder has no wizard.json, so there is no wizard.',
      fix: 'Restore wizard.json (see docs/editing-the-wizard.md).',
    });
    return;
  }
  const wizard = roles.wizard;
  if (!wizard) return;
  checkTexts(wizard, problems);
  const pass: StepsPass = { folder, roles, problems, routes: new Map(), ids: new Map(), schemaUsers: new Map() };
  const steps = Array.isArray(wizard.steps) ? wizard.steps : [];
  steps.forEach((step, index) => {
    if (isObject(step)) checkStep(pass, step, index, index === steps.length - 1);
  });
  if (Array.isArray(wizard.steps)) checkSubmitCount(steps, problems);
  if (roles.stepsUsable) checkUnusedFiles(folder, roles, problems);
  checkIds(folder, roles, problems);
  if (roles.registrationFile && !folder.files.includes(roles.registrationFile)) {
    problems.add({
      code: 'registration-missing',
      file: WIZARD,
      pointer: '/registration/schema',
      message: `The registration schema ${roles.registrationFile} does not exist, so the server cannot check registrations.`,
      fix: 'Correct the file name (normally "registration.schema.json").',
    });
  }
}

/** What one pass over the steps remembers: the first step to use each route, id and schema file. */
interface StepsPass {
  folder: Folder;
  roles: Roles;
  problems: Problems;
  routes: Map<string, number>;
  ids: Map<string, number>;
  schemaUsers: Map<string, number>;
}

function checkStep(pass: StepsPass, step: JsonObject, index: number, last: boolean): void {
  const at = ptr('/steps', index);
  checkUnique(pass, step, index, 'route', pass.routes);
  checkUnique(pass, step, index, 'id', pass.ids);
  if (step.kind === 'form') checkFormStep(pass, step, index);
  else if (step.kind === 'review') checkReviewStep(pass.roles, step, index, at, pass.problems);
  else if (step.kind === 'content') checkContentStep(step, at, last, pass.problems);
}

function checkUnique(
  pass: StepsPass,
  step: JsonObject,
  index: number,
  what: 'route' | 'id',
  seen: Map<string, number>,
): void {
  const value = step[what];
  if (typeof value !== 'string') return;
  const first = seen.get(value);
  if (first === undefined) {
    seen.set(value, index);
    return;
  }
  pass.problems.add({
    code: `duplicate-${what}`,
    file: WIZARD,
    pointer: ptr(ptr('/steps', index), what),
    message: `Step ${index + 1} has the ${what} ${quote(value)}, which step ${first + 1} (/steps/${first}) already has; each step needs its own ${what}.`,
    fix: `Give one of the two steps another ${what}${what === 'route' ? ', e.g. "/licence"' : ''}.`,
  });
}

function checkFormStep(pass: StepsPass, step: JsonObject, index: number): void {
  const at = ptr('/steps', index);
  for (const key of ['schema', 'uiSchema'] as const) checkStepFile(pass, step, index, key);
  if (isObject(step.buttons) && step.buttons.next === undefined && step.buttons.submit === undefined) {
    pass.problems.add({
      code: 'step-buttons',
      file: WIZARD,
      pointer: ptr(at, 'buttons'),
      message: `Form step ${quote(step.id)} has neither a "next" nor a "submit" button, so the manager cannot leave it.`,
      fix: 'Add "next": "ادامه" (or "submit": "ثبت نهایی" on the last form step).',
    });
  }
}

/** A form step's schema or uiSchema exists, and no two steps share a schema. */
function checkStepFile(pass: StepsPass, step: JsonObject, index: number, key: 'schema' | 'uiSchema'): void {
  const path = step[key];
  if (typeof path !== 'string') return;
  const { folder, problems, schemaUsers } = pass;
  const pointer = ptr(ptr('/steps', index), key);
  const file = folderPath(path);
  if (!folder.files.includes(file)) {
    const ending = key === 'schema' ? '.schema.json' : '.ui.json';
    problems.add({
      code: 'step-file-missing',
      file: WIZARD,
      pointer,
      message: `Step ${quote(step.id)} uses the file ${path}, which does not exist.${didYouMean(
        file,
        folder.files.filter((f) => f.endsWith(ending)),
      )}`,
      fix: `Create ${path} or correct the file name (paths are relative to the schemas folder).`,
    });
    return;
  }
  if (key !== 'schema') return;
  const first = schemaUsers.get(file);
  if (first === undefined) {
    schemaUsers.set(file, index);
    return;
  }
  problems.add({
    code: 'step-file-shared',
    file: WIZARD,
    pointer,
    message: `Steps ${first + 1} and ${index + 1} use the same schema file ${path}; their fields would collide in the registration.`,
    fix: 'Give each form step its own schema file.',
  });
}

function checkContentStep(step: JsonObject, at: string, last: boolean, problems: Problems): void {
  const named = typeof step.content === 'string' && namedPages.includes(step.content);
  if (!named && !Array.isArray(step.paragraphs)) {
    problems.add({
      code: 'content-empty',
      file: WIZARD,
      pointer: typeof step.content === 'string' ? ptr(at, 'content') : at,
      message:
        typeof step.content === 'string'
          ? `Content step ${quote(step.id)} asks for the page "${step.content}", which the wizard does not have (it has ${list(namedPages)}), and has no "paragraphs", so it would be empty.`
          : `Content step ${quote(step.id)} has neither "content" (a named page) nor "paragraphs", so it would be empty.`,
      fix: 'Add "paragraphs": ["…", "…"] with the Persian text to show.',
    });
  }
  if (!last && step.content !== 'result' && !(isObject(step.buttons) && typeof step.buttons.next === 'string')) {
    problems.add({
      code: 'step-buttons',
      file: WIZARD,
      pointer: at,
      message: `Content step ${quote(step.id)} is not the last step but has no "next" button, so the manager cannot go on from it.`,
      fix: 'Add "buttons": { "next": "ادامه" } (and "back": "مرحله قبل" if going back makes sense).',
    });
  }
}

/** The registration is sent from exactly one step. */
function checkSubmitCount(steps: Json[], problems: Problems): void {
  const submitSteps = steps.filter(
    (step) => isObject(step) && isObject(step.buttons) && typeof step.buttons.submit === 'string',
  ).length;
  if (submitSteps === 1) return;
  problems.add({
    code: 'submit-count',
    file: WIZARD,
    pointer: '/steps',
    message:
      submitSteps === 0
        ? 'No step has a "submit" button, so the registration is never sent.'
        : `${submitSteps} steps have a "submit" button; the registration must be sent exactly once.`,
    fix: 'Give exactly one step (the last form step) "buttons": { "submit": "ثبت نهایی" }; other steps use "next".',
  });
}

/** Every text of wizard.json that managers read is Persian (and spelt with ی and ک). */
function checkTexts(wizard: Record<string, Json>, problems: Problems): void {
  const texts: Array<[string, Json | undefined]> = [['/title', wizard.title]];
  (Array.isArray(wizard.steps) ? wizard.steps : []).forEach((step, index) => {
    if (!isObject(step)) return;
    texts.push([ptr('/steps', index, 'title'), step.title]);
    if (isObject(step.buttons))
      for (const [k, v] of Object.entries(step.buttons)) texts.push([ptr('/steps', index, 'buttons', k), v]);
    if (Array.isArray(step.paragraphs))
      step.paragraphs.forEach((p, i) => texts.push([ptr('/steps', index, 'paragraphs', i), p]));
  });
  if (isObject(wizard.rules)) {
    texts.push(['/rules/title', wizard.rules.title]);
    if (Array.isArray(wizard.rules.articles))
      wizard.rules.articles.forEach((a, i) => texts.push([ptr('/rules/articles', i), a]));
  }
  for (const [pointer, text] of texts) {
    if (typeof text !== 'string') continue; // the meta-schema check reports wrong types
    if (!hasPersian(text)) {
      problems.add({
        code: 'text-not-persian',
        file: WIZARD,
        pointer,
        message: `The text ${quote(text)} has no Persian letters; managers read the wizard in Persian.`,
        fix: 'Write it in Persian.',
      });
    }
    reportArabicLetters(WIZARD, pointer, text, problems);
  }
}

/** A *.schema.json or *.ui.json that nothing uses is a step someone forgot to list (or a leftover). */
function checkUnusedFiles(folder: Folder, roles: Roles, problems: Problems): void {
  const used = new Set<string>(['wizard.schema.json', 'register-config.schema.json']);
  for (const step of roles.formSteps) {
    if (step.schemaFile) used.add(step.schemaFile);
    if (step.uiFile) used.add(step.uiFile);
  }
  if (roles.registrationFile) used.add(roles.registrationFile);
  for (const file of folder.files) {
    const declared = objectFile(folder, file)?.$schema;
    if (typeof declared === 'string' && !/^[a-z]+:/i.test(declared)) used.add(folderPath(declared, file));
  }
  // Files reached by $ref from a used schema (shared definitions) are used too.
  const queue = [...used].filter((f) => f.endsWith('.schema.json'));
  while (queue.length) {
    const file = queue.pop() as string;
    walkSchema(folder.json.get(file), ({ node }) => {
      if (typeof node.$ref !== 'string') return;
      const target = resolveRef(node.$ref, file, folder, roles);
      if (!('error' in target) && !used.has(target.file)) {
        used.add(target.file);
        queue.push(target.file);
      }
    });
  }
  for (const file of folder.files) {
    if (used.has(file) || !(file.endsWith('.schema.json') || file.endsWith('.ui.json'))) continue;
    const isUi = file.endsWith('.ui.json');
    problems.add({
      code: 'unlisted-file',
      file,
      pointer: '',
      message: `No step in wizard.json uses this ${isUi ? 'uiSchema' : 'schema'}, so the wizard never shows it.`,
      fix: `List it in a step of wizard.json ("kind": "form", "${isUi ? 'uiSchema' : 'schema'}": "${file}", with its ${isUi ? 'schema' : 'uiSchema'}), or delete the file.`,
    });
  }
}

/**
 * Each form schema has its own "$id", which is how $refs find it. (That it equals the file's path,
 * and that no other file claims it, is checked with the vocabulary, before anything is compiled.)
 */
function checkIds(folder: Folder, roles: Roles, problems: Problems): void {
  for (const file of roles.formSchemaFiles) {
    if (objectFile(folder, file)?.$id !== undefined) continue;
    problems.add({
      code: 'id-missing',
      file,
      pointer: '',
      message: 'The schema has no "$id", so other files cannot refer to its fields.',
      fix: `Add "$id": "${file}" (its path inside the schemas folder) as the second key.`,
    });
  }
}

/** A review step lists the answers of the form steps before it, and needs a way on. */
function checkReviewStep(roles: Roles, step: JsonObject, index: number, at: string, problems: Problems): void {
  if (!roles.formSteps.some((form) => form.index < index)) {
    problems.add({
      code: 'review-nothing',
      file: WIZARD,
      pointer: ptr(at, 'kind'),
      message: `Review step ${quote(step.id)} comes before every form step, so it would have no answers to list.`,
      fix: 'Move the review step after the form steps whose answers it should list (usually just before the step that sends the registration).',
    });
  }
  const buttons = isObject(step.buttons) ? step.buttons : {};
  if (typeof buttons.next !== 'string') {
    problems.add({
      code: 'step-buttons',
      file: WIZARD,
      pointer: isObject(step.buttons) ? ptr(at, 'buttons') : at,
      message: `Review step ${quote(step.id)} has no "next" button, so the manager cannot leave it forwards.`,
      fix: 'Add "buttons": { "back": "مرحله قبل", "next": "ادامه" }.',
    });
  }
}
