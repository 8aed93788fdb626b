/** A fresh database and a server process on it, torn down together. */
import { createDatabase, type TestDatabase } from './db.js';
import type { DbKind } from './env.js';
import { ServerProcess, type StartOptions } from './server.js';

export interface Scenario {
  db: TestDatabase;
  server: ServerProcess;
  /** Every server started on this scenario's database (restarts included), for the log checks. */
  servers: ServerProcess[];
  restart(options?: Partial<StartOptions>): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function startScenario(
  kind: DbKind,
  label: string,
  options: Partial<StartOptions> = {},
): Promise<Scenario> {
  const db = await createDatabase(kind, label);
  const servers: ServerProcess[] = [];
  let server: ServerProcess;
  try {
    server = await ServerProcess.start({ databaseUrl: db.url, label: `${label}/${kind}`, ...options });
  } catch (error) {
    await db.drop().catch(() => undefined);
    throw error;
  }
  servers.push(server);
  const scenario: Scenario = {
    db,
    server,
    servers,
    async restart(more = {}) {
      await scenario.server.stop();
      scenario.server = await ServerProcess.start({
        databaseUrl: db.url,
        label: `${label}/${kind}`,
        ...options,
        port: scenario.server.port,
        ...more,
      });
      servers.push(scenario.server);
      return scenario.server;
    },
    async close() {
      for (const s of servers) await s.stop();
      await db.drop();
    },
  };
  return scenario;
}
