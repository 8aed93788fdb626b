/**
 * A catastrophic pattern that got past the checker costs the server linear time.
 * The nested Persian-words pattern is put on the pharmacy's name, and then in a condition on it, in a
 * version written straight into the database (the checker refuses it, so no API could publish it),
 * made live, and served by a fresh process whose checker misses it (a process checks a stored
 * version again when it loads it, so its pattern analysis is switched off for this test). Registrations whose name is 49 Persian letters and a "!"
 * (2^49 ways to fail for a backtracking engine) are sent one after another, 100 of them, and
 * `/api/health`, asked one request after another meanwhile, must never take more than 100 ms. On the
 * name the registration's validator refuses each one (400, before the captcha is looked at); in a
 * condition the step rules run the pattern before anything else. Both are compiled in the version's
 * own ajv, which must match with RE2.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { definitionVersionOf } from '../../src/server/definition/definition.js';
import { filesOf } from '../../src/server/definition/definition-store.js';
import type { DefinitionTexts } from '../../src/shared/definition/definition-files.js';
import { hostilePatterns } from '../fixtures/hostile-patterns.js';
import { sqliteWrite, type TestDatabase } from './harness/db.js';
import { seededRandom, validRegistration } from './harness/data.js';
import { dbKinds } from './harness/env.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient, rawRequest } from './harness/http.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';

const random = seededRandom(2323);
/** The server is started with its pattern analysis switched off (checker-miss.mjs): a stored version is checked again when it is loaded. */
const CHECKER_MISSES = { NODE_OPTIONS: `--import ${new URL('./harness/checker-miss.mjs', import.meta.url).href}` };
const issuePattern = hostilePatterns.find((hostile) => hostile.name === 'persian words, nested');
if (!issuePattern) throw new Error('tests/fixtures/hostile-patterns.ts lost the nested Persian-words pattern');
const NAME_SCHEMA = 'steps/pharmacy-info.schema.json';
/** What health may take at most while the hostile registration is validated. */
const HEALTH_LIMIT_MS = 100;
/** How long a stalled request is waited for. */
const STALLED_MS = 3000;
/** Hostile registrations sent one after another while health is watched. */
const REGISTRATIONS = 100;

async function write(db: TestDatabase, sql: string, params: unknown[]): Promise<void> {
  if (db.kind === 'sqlite') sqliteWrite(db.name, sql, params);
  else await db.query(sql, params);
}

type StepSchema = { properties: { name: Record<string, unknown> }; allOf?: unknown[] };

/** Where the pattern goes in the pharmacy step, and what the server does with it there. */
const placements: Array<{ where: string; place: (schema: StepSchema, pattern: string) => void; refused: boolean }> = [
  {
    // The registration's validator (its schema refers to this field) refuses each name: 400.
    where: "on the pharmacy's name",
    place: (schema, pattern) => (schema.properties.name.pattern = pattern),
    refused: true,
  },
  {
    // The step rules (step-rules.ts) compile the condition and run it on the name before anything
    // else; the registration's own validator never sees it, so the answers vary (200, then 400 for
    // the spent captcha).
    where: "in a condition on the pharmacy's name (step rules)",
    place: (schema, pattern) => {
      schema.allOf = [
        ...(schema.allOf ?? []),
        {
          if: { type: 'object', properties: { name: { type: 'string', pattern } }, required: ['name'] },
          // No field of its own: a branch that only asks again for the name passes every other check.
          then: { type: 'object', required: ['name'] },
        },
      ];
    },
    refused: false,
  },
];

/**
 * Stores the live version with `pattern` placed in the pharmacy step as a new version and points the
 * live row at it, as a publish would but without the checker. Returns the new version's id.
 */
async function publishBehindTheCheckersBack(
  db: TestDatabase,
  pattern: string,
  place: (schema: StepSchema, pattern: string) => void,
): Promise<string> {
  const [live] = await db.query(
    'SELECT v.version, v.texts, v.registration_schema FROM definition_versions v JOIN definition_live l ON l.version = v.version WHERE l.id = 1',
  );
  const texts = JSON.parse(String(live.texts)) as DefinitionTexts;
  const schema = JSON.parse(texts[NAME_SCHEMA]) as StepSchema;
  place(schema, pattern);
  const hostile: DefinitionTexts = { ...texts, [NAME_SCHEMA]: `${JSON.stringify(schema, null, 2)}\n` };
  const version = definitionVersionOf(filesOf(hostile));
  const now = Date.now();
  // registration_schema is only read for registrations stored under a version; the server builds
  // what it serves from the texts.
  await write(
    db,
    'INSERT INTO definition_versions (version, texts, registration_schema, first_served_at) VALUES (?, ?, ?, ?)',
    [version, JSON.stringify(hostile), live.registration_schema, now],
  );
  await write(db, 'UPDATE definition_live SET version = ?, serial = serial + 1, changed_at = ? WHERE id = 1', [
    version,
    now,
  ]);
  return version;
}

/** Health asked one request after another until `done` (which never rejects) settles: each answer's time. */
async function watchHealth(port: number, done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.then(() => (settled = true));
  const times: number[] = [];
  while (!settled) {
    const asked = performance.now();
    const answer = await rawRequest({ port, method: 'GET', path: '/api/health', timeoutMs: STALLED_MS, agent: false })
      .then((response) => response.status)
      .catch(() => 'no answer');
    times.push(performance.now() - asked);
    if (answer !== 200) break; // stalled: the limit is broken already, and the server may never come back
  }
  return times;
}

/** The registrations one after another: each one's status, or why it had none (the server is killed when it stalls). */
async function registerInTurn(
  client: ApiClient,
  body: unknown,
  count: number,
  refused: boolean,
): Promise<Array<number | string>> {
  const answers: Array<number | string> = [];
  for (let index = 0; index < count; index += 1) {
    const answer = await client.register(body).then(
      (response) => response.status,
      (error: Error) => error.message,
    );
    answers.push(answer);
    if (typeof answer !== 'number' || answer >= 500 || (refused && answer !== 400)) break;
  }
  return answers;
}

describe.each(dbKinds)('a catastrophic pattern that bypassed the checker (%s)', (kind) => {
  let scenario: Scenario | undefined;

  afterAll(async () => {
    await scenario?.close();
    await stopAllServers();
  });

  it.each(placements)(
    `$where: 49-letter names do not hold /api/health for more than ${HEALTH_LIMIT_MS} ms`,
    async ({ where, place, refused }) => {
      await scenario?.close();
      scenario = await startScenario(kind, 'pattern');
      const version = await publishBehindTheCheckersBack(scenario.db, issuePattern.pattern, place);
      const server = await scenario.restart({ env: CHECKER_MISSES });

      const client = new ApiClient(server.port, { timeoutMs: 60_000 });
      const config = await client.start();
      // Without this the test would prove nothing: the server must be serving the hostile version.
      expect((config.json as { definitionVersion?: string }).definitionVersion).toBe(version);

      const body = { ...validRegistration(random, await client.solvedCaptcha()), name: issuePattern.attacks };
      const registrations = registerInTurn(client, body, REGISTRATIONS, refused);
      const times = await watchHealth(server.port, registrations);
      const answers = await Promise.race([
        registrations,
        new Promise<string[]>((resolve) => setTimeout(() => resolve(['no answer']), STALLED_MS)),
      ]);

      const slowest = Math.round(Math.max(...times));
      recordFigure(
        kind,
        `hostile pattern ${where}: slowest health (ms) / health requests`,
        `${slowest} / ${times.length}`,
      );
      expect({
        answers: answers.map((answer) => (refused ? answer : typeof answer === 'number' && answer < 500)),
        slowest: slowest <= HEALTH_LIMIT_MS,
      }).toEqual({
        answers: Array.from({ length: REGISTRATIONS }, () => (refused ? 400 : true)),
        slowest: true,
      });
      expect(times.length).toBeGreaterThanOrEqual(10);
    },
  );
});
