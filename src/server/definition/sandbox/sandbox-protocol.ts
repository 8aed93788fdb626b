/** What the server and the validators' generator (generate-validators.ts) say to each other. */
import type { DefinitionFiles } from '../../../shared/definition/definition-files.js';

export interface SandboxRequest {
  files: DefinitionFiles;
  /** How the modules' first line names the version. */
  label: string;
}

/** Where the definition could not be turned into code, and why (in ajv's words). */
export interface GenerationFailure {
  file: string;
  pointer: string;
  message: string;
}

export type SandboxAnswer = { ok: true; browser: string; server: string } | { ok: false; failure: GenerationFailure };
