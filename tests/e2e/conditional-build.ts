/**
 * The wizard served from a COPY of the definitions with the conditions' worked examples (a conditional
 * field and a conditional step: tests/fixtures/conditional-definition.ts), so the shipped wizard
 * stays the spec's five steps. Since the form became product data, the browser loads its definition, validators and
 * pages from the server at run time: the copy needs no build of its own, only a server whose
 * fresh database imports it as its first live version (SCHEMAS_DIR).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conditionalDefinition } from '../fixtures/conditional-definition.js';
import { projectRoot } from './server.js';

export interface ConditionalBuild {
  schemasDir: string;
  clientDir: string;
}

export function buildConditionalClient(): ConditionalBuild {
  const root = mkdtempSync(join(tmpdir(), 'pharmacy-conditional-'));
  const schemasDir = conditionalDefinition(join(root, 'schemas'));
  return { schemasDir, clientDir: join(projectRoot, 'dist', 'client') };
}
