/**
 * `npm run schemas:check [-- <folder>] [-- --json]`: checks the wizard definition (default folder
 * schemas/) and prints each problem with file, line, JSON pointer, what is wrong and how to fix it.
 * Exit code: 0 no problems, 1 problems found, 2 the command itself was used wrongly.
 */
import { existsSync, statSync } from 'node:fs';
import { checkSchemas } from './schemas-check/index.js';
import { formatJson, formatText } from './schemas-check/report.js';

const usage = 'usage: npm run schemas:check [-- [folder] [--json]]   (folder defaults to schemas/)';

function main(argv: string[]): number {
  const json = argv.includes('--json');
  const rest = argv.filter((arg) => arg !== '--json');
  if (rest.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(usage);
    return 0;
  }
  const unknown = rest.filter((arg) => arg.startsWith('-'));
  if (unknown.length || rest.length > 1) {
    console.error(
      `schemas:check: unexpected ${unknown.length ? `option ${unknown.join(' ')}` : `arguments ${rest.join(' ')}`}\n${usage}`,
    );
    return 2;
  }
  const dir = rest[0] ?? 'schemas';
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`schemas:check: the folder ${dir} does not exist.\n${usage}`);
    return 2;
  }
  const result = checkSchemas(dir);
  console.log(json ? formatJson(result) : formatText(result));
  return result.problems.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
