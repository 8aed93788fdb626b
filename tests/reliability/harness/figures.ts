/**
 * Figures a test measured, kept across Vitest workers in a JSON-lines file; the global teardown
 * turns them into the table printed at the end of the run and written to last-figures.md.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { figuresFile } from './env.js';

export interface Figure {
  db: string;
  name: string;
  value: number | string;
}

/** Names in the order the table shows them. */
export const figureOrder = [
  'bad input: requests tried',
  'bad input: refused 4xx',
  'bad input: 5xx',
  'bad input: other answers',
  'bad input: with a fresh captcha',
  'bad input: rows stored',
  'bad input: distinct status codes',
  'bad input: seed',
  'payloads stored verbatim',
  'malformed HTTP: non-contract answers',
  'hostile GETs: tried / contract broken',
  'load: registrations tried',
  'load: 200',
  'load: refused 4xx',
  'load: 5xx',
  'load: transport errors',
  'load: rows expected',
  'load: rows found',
  'load: lost',
  'load: duplicates',
  'load: registrations/s',
  'load: p50 ms',
  'load: p99 ms',
  'idempotent pairs: keys sent',
  'idempotent pairs: both 200 and identical',
  'idempotent pairs: answers differing',
  'idempotent pairs: 5xx',
  'idempotent pairs: rows found',
  'idempotent pairs: duplicates',
  'two processes: pairs identical',
  'two processes: pairs with a 503',
  'two processes: rows',
  'crash: acknowledged before kill -9',
  'crash: acknowledged rows found after restart',
  'crash: lost',
  'crash: in flight at kill',
  'crash: integrity_check',
  'SIGTERM: exit code',
  'SIGTERM: registrations answered after the signal',
  'SIGTERM: registration requests cut off',
  'SIGTERM: lost / stored unanswered',
  'SIGTERM: refusals off-contract',
  'outage: requests during outage',
  'outage: 503 unavailable',
  'outage: other answers during outage',
  'outage: health during outage',
  'outage: recovery seconds',
  'outage: rows lost',
  'stall: registrations answered within 10 s',
  'stall: health answered 503 within',
  'csrf: forged requests refused 403',
  'captcha: misuse refused',
  'idempotency: key misuse refused',
  'rate limit: captcha limit / 429 after',
  'rate limit: registration limit / 429 after',
  'rate limit: spoofed XFF without TRUST_PROXY',
  'rate limit: shared over Redis (2 processes)',
  'attacker: windows',
  'attacker: attempts per window',
  'attacker: registrations per window (mean)',
  'attacker: bound (limit/4 + 3σ)',
  'logs: lines checked',
  'logs: lines not JSON',
  'logs: lines with personal data',
  'csp: violations in Chromium',
  'headers: problems (development)',
  'headers: problems (production)',
  'staff sign-in: failures before the account lock',
  'staff sign-in: right password held back in a delay or lock',
  'staff sign-in: free failures per address before delays',
  'staff routes × bad sessions refused 401',
  'staff admin routes refused to an agent',
  'staff CSRF: forged writes refused 403',
  'staff session fixation: planted id refused',
  'staff stored XSS: payloads shown as text / injected',
  'staff audit log: changes through the API refused',
  'staff logs: lines with a password, session id or personal value',
  'adversary: inputs tried',
  'adversary: 5xx',
  'adversary: 503 address_capacity (the budget, by contract)',
  'adversary: worst /api/health ms while drafts were checked (budget 100)',
  'adversary: slowest health answer during one save, and that draft',
  'adversary: slowest health answer during 20 saves and 10 publishes at once',
  'adversary: slowest health answer in the second after the last answer',
  'adversary: health asked / failed while drafts were checked',
  'adversary: peak server RSS MB (budget 512)',
  'adversary: paid map calls / budget',
  'adversary: server alive at the end',
];

export function recordFigure(db: string, name: string, value: number | string): void {
  appendFileSync(figuresFile, `${JSON.stringify({ db, name, value } satisfies Figure)}\n`);
}

export function readFigures(): Figure[] {
  if (!existsSync(figuresFile)) return [];
  return readFileSync(figuresFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Figure);
}

/** A Markdown table: one row per figure, one column per database (plus "any" for server-wide ones). */
export function renderFigures(figures: Figure[], header: string): string {
  const columns = [...new Set(figures.map((f) => f.db))].sort((a, b) => order(a) - order(b));
  const names = [...new Set(figures.map((f) => f.name))].sort((a, b) => rank(a) - rank(b));
  const cell = (name: string, db: string): string => {
    const values = figures.filter((f) => f.name === name && f.db === db).map((f) => String(f.value));
    return values.length === 0 ? '' : values.join(' / ');
  };
  const lines = [header, '', `| figure | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---:').join('|')}|`];
  for (const name of names) lines.push(`| ${name} | ${columns.map((db) => cell(name, db)).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

function order(db: string): number {
  return ['sqlite', 'postgres'].indexOf(db) === -1 ? 9 : ['sqlite', 'postgres'].indexOf(db);
}

function rank(name: string): number {
  const index = figureOrder.indexOf(name);
  return index === -1 ? figureOrder.length : index;
}
