/**
 * The draft as the editor holds it: one text per file, as typed. The server keeps each text (even
 * one that is not JSON yet) beside its parsed value, checks them with the checker of
 * `npm run schemas:check` and counts the problems' lines in them, so a problem's line is a line of
 * the editor's text.
 */
import { lineOf, parseJson } from '../../../shared/definition/json.js';
import { fileText } from '../../../shared/definition/definition-files.js';
import type { DefinitionFiles, DefinitionProblem, DefinitionTexts } from './api/definition-api.js';

/** A problem placed in the editor's text: `line` is 1-based in the text as it is now. */
export interface PlacedProblem extends DefinitionProblem {
  line: number;
}

/** The texts of a draft: as saved, else each file's value in the server's layout. */
export function textsOf(files: DefinitionFiles, texts: DefinitionTexts = {}): DefinitionTexts {
  return Object.fromEntries(Object.keys(files).map((file) => [file, texts[file] ?? fileText(files[file])]));
}

/**
 * What a save sends: every text as typed, and the value of each text that is JSON. A text that is
 * not JSON yet is kept on the server as typed, without a value, and the checker reports it there.
 */
export function saveOf(texts: DefinitionTexts): { files: DefinitionFiles; texts: DefinitionTexts } {
  const files: DefinitionFiles = {};
  for (const [file, text] of Object.entries(texts)) {
    const parsed = parseJson(text);
    if (parsed.ok) files[file] = parsed.value;
  }
  return { files, texts };
}

/**
 * Where a problem stands in the editor's text as it is now: found again by its JSON pointer (the
 * text may have changed since the check), else the checker's line, else the first line.
 */
export function placeProblem(problem: DefinitionProblem, text: string | undefined): PlacedProblem {
  if (text !== undefined && problem.pointer !== '' && parseJson(text).ok) {
    const line = lineOf(text, problem.pointer);
    if (line !== undefined) return { ...problem, line };
  }
  const lines = text === undefined ? 1 : text.split('\n').length;
  return { ...problem, line: Math.min(Math.max(problem.line ?? 1, 1), lines) };
}

/** The two files of a new form step, as example 5 of docs/editing-the-wizard.md starts them. */
export function newStepFiles(id: string, title: string): DefinitionTexts {
  return {
    [`steps/${id}.schema.json`]: fileText({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: `steps/${id}.schema.json`,
      title,
      type: 'object',
      required: [],
      properties: {},
    }),
    [`steps/${id}.ui.json`]: fileText({ 'ui:order': ['*'] }),
  };
}

/** A step id as wizard.json wants it: small English letters, digits and dashes. */
export const STEP_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Only a step's files may be removed; the wizard cannot do without the others. */
export function removable(file: string): boolean {
  return file.startsWith('steps/');
}
