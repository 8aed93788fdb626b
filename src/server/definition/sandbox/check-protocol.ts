/** What the server and the checker's process (check-definition.ts) say to each other. */
import type { FloorRule } from '../../definition-check/floor.js';
import type { Problem } from '../../definition-check/index.js';

export interface CheckRequest {
  id: number;
  texts: Record<string, string>;
  floor: readonly FloorRule[];
}

export interface CheckAnswer {
  id: number;
  problems: Problem[];
}
