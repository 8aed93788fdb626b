/**
 * The few W3C WebDriver commands the walks use, over plain fetch (https://www.w3.org/TR/webdriver2/):
 * sessions, windows, navigation, scripts, element click and keys, and input actions. WebKitGTK's
 * driver speaks only this classic HTTP protocol (no BiDi); a client library would add a dependency
 * tree for some fifteen one-line requests.
 */

/**
 * How a web element travels in JSON: the spec's identifier, or the misspelt one of older drivers
 * (WebKitWebDriver 2.50 answers with `a52e`). A reference goes back to the driver as it came.
 */
const ELEMENT_KEYS = ['element-6066-11e4-a52f-4f735466cecf', 'element-6066-11e4-a52e-4f735466cecf'] as const;
export type ElementReference = Partial<Record<(typeof ELEMENT_KEYS)[number], string>>;

export const isElementReference = (value: unknown): value is ElementReference =>
  typeof value === 'object' && value !== null && ELEMENT_KEYS.some((key) => key in value);

const elementId = (reference: ElementReference): string =>
  ELEMENT_KEYS.map((key) => reference[key]).find(Boolean) ?? '';

export class WebDriverSession {
  private constructor(
    private readonly driverURL: string,
    readonly id: string,
  ) {}

  static async start(driverURL: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const answer = (await send(driverURL, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } })) as {
      sessionId: string;
    };
    return new WebDriverSession(driverURL, answer.sessionId);
  }

  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send(this.driverURL, method, `/session/${this.id}${path}`, body) as Promise<T>;
  }

  /** Runs `code` (a function's source) in the page with `args`; element references pass both ways. */
  execute<T>(code: string, args: unknown[]): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script: `return (${code}).apply(null, arguments);`, args });
  }

  element(reference: ElementReference, command: string, body: unknown = {}): Promise<unknown> {
    return this.command('POST', `/element/${elementId(reference)}/${command}`, body);
  }

  async end(): Promise<void> {
    await this.command('DELETE', '');
  }
}

/** One request; a WebDriver error (a JSON `value.error`) becomes a thrown Error naming the command. */
async function send(driverURL: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${driverURL}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: unknown };
  const value = answer.value as { error?: string; message?: string } | null;
  if (!response.ok || (value && typeof value === 'object' && 'error' in value && value.error)) {
    throw new Error(`WebDriver ${method} ${path}: ${value?.error ?? response.status} ${value?.message ?? ''}`.trim());
  }
  return answer.value;
}

/** The driver is up and has no session (WebKitWebDriver serves one session at a time). */
export async function waitForDriver(driverURL: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const status = (await send(driverURL, 'GET', '/status')) as { ready?: boolean };
      if (status.ready) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`WebDriver at ${driverURL} not ready within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** WebDriver's code points for the keys the walks press. */
export const KEYS = { ArrowUp: '\uE013', Escape: '\uE00C' } as const;
