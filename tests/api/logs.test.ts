import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fetchCaptcha, openSession, postRegistration, solveCaptcha, testApp, validRegistration } from './helpers.js';

/**
 * Whether `text` holds `word` with no letter joined to either side: a captcha option may be a short
 * word («نه») that is also part of others («داروخانه», in the receipt SMS the log provider writes).
 */
function containsWord(text: string, word: string): boolean {
  const joins = (char: string | undefined) => char !== undefined && /[\p{L}\u200c]/u.test(char);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!joins(text[at - 1]) && !joins(text[at + word.length])) return true;
  }
  return false;
}

describe('request logs', () => {
  it('one structured line per request, with no personal data, tokens, cookies or captcha answers', async () => {
    const lines: string[] = [];
    const app = await testApp({}, { logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    const secrets: string[] = [];
    const answers: string[] = [];
    try {
      const session = await openSession(app);
      const captcha = await fetchCaptcha(app, session);
      const body = validRegistration(
        { id: captcha.id, validOptionIndex: solveCaptcha(captcha) },
        {
          name: 'داروخانه نامدار',
          address: 'خیابان پنهان، کوچه رازدار',
          adminData: {
            firstName: 'سیاوش',
            lastName: 'کتمانی',
            nationalCode: '0790419904',
            mobileNumber: '09351234567',
          },
        },
      );
      const ok = await postRegistration(app, session, body, { 'idempotency-key': randomUUID() });
      expect(ok.statusCode).toBe(200);
      await postRegistration(app, session, body);
      await postRegistration(app, session, '{"adminData":{"nationalCode":"0084575948"');
      await app.inject({ url: '/api/Statistic/Register?tier=2&nationalCode=0499370899' });
      secrets.push(
        'سیاوش',
        'کتمانی',
        '0790419904',
        '09351234567',
        'رازدار',
        'نامدار',
        '0084575948',
        '0499370899',
        session.token,
        session.psid,
        captcha.id,
      );
      answers.push(...captcha.options);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
    for (const answer of answers) expect(containsWord(log, answer), answer).toBe(false);
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request completed');
    expect(requests.length).toBeGreaterThanOrEqual(6);
    for (const entry of requests) {
      expect(Object.keys(entry)).toEqual(
        expect.arrayContaining(['reqId', 'method', 'url', 'statusCode', 'responseTime']),
      );
      expect(String(entry.url)).not.toContain('?');
    }
    expect(requests.map((entry) => entry.url)).toContain('/api/Statistic/Register');
  });
});
