import type { Definition } from './definition.js';

export type Preparer = (definition: Definition) => Promise<void>;

/**
 * Which versions of the definition this process serves. The live one changes without a restart
 * (a publish here, or one another process made, learned from the database).
 */
export interface DefinitionRegistry {
  /** The live version now (changes without a restart). */
  live(): Definition;
  /** A version the server still accepts registrations for (live, or past within the grace window), else undefined. */
  accepted(version: string): Definition | undefined;
  /** Any stored version, loaded on demand (staff pages read old registrations with their own titles). */
  byVersion(version: string): Promise<Definition | undefined>;
  /**
   * Work that must be done for a version before it is served (validators, pages). Awaited by
   * publish / rollback before the version goes live, and by every other process before it starts
   * serving a version it learned of from the database.
   */
  addPreparer(prepare: Preparer): void;
}
