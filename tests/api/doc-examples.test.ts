/**
 * Every curl example in README.md and docs/, run as written by bash and the real curl against a
 * listening test server, so a reader who copies one gets what the doc says.
 *
 * The convention the docs follow: a shell block's documented hosts (http://localhost:3000,
 * https://pharmacy.example.ir, https://registration.example.ir) are rewritten to the test server, and
 * each curl call is followed by a line `# → STATUS`, optionally with either `{ key, key }` (keys the
 * JSON answer has) or a JSON value the answer contains (objects by key, arrays by position). The
 * block runs with what the doc tells the reader to have: `$PASSWORD` of admin@example.ir, an API key
 * in `$PRK_KEY`, and `$jar`/`$token`, a cookie jar signed in as that admin and its anti-forgery token.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../src/server/paths.js';
import { integrationPaths } from '../../src/shared/contracts/integrations.js';
import type { ApiKeyCreated } from '../../src/shared/contracts/integrations.schemas.js';
import { registerOnce, signInStaff, testApp, type StaffSession } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const run = promisify(execFile);
const DOC_HOSTS = /https?:\/\/(?:localhost:3000|pharmacy\.example\.ir|registration\.example\.ir)/g;
const EXPECTATION = /^\s*# → (\d{3})(?:\s+(.*))?$/;
const PASSWORD = 'a long enough password for the docs';
/** Enough registrations that the examples' id 42 and the cursor after it (cjE6NDI) have something to read. */
const REGISTRATIONS = 45;
const APPROVED_FROM_ID = 40;

interface Example {
  doc: string;
  line: number;
  script: string;
  expectations: string[];
}

function markdownFiles(): string[] {
  const docs = readdirSync(fromRoot('docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(fromRoot('docs'), name));
  return [fromRoot('README.md'), ...docs];
}

const isCall = (line: string): boolean => !line.trimStart().startsWith('#') && /(^|[\s|;&(])curl\s/.test(line);

/** The fenced blocks of one file that call curl, each with its expectation lines checked for order. */
function examplesOf(file: string): Example[] {
  const doc = relative(fromRoot('.'), file);
  const text = readFileSync(file, 'utf8');
  const examples: Example[] = [];
  for (const match of text.matchAll(/^```[a-z]*\n([\s\S]*?)^```/gm)) {
    const lines = match[1].split('\n');
    if (!lines.some(isCall)) continue;
    const line = text.slice(0, match.index).split('\n').length + 1;
    const expectations: string[] = [];
    let waiting = false;
    lines.forEach((text, index) => {
      const where = `${doc}:${line + index}`;
      if (isCall(text)) {
        if (waiting) throw new Error(`${where}: the curl call before this one has no "# → STATUS" line after it`);
        waiting = true;
      }
      const expectation = EXPECTATION.exec(text);
      if (expectation) {
        if (!waiting) throw new Error(`${where}: "# →" follows no curl call`);
        expectations.push(text);
        waiting = false;
      }
    });
    if (waiting) throw new Error(`${doc}:${line}: the block's last curl call has no "# → STATUS" line after it`);
    examples.push({ doc, line, script: match[1], expectations });
  }
  return examples;
}

/** `# → 200`, `# → 200 { a, b }` or `# → 404 {"error":{"code":"x"}}`, checked against one answer. */
function expectAnswer(expectation: string, status: number, body: string, where: string): void {
  const [, wanted, rest = ''] = EXPECTATION.exec(expectation)!;
  expect(status, `${where}: ${body}`).toBe(Number(wanted));
  const shape = rest.trim();
  if (shape === '') return;
  const answer: unknown = JSON.parse(body);
  const keys = /^\{\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*\}$/.exec(shape);
  if (keys) {
    for (const key of keys[1].split(',')) expect(answer, `${where}: ${body}`).toHaveProperty(key.trim());
    return;
  }
  expect(contains(answer, JSON.parse(shape)), `${where}: ${body} should contain ${shape}`).toBe(true);
}

function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && expected.every((item, index) => contains(actual[index], item));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) => contains((actual as Record<string, unknown>)[key], value));
  }
  return actual === expected;
}

/** curl as the reader runs it, but each answer's status and body kept in order for the assertions. */
const CURL_RECORDER = `
set -euo pipefail
curl() {
  local n=$(( $(cat "$ANSWERS/count") + 1 ))
  echo "$n" > "$ANSWERS/count"
  command curl --silent --show-error --output "$ANSWERS/$n.body" --write-out '%{http_code}' "$@" > "$ANSWERS/$n.status"
}
`;

const examples = markdownFiles().flatMap(examplesOf);
let app: FastifyInstance;
let base: string;
let environment: Record<string, string>;

/** A Netscape cookie jar holding the signed-in admin's cookies, as `curl -c` would have written it. */
function jarOf(session: StaffSession, host: string): string {
  const jar = join(mkdtempSync(join(tmpdir(), 'doc-examples-')), 'admin.jar');
  const lines = session.cookie
    .split('; ')
    .map((pair) => pair.split('='))
    .map(([name, value]) => [host, 'FALSE', '/', 'FALSE', '0', name, value].join('\t'));
  writeFileSync(jar, `# Netscape HTTP Cookie File\n${lines.join('\n')}\n`);
  return jar;
}

async function approve(admin: StaffSession, ids: number[]): Promise<void> {
  for (const [from, to] of [
    ['new', 'contacted'],
    ['contacted', 'approved'],
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/registrations/status',
      headers: admin.headers,
      payload: JSON.stringify({ ids, from, to }),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await addStaffAccount(app.database.db, 'admin@example.ir', 'admin', PASSWORD, 0);
  for (let i = 0; i < REGISTRATIONS; i += 1) expect((await registerOnce(app)).statusCode).toBe(200);
  const admin = await signInStaff(app, 'admin@example.ir', PASSWORD);
  const approved = Array.from({ length: REGISTRATIONS - APPROVED_FROM_ID + 1 }, (_, i) => APPROVED_FROM_ID + i);
  await approve(admin, approved);
  const key = await app.inject({
    method: 'POST',
    url: integrationPaths.apiKeys,
    headers: admin.headers,
    payload: JSON.stringify({ name: 'docs', scopes: ['registrations:read'] }),
  });
  expect(key.statusCode, key.body).toBe(201);
  environment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tmpdir(),
    PASSWORD,
    PRK_KEY: key.json<ApiKeyCreated>().key,
    jar: jarOf(admin, '127.0.0.1'),
    token: admin.token,
  };
}, 60_000);
afterAll(() => app.close());

describe('curl examples in README.md and docs/', () => {
  it('are found, each call followed by what it answers', () => {
    const docs = new Set(examples.map((example) => example.doc));
    expect(docs).toContain('docs/api.md');
    expect(docs).toContain('docs/integrations.md');
    expect(docs).toContain('docs/console.md');
  });

  it.each(examples.map((example) => [`${example.doc}:${example.line}`, example] as const))(
    '%s answers as the doc says',
    async (where, example) => {
      const script = example.script.replace(DOC_HOSTS, base);
      for (const url of script.match(/https?:\/\/[^\s"')]+/g) ?? [])
        expect(url.startsWith(base), `${where}: ${url} is not one of the documented hosts`).toBe(true);
      const answers = mkdtempSync(join(tmpdir(), 'doc-answers-'));
      writeFileSync(join(answers, 'count'), '0');
      await run('bash', ['-c', CURL_RECORDER + script], {
        env: { ...environment, ANSWERS: answers },
        timeout: 15_000,
      });
      const count = Number(readFileSync(join(answers, 'count'), 'utf8'));
      expect(count, `${where}: curl calls made`).toBe(example.expectations.length);
      example.expectations.forEach((expectation, index) => {
        const status = Number(readFileSync(join(answers, `${index + 1}.status`), 'utf8'));
        const body = existsSync(join(answers, `${index + 1}.body`))
          ? readFileSync(join(answers, `${index + 1}.body`), 'utf8')
          : '';
        expectAnswer(expectation, status, body, `${where}, call ${index + 1}`);
      });
    },
  );
});
