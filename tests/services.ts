/**
 * The outside services some tests need, named by environment variables. Run locally without one,
 * a test that needs it is skipped and prints why; under CI=true it fails instead, because .ci/run
 * always starts PostgreSQL and Redis, so a missing variable there means a broken pipeline, not a
 * machine without the service.
 */
const services = {
  TEST_DATABASE_URL: 'PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test)',
  TEST_REDIS_URL: 'Redis (e.g. redis://127.0.0.1:6379)',
} as const;

export type ServiceVariable = keyof typeof services;

/** The service's URL, or undefined after saying which tests will not run. */
export function serviceUrl(variable: ServiceVariable, whatNeedsIt: string): string | undefined {
  const url = process.env[variable];
  if (url) return url;
  const reason = `${whatNeedsIt} needs ${services[variable]}: set ${variable} to run it.`;
  if (process.env.CI === 'true') throw new Error(`${reason} CI always provides it, so its absence fails the run.`);
  console.warn(`skipped: ${reason}`);
  return undefined;
}
