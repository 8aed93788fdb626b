import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { BankError } from './captcha/bank.js';
import { DefinitionError } from './definition/definition.js';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The process: configuration, logger, listening, and a graceful stop: readiness turns 503 first and
 * requests are still served for SHUTDOWN_DELAY_MS, so a balancer stops sending before the port
 * closes; then the requests in flight are finished.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const app = await buildApp({ config, logger: true }).catch((error: unknown) => exitWith(startFailure(error, config)));
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.readiness.beginStopping();
    const delayMs = config.shutdownDelayMs;
    app.log.info({ signal, delayMs }, 'stopping: not ready from now, closing after the delay');
    const force = setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting');
      process.exit(1);
    }, delayMs + SHUTDOWN_GRACE_MS);
    force.unref();
    sleep(delayMs)
      .then(() => {
        app.log.info('stopping: finishing requests in flight');
        return app.close();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: { message: (error as Error).message } }, 'error while stopping');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    return exitWith(error instanceof ConfigError ? error.message : String(error));
  }
}

/** A plain sentence for the operator; internals only when they help (the database's own words). */
function startFailure(error: unknown, config: Config): string {
  if (error instanceof BankError || error instanceof DefinitionError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/ENOENT/.test(message) && message.includes(config.locationsFile))
    return `The locations file ${config.locationsFile} is missing (set LOCATIONS_FILE or run npm run locations:build).`;
  return `The server could not start: ${message}`;
}

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

await main();
