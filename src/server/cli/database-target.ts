import { ConfigError, databaseTargetOf, type DatabaseTarget } from '../config.js';

/** DATABASE_URL for a command-line tool: undefined, with the operator's sentence on stderr, when it is wrong. */
export function cliDatabaseTarget(): DatabaseTarget | undefined {
  try {
    return databaseTargetOf();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}
