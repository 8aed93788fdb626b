import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found from this file: src/server/ under tsx and dist/server/ after the build are
 * both two levels down, so data files are read from the sources in either case.
 */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const fromRoot = (...parts: string[]): string => resolve(projectRoot, ...parts);
