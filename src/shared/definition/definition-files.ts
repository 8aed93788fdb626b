/**
 * A whole definition as files: the shape a version is stored, served, edited and exported in.
 * Paths are relative to schemas/ with forward slashes ("wizard.json", "steps/manager.ui.json").
 */

/** A whole definition: path relative to schemas/ -> parsed JSON. */
export type DefinitionFiles = Record<string, unknown>;

/** The same files as text, as typed (line numbers of problems refer to this text). */
export type DefinitionTexts = Record<string, string>;

/**
 * Files of schemas/ that describe what the program can read (the meta-schemas of wizard.json and
 * register-config.json). They ship with the program, are never part of a version, and cannot be
 * edited in the browser: a version cannot make the code read something it was not written for.
 */
export const PROGRAM_FILES = ['register-config.schema.json', 'wizard.schema.json'] as const;

export function isProgramFile(path: string): boolean {
  return (PROGRAM_FILES as readonly string[]).includes(path);
}

/** Whether a path may name a file of a definition: relative, forward slashes, no "..", ends in .json. */
export function isDefinitionPath(path: string): boolean {
  return (
    /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\.json$/.test(path) &&
    !path.split('/').includes('..') &&
    !isProgramFile(path)
  );
}

/**
 * The text a file is kept in when only its value is known (files posted as JSON, files written by
 * a program): two-space JSON with a final line break, the same for the same value.
 */
export function fileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The files sorted by path, so every reader sees (and hashes) them in one order. */
export function sortedPaths(files: Record<string, unknown>): string[] {
  return Object.keys(files).sort();
}
