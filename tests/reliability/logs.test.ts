/**
 * Logs: the server's stdout and stderr over a full run of valid registrations (and the
 * refusals a real day brings: wrong captcha, bad field, forged token, malformed and oversized
 * bodies, all carrying personal data). Every line must be JSON, and no line may contain a
 * national code, mobile number, name, address, XSRF token, cookie value or captcha answer sent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { solveCaptcha, wrongAnswer } from './harness/captcha.js';
import { personalValues, seededRandom, validRegistration, type Registration } from './harness/data.js';
import { recordFigure } from './harness/figures.js';
import { ApiClient, paths } from './harness/http.js';
import { runPool } from './harness/pool.js';
import { startScenario, type Scenario } from './harness/scenario.js';
import { stopAllServers } from './harness/server.js';
import { leaks } from './harness/logs.js';

const REGISTRATIONS = Math.min(
  400,
  Math.max(100, Math.floor(Number(process.env.RELIABILITY_REGISTRATIONS ?? 2000) / 10)),
);

describe.each(['info', 'trace'] as const)('logs at LOG_LEVEL=%s', (level) => {
  let scenario: Scenario | undefined;
  afterAll(async () => {
    await scenario?.close();
    await stopAllServers();
  });

  it('every line is JSON, and none holds personal data, tokens, cookies or captcha answers', async () => {
    scenario = await startScenario('sqlite', `logs${level}`, { env: { LOG_LEVEL: level } });
    const port = scenario.server.port;
    const secrets = new Set<string>();
    const keep = (value: string | undefined): void => {
      if (value && value.length >= 4) secrets.add(value);
    };
    const remember = (r: Registration): void => personalValues(r).forEach(keep);
    const random = seededRandom(level === 'info' ? 81 : 82);
    const count = level === 'info' ? REGISTRATIONS : 40;

    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = new ApiClient(port);
        await client.start();
        return client;
      }),
    );
    await runPool(count, clients.length, async (index, worker) => {
      const client = clients[worker];
      const captcha = await client.captcha();
      const right = solveCaptcha(captcha);
      keep(captcha.options[right]);
      const registration = validRegistration(random, { id: captcha.id, validOptionIndex: right });
      remember(registration);
      const response = await client.register(registration);
      expect(response.status, response.text).toBe(200);
      // The refusals of a real day, each carrying personal data of its own.
      if (index % 10 === 0) {
        const other = await client.captcha();
        keep(other.options[solveCaptcha(other)]);
        const wrong = validRegistration(random, { id: other.id, validOptionIndex: wrongAnswer(other) });
        remember(wrong);
        expect((await client.register(wrong)).status).toBe(400);
        const badMobile = validRegistration(random, { id: 'x', validOptionIndex: 0 });
        badMobile.adminData.mobileNumber = `08${badMobile.adminData.mobileNumber.slice(2)}`;
        remember(badMobile);
        expect((await client.register(badMobile)).status).toBe(400);
        const forged = validRegistration(random, { id: 'x', validOptionIndex: 0 });
        remember(forged);
        expect((await client.register(forged, { xsrf: `forged-${randomUUID()}` })).status).toBe(403);
        const broken = validRegistration(random, { id: 'x', validOptionIndex: 0 });
        remember(broken);
        expect((await client.send('POST', paths.registration, JSON.stringify(broken).slice(0, -7))).status).toBe(400);
        const huge = validRegistration(random, { id: 'x', validOptionIndex: 0 });
        remember(huge);
        expect(
          (await client.send('POST', paths.registration, JSON.stringify({ ...huge, pad: 'x'.repeat(17_000) }))).status,
        ).toBe(413);
        const asText = validRegistration(random, { id: 'x', validOptionIndex: 0 });
        remember(asText);
        expect(
          (
            await client.send('POST', paths.registration, JSON.stringify(asText), {
              headers: { 'content-type': 'text/plain' },
            })
          ).status,
        ).toBe(415);
        // Personal data in a query string of a GET (a careless link): the log keeps the path only.
        const query = validRegistration(random, { id: 'x', validOptionIndex: 0 });
        remember(query);
        await client.get(
          `${paths.config}?nationalCode=${query.adminData.nationalCode}&mobile=${query.adminData.mobileNumber}`,
        );
      }
    });
    for (const client of clients) {
      keep(client.jar.xsrf());
      for (const value of client.jar.cookies.values()) keep(value);
    }
    // A graceful stop, so the last lines are written before they are read.
    await scenario.server.stop();
    const lines = scenario.servers.flatMap((server) => server.lines);
    const notJson = lines.filter((line) => {
      try {
        const parsed: unknown = JSON.parse(line.text);
        return typeof parsed !== 'object' || parsed === null;
      } catch {
        return true;
      }
    });
    const found = leaks(lines, secrets);
    const requestLines = lines.filter((line) => line.text.includes('"statusCode"')).length;

    recordFigure(`log ${level}`, 'logs: lines checked', lines.length);
    recordFigure(`log ${level}`, 'logs: lines not JSON', notJson.length);
    recordFigure(`log ${level}`, 'logs: lines with personal data', found.length);
    console.log(
      `[logs ${level}] ${lines.length} lines (${requestLines} request lines) checked against ${secrets.size} sent values`,
    );

    expect(requestLines, 'structured request logs are written').toBeGreaterThan(count);
    expect(notJson.map((l) => `${l.stream}: ${l.text.slice(0, 200)}`)).toEqual([]);
    expect(found.slice(0, 10)).toEqual([]);
  });
});
