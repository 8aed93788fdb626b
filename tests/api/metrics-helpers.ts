/** Reading Prometheus's text format in the metrics tests: samples by name and labels, and series. */
import type { FastifyInstance } from 'fastify';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = parseSamples(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Every series (name and labels, not the value) of the text. */
export function seriesOf(text: string): Set<string> {
  return new Set(parseSamples(text).map((sample) => `${sample.name}${JSON.stringify(sample.labels)}`));
}

/** GET /metrics on the app's own metrics listener. */
export async function scrape(app: FastifyInstance, token?: string): Promise<Response> {
  const port = app.metricsPort();
  if (port === undefined) throw new Error('the app has no metrics listener (METRICS_PORT)');
  return fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

export async function scrapeText(app: FastifyInstance): Promise<string> {
  const response = await scrape(app);
  if (response.status !== 200) throw new Error(`the metrics listener answered ${response.status}`);
  return response.text();
}
